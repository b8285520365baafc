import EvalMetrics
import Recording
import Testing

@Suite("Point frames CSV (the 3-D dump)")
struct PointFramesCSVTests {
    static func parse(_ text: String) throws(InputError) -> [PointFrame] {
        try PointFramesCSV.frames(of: try CSVTable(text: text, file: "p.csv"))
    }

    @Test("writing then reading gives the same frames: order, empty frames, doubles to the last bit")
    func roundTrip() throws {
        let frames = [
            PointFrame(frame: 0, truth: [], hypotheses: []),
            PointFrame(frame: 3, truth: [TrackedPoint(id: 7, position: [0.1 + 0.2, -0.0, 1e-300]), TrackedPoint(id: -2, position: [1e22, 0.35, -4.903637189707303])],
                       hypotheses: [TrackedPoint(id: 12, position: [.pi, .ulpOfOne, -.greatestFiniteMagnitude])]),
            PointFrame(frame: 4, truth: [], hypotheses: [TrackedPoint(id: 1, position: [1, 2, 3]), TrackedPoint(id: 0, position: [3, 2, 1])]),
            PointFrame(frame: 9, truth: [TrackedPoint(id: 1, position: [1, 2, 3])], hypotheses: []),
        ]
        let text = PointFramesCSV.text(frames)
        #expect(text.hasPrefix("frame,kind,id,x,y,z\n0,empty,,,,\n3,truth,7,"))
        let read = try Self.parse(text)
        #expect(read == frames)
        #expect(read[1].truth[0].position.x.bitPattern == (0.1 + 0.2).bitPattern)
        #expect(read[1].truth[0].position.y.sign == .minus)
    }

    @Test("columns in any order; truth and hypothesis rows may interleave, each kind keeping its order")
    func columnOrder() throws {
        let frames = try Self.parse("kind,frame,x,y,z,id\nhypothesis,1,0,0,0,5\ntruth,1,1,1,1,2\nhypothesis,1,2,2,2,4\n")
        #expect(frames.count == 1 && frames[0].hypotheses.map(\.id) == [5, 4] && frames[0].truth.map(\.id) == [2])
    }

    @Test("bad input names the file, the line and what is wrong", arguments: [
        ("frame,kind,id,x,y\n1,truth,1,0,0\n", 1, "no column 'z'"),
        ("frame,kind,id,x,y,z,w\n1,truth,1,0,0,0,0\n", 1, "unknown column 'w'"),
        ("frame,kind,id,x,y,z\n1,object,1,0,0,0\n", 2, "kind 'object'"),
        ("frame,kind,id,x,y,z\n2,truth,1,0,0,0\n1,truth,1,0,0,0\n", 3, "frame 1 comes after frame 2"),
        ("frame,kind,id,x,y,z\n1,truth,1,0,0,0\n2,truth,1,0,0,0\n1,truth,2,0,0,0\n", 4, "frames must increase"),
        ("frame,kind,id,x,y,z\n1,truth,1,0,0,0\n1,empty,,,,\n", 3, "'empty' row beside other rows"),
        ("frame,kind,id,x,y,z\n1,empty,,,,\n1,truth,1,0,0,0\n", 3, "'empty' row beside other rows"),
        ("frame,kind,id,x,y,z\n1,empty,3,,,\n", 2, "leaves id empty"),
        ("frame,kind,id,x,y,z\n1,truth,1,0,0,0\n1,truth,1,1,1,1\n", 3, "truth 1 appears twice in frame 1"),
        ("frame,kind,id,x,y,z\n1,truth,1,nan,0,0\n", 2, "x 'nan' is not a finite number"),
        ("frame,kind,id,x,y,z\n1,truth,1.5,0,0,0\n", 2, "id '1.5' is not an integer"),
        ("frame,kind,id,x,y,z\n1,truth,1,0,,0\n", 2, "y '' is not a finite number"),
        ("frame,kind,id,x,y,z\n", nil, "has a header but no frames"),
    ] as [(String, Int?, String)])
    func badInput(text: String, line: Int?, words: String) {
        #expect {
            _ = try Self.parse(text)
        } throws: { error in
            guard let error = error as? InputError else { return false }
            return error.file == "p.csv" && error.line == line && error.message.contains(words)
        }
    }

    @Test("at most 1000 points per kind and frame")
    func pointLimit() throws {
        var text = "frame,kind,id,x,y,z\n"
        for id in 0..<PointFramesCSV.maximumPointsPerSide { text += "1,hypothesis,\(id),0,0,0\n" }
        #expect(try Self.parse(text)[0].hypotheses.count == 1000)
        text += "1,hypothesis,1000,0,0,0\n"
        #expect {
            _ = try Self.parse(text)
        } throws: { error in
            (error as? InputError)?.line == 1002 && (error as? InputError)?.message.contains("more than 1000 hypothesis points") == true
        }
    }
}
