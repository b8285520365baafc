import Foundation
import EvalNumerics
@testable import Recording
import TestSupport
import Testing

@Suite("MOTChallenge reader")
struct MOTChallengeReaderTests {
    private func parse(_ text: String) throws(InputError) -> MOTRows {
        try MOTChallengeReader.parse(Data(text.utf8), path: "t.txt")
    }

    @Test("commas, spaces, tabs, CRLF, trailing commas and blank lines")
    func separators() throws {
        let rows = try parse("1,2,10.5,20,30,40,1,-1,-1,-1\r\n\n2 3\t1 2 3 4 0.5,\n3, 4, 5, 6, 7, 8, -1, 1,\n")
        #expect(rows.count == 3)
        #expect(rows.frame == [1, 2, 3])
        #expect(rows.id == [2, 3, 4])
        #expect(rows.left == [10.5, 1, 5])
        #expect(rows.confidence == [1, 0.5, -1])
        #expect(rows.line == [1, 3, 4])
        #expect(rows.classId[0] == -1 && rows.classId[1].isNaN && rows.classId[2] == 1)
    }

    @Test("frame and id are truncated like int(float(text))")
    func truncation() throws {
        let rows = try parse("3.9,-2.7,0,0,1,1,1\n")
        #expect(rows.frame == [3])
        #expect(rows.id == [-2])
    }

    @Test("decimal conversion is correctly rounded (fast path agrees with Double(String))")
    func decimals() throws {
        var random = SplitMix64(seed: 11)
        var lines: [String] = []
        var expected: [Double] = []
        for index in 0..<2000 {
            let text: String
            switch index % 4 {
            case 0: text = String(format: "%.2f", random.nextUnit() * 2000 - 100)
            case 1: text = String(format: "%.17g", random.nextUnit() * 1e6)
            case 2: text = "\(random.next() % 100_000_000_000_000_000)"
            default: text = String(format: "%.6e", random.nextUnit() * 1e-3)
            }
            lines.append("1,1,\(text),0,1,1,1")
            expected.append(Double(text)!)
        }
        let rows = try parse(lines.joined(separator: "\n"))
        #expect(rows.left.map(\.bitPattern) == expected.map(\.bitPattern))
    }

    @Test("defects name the file and line", arguments: [
        ("1,1,0,0,1,1\n", 1, "6 columns; a MOTChallenge row needs at least 7 (frame, id, left, top, width, height, conf)"),
        ("1,1,0,0,1,1,1\n2,1,nan,0,1,1,1\n", 2, "left is nan, not a finite number"),
        ("1,1,0,0,-1,1,1\n", 1, "negative box size (width -1.0, height 1.0)"),
        ("1,1,0,0,1,1,1\n\n1,x,0,0,1,1,1\n", 3, "field 2 is not a number: 'x'"),
        ("1,,0,0,1,1,1\n", 1, "empty field 2"),
        ("1,1,0,0,inf,1,1\n", 1, "width is inf, not a finite number"),
    ])
    func defects(text: String, line: Int, message: String) {
        #expect(throws: InputError(file: "t.txt", line: line, message: message)) { try parse(text) }
    }

    @Test("an empty file has no rows; a missing file is an error naming it")
    func emptyAndMissing() throws {
        #expect(try parse("").count == 0)
        #expect(throws: InputError(file: "/nonexistent/gt.txt", message: "no such file")) {
            try MOTChallengeReader.read(path: "/nonexistent/gt.txt")
        }
    }
}

@Suite("Sequence files")
struct SequenceFilesTests {
    @Test("seqinfo.ini: seqLength is required and must be a positive integer")
    func sequenceInfo() throws {
        let info = try SequenceInfo.parse("[Sequence]\nname=A\nseqLength=42\nimWidth=640\nimHeight=480\n", path: "s.ini")
        #expect(info == SequenceInfo(name: "A", length: 42, imageWidth: 640, imageHeight: 480))
        #expect(throws: InputError(file: "s.ini", message: "no seqLength in a [Sequence] section")) {
            try SequenceInfo.parse("[Other]\nseqLength=4\n", path: "s.ini")
        }
        #expect(throws: InputError(file: "s.ini", line: 2, message: "seqLength 'ten' is not an integer")) {
            try SequenceInfo.parse("[Sequence]\nseqLength=ten\n", path: "s.ini")
        }
    }

    @Test("a benchmark layout is found in byte order; missing files are named")
    func benchmarkLayout() throws {
        let folder = try TemporaryDirectory()
        for name in ["b", "a", "B"] {
            try folder.write("1,1,0,0,1,1,1\n", to: "gt/\(name)/gt/gt.txt")
            try folder.write("[Sequence]\nseqLength=1\n", to: "gt/\(name)/seqinfo.ini")
            try folder.write("", to: "trk/\(name).txt")
        }
        let sources = try MOTSequenceSource.benchmark(at: folder.file("gt"), tracker: folder.file("trk"))
        #expect(sources.map(\.name) == ["B", "a", "b"])
        try FileManager.default.removeItem(atPath: folder.file("trk/a.txt"))
        #expect(throws: InputError(file: folder.file("trk/a.txt"), message: "tracker file not found for sequence 'a'")) {
            try MOTSequenceSource.benchmark(at: folder.file("gt"), tracker: folder.file("trk"))
        }
    }
}

@Suite("Block-wise reading")
struct BlockwiseReadingTests {
    @Test("lines straddling block boundaries read the same as the whole file", arguments: [1, 2, 3, 7, 64])
    func blocks(blockSize: Int) throws {
        let folder = try TemporaryDirectory()
        var text = ""
        for row in 1...40 { text += "\(row),\(row % 7),\(Double(row) * 1.25),2,30,40,1,-1,-1,-1\r\n" }
        text += "\n41,1,0,0,1,1,1"  // a blank line, and no newline at the end
        let path = try folder.write(text, to: "rows.txt")
        let whole = try MOTChallengeReader.parse(Data(text.utf8), path: path)
        let blockwise = try MOTChallengeReader.read(path: path, blockSize: blockSize)
        var comparable = blockwise, reference = whole
        #expect(comparable.classId.map(\.bitPattern) == reference.classId.map(\.bitPattern))
        comparable.classId = []  // NaN (no class column) never equals itself
        reference.classId = []
        #expect(comparable == reference)
        #expect(blockwise.count == 41)
        #expect(blockwise.line.last == 42)
        let broken = try folder.write(text.replacingOccurrences(of: "17,3,", with: "17,x,"), to: "broken.txt")
        #expect(throws: InputError(file: broken, line: 17, message: "field 2 is not a number: 'x'")) {
            try MOTChallengeReader.read(path: broken, blockSize: blockSize)
        }
    }
}
