import Foundation
import Testing
import Recording

/// One malformed file and the exact message it must produce.
struct MalformedJSONLines: Sendable, CustomStringConvertible {
    var name: String
    var lines: [String]
    var message: String
    var description: String { name }

    static let pose = "\"pose\":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1]"
    static let camera = "\(pose),\"fx\":1000,\"fy\":1000,\"cx\":720,\"cy\":960,\"width\":1440,\"height\":1920"
    static let header = #"{"type":"header","format":"spatial-eval-jsonl","version":1,"meta":{"device":"test"}}"#

    /// A frame record; `extra` is spliced in before the closing brace.
    static func frame(_ number: Int, t: String, _ extra: String = "") -> String {
        #"{"type":"frame","frame":\#(number),"t":\#(t),\#(camera)\#(extra)}"#
    }

    static func detection(_ fields: String) -> String { #","detections":[\#(fields)]"# }

    static let okDetection = #"{"label":"cup","score":0.9,"box":[1,2,3,4]}"#

    static func grid(_ override: String) -> String {
        let base = #""rows":2,"cols":2,"u":[1,2,3,4],"v":[1,2,3,4],"lidar_depth":[1,null,2,3],"#
            + #""lidar_confidence":[0,1,2,2],"inverse_depth":[1,1,1,1],"in_mask":[1,1,0,0]"#
        return detection(#"{"label":"cup","score":0.9,"box":[1,2,3,4],"depth":{\#(base),\#(override)}}"#)
    }
}

@Suite struct JSONLinesErrorTests {
    typealias Case = MalformedJSONLines

    static let cases: [Case] = [
        Case(name: "box of three numbers",
             lines: [Case.header, "", Case.frame(1, t: "0.1", Case.detection(Case.okDetection + #",{"label":"cup","score":1,"box":[1,2,3]}"#))],
             message: "x.jsonl:3: detections[1].box: expected 4 numbers, found 3"),
        Case(name: "NaN time", lines: [Case.frame(1, t: "NaN")],
             message: "x.jsonl:1: t: NaN is not a finite number (NaN and infinities are rejected)"),
        Case(name: "overflowing time", lines: [Case.frame(1, t: "1e999")],
             message: "x.jsonl:1: t: 1e999 is not a finite number (NaN and infinities are rejected)"),
        Case(name: "infinite pose element",
             lines: [#"{"type":"frame","frame":1,"t":0,"pose":[1,0,0,Infinity]}"#],
             message: "x.jsonl:1: pose: Infinity is not a finite number (NaN and infinities are rejected)"),
        Case(name: "time as text", lines: [Case.frame(1, t: "\"0.5\"")], message: "x.jsonl:1: t: expected a number"),
        Case(name: "repeated time", lines: [Case.frame(1, t: "0.5"), Case.frame(2, t: "0.5")],
             message: "x.jsonl:2: t: 0.5 is not after 0.5, the t of frame 1 on line 1"),
        Case(name: "frame numbers going back", lines: [Case.frame(4, t: "0.5"), Case.frame(3, t: "0.6")],
             message: "x.jsonl:2: frame: 3 is not after frame 4 on line 1"),
        Case(name: "fractional frame number", lines: [Case.frame(1, t: "0").replacingOccurrences(of: "\"frame\":1", with: "\"frame\":1.5")],
             message: "x.jsonl:1: frame: expected an integer, found 1.5"),
        Case(name: "short pose", lines: [Case.frame(1, t: "0").replacingOccurrences(of: "0,0,0,1]", with: "0,0,1]")],
             message: "x.jsonl:1: pose: expected 16 numbers, found 15"),
        Case(name: "missing focal length", lines: [Case.frame(1, t: "0").replacingOccurrences(of: "\"fy\":1000,", with: "")],
             message: "x.jsonl:1: fy: missing"),
        Case(name: "unknown tracking state", lines: [Case.frame(1, t: "0", #","tracking":"lost""#)],
             message: "x.jsonl:1: tracking: expected one of normal, limited, not_available, found 'lost'"),
        Case(name: "embedding with text", lines: [Case.frame(1, t: "0", Case.detection(#"{"label":"cup","score":0.9,"box":[1,2,3,4],"embedding":[0.5,"x"]}"#))],
             message: "x.jsonl:1: detections[0].embedding[1]: expected a number"),
        Case(name: "grid array of the wrong length", lines: [Case.frame(1, t: "0", Case.grid(#""gt_depth":[1,2,3]"#))],
             message: "x.jsonl:1: detections[0].depth.gt_depth: expected 4 values (2 × 2), found 3"),
        Case(name: "confidence byte out of range", lines: [Case.frame(1, t: "0", Case.grid(#""gt_depth":[1,2,3,300]"#).replacingOccurrences(of: "[0,1,2,2]", with: "[0,1,2,300]"))],
             message: "x.jsonl:1: detections[0].depth.lidar_confidence[3]: expected an integer 0…255, found 300"),
        Case(name: "sample beyond float32", lines: [Case.frame(1, t: "0", Case.grid(#""gt_depth":[1,2,3,1e40]"#))],
             message: "x.jsonl:1: detections[0].depth.gt_depth[3]: 1e+40 is outside the float32 range"),
        Case(name: "duplicate detection id",
             lines: [Case.frame(1, t: "0", Case.detection(#"{"id":5,"label":"cup","score":0.9,"box":[1,2,3,4]}"#)),
                     Case.frame(2, t: "1", Case.detection(#"{"id":5,"label":"cup","score":0.9,"box":[1,2,3,4]}"#))],
             message: "x.jsonl:2: detections[0].id: 5 is already the id of a detection on line 1"),
        Case(name: "header after a frame", lines: [Case.frame(1, t: "0"), Case.header],
             message: "x.jsonl:2: type: a header must be the first record"),
        Case(name: "unsupported version", lines: [#"{"type":"header","version":3}"#],
             message: "x.jsonl:1: version: 3 is not supported; this tool reads versions 1, 2"),
        Case(name: "unknown record type", lines: [#"{"type":"pose"}"#],
             message: "x.jsonl:1: type: unknown record type 'pose' (expected one of header, frame, observation, decision, lidar_map, gt_object, gt_placement, gt_box, guidance_request, mark, recorder)"),
        Case(name: "gt box of an unknown object",
             lines: [Case.frame(1, t: "0"), #"{"type":"gt_object","object":1,"label":"cup","extent":[0.1,0.1,0.1]}"#,
                     #"{"type":"gt_box","frame":1,"object":2,"box":[1,2,3,4]}"#],
             message: "x.jsonl:3: object: 2 is not a gt_object of this file"),
        Case(name: "placement before its object is fine, observation of a missing frame is not",
             lines: [#"{"type":"gt_placement","object":1,"from_t":0,"position":[0,0,0]}"#,
                     #"{"type":"gt_object","object":1,"label":"cup","extent":[0.1,0.1,0.1]}"#, Case.frame(1, t: "0"),
                     #"{"type":"observation","frame":7,"instance":"a","kind":"create","raw":[0,0,0],"after":[0,0,0]}"#],
             message: "x.jsonl:4: frame: 7 is not a frame of this file"),
        Case(name: "cut-off line", lines: [Case.frame(1, t: "0"), String(Case.frame(2, t: "1").dropLast())],
             message: "x.jsonl:2: not valid JSON: Unexpected end of file during JSON parse."),
        Case(name: "not an object", lines: ["[1,2]"], message: "x.jsonl:1: expected an object"),
    ]

    @Test(arguments: cases)
    func malformedFileNamesFileLineAndField(_ example: Case) throws {
        let text = example.lines.joined(separator: "\n") + "\n"
        let error = #expect(throws: InputError.self) { try JSONLinesRecording.parse(Data(text.utf8), path: "x.jsonl") }
        #expect(error?.description == example.message)
    }

    @Test func readingAFileNamesItsPathAndLine() throws {
        let path = RecordingFixtures.scratchDirectory() + "/bad.jsonl"
        try (Case.header + "\n" + Case.frame(1, t: "NaN") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let error = #expect(throws: InputError.self) { try JSONLinesRecording.read(path: path) }
        #expect(error?.file == path && error?.line == 2)
        #expect(error?.message.hasPrefix("t: NaN") == true)
        #expect(throws: InputError(file: path + ".missing", message: "no such file")) {
            try JSONLinesRecording.read(path: path + ".missing")
        }
    }

    @Test func validLinesAroundTheCasesParse() throws {
        let text = [Case.header, Case.frame(1, t: "0", Case.grid(#""gt_depth":[1,2,3,null]"#)), "  ", Case.frame(2, t: "1")]
            .joined(separator: "\r\n")
        let recording = try JSONLinesRecording.parse(Data(text.utf8), path: "x.jsonl")
        #expect(recording.meta == ["device": "test"] && recording.frames.count == 2)
        #expect(recording.depthGrids.first?.groundTruthDepth?.last?.isNaN == true)
    }
}
