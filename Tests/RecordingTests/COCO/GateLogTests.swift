import Foundation
import Recording
import Testing

@Suite("Gate log lines")
struct GateLogTests {
    private func parse(_ text: String) -> GateLog { GateLog.parse(Data(text.utf8), file: "app.log") }

    @Test("labels with spaces, a prefix before the first token, CRLF, joined units, key=value fields")
    func parses() {
        let log = parse("12:00:01.5 DetectCamera[42] GATE begin rfdetr-nano units=pixels\r\n"
            + "GATE det traffic light 0.71 300 40 20 60\r\n"
            + "GATE det 2 cell phone 0.5 1 2 3 4\n"
            + "GATE end 2\n"
            + "STATS median 24.7ms 36.2fps n=120 thermal=fair unit=gpu\n"
            + "noise STATS median 25 ms 33 fps\n")
        #expect(log.allUnparsed.isEmpty)
        #expect(log.blocks.count == 1)
        let block = log.blocks[0]
        #expect(block.model == "rfdetr-nano" && block.settings == ["units": "pixels"])
        #expect(block.detections.map(\.label) == ["traffic light", "2 cell phone"])
        #expect(block.detections[0].box == COCOBox(x: 300, y: 40, width: 20, height: 60))
        #expect(block.isWellFormed)
        #expect(log.windows.map(\.medianMilliseconds) == [24.7, 25])
        #expect(log.windows[0].fields["thermal"] == "fair")
    }

    @Test("a decimal comma, four numbers, nan, a count mismatch: listed as unparsed with the line, the block fails")
    func rejects() {
        let log = parse("GATE det cup 0,81 5 5 10 10\nGATE det cup 5 5 10 10\nGATE det cup nan 1 1 1 1\nGATE det 1 2 3 4 5 6\nGATE end 3\n"
            + "STATS median 1,5 ms 3 fps\nSTATS median 2 ms 3 fps thermal=hot\n")
        #expect(log.allUnparsed.map(\.line) == [1, 2, 3, 4, 6, 7])
        #expect(log.allUnparsed[0].description.hasPrefix("app.log:1: "))
        #expect(log.blocks.count == 1 && !log.blocks[0].isWellFormed)
        #expect(log.blocks[0].declaredCount == 3 && log.blocks[0].detections.isEmpty)
    }

    @Test("det lines without begin form one block up to the end; invalid UTF-8 is replaced, not fatal")
    func implicitBlock() {
        var data = Data("GATE det person 0.9 1 1 5 5\n".utf8)
        data.append(contentsOf: [0xFF, 0x20])
        data.append(Data("GATE det person 0.8 9 9 5 5\n".utf8))
        let log = GateLog.parse(data, file: "app.log")
        #expect(log.blocks.count == 1 && log.blocks[0].model == nil && log.blocks[0].detections.count == 2)
    }
}
