import Foundation
import EvalResults
import EvalJobs
import EvalReports
import EvalCommandLine
import TestSupport
import Testing

/// A three-frame JSON Lines export with a tracked cup, its ground truth and a depth grid.
private func appExport(boxX: Double = 100) -> String {
    let camera = #""pose":[1,0,0,0,0,1,0,1.4,0,0,1,0,0,0,0,1],"fx":1450,"fy":1450,"cx":720,"cy":960,"width":1440,"height":1920"#
    let grid = #""depth":{"rows":1,"cols":2,"u":[110,130],"v":[220,220],"lidar_depth":[1.5,null],"#
        + #""lidar_confidence":[2,0],"inverse_depth":[0.7,0.6],"in_mask":[1,0]}"#
    var lines = [#"{"type":"header","format":"spatial-eval-jsonl","version":1,"meta":{"source":"app","device":"iPhone"}}"#,
                 #"{"type":"gt_object","object":3,"label":"cup","extent":[0.08,0.1,0.08]}"#]
    for frame in 1...3 {
        let x = boxX + Double(frame)
        lines.append(#"{"type":"frame","frame":\#(frame),"t":\#(Double(frame) / 30),\#(camera),"detections":[{"label":"cup","#
            + #""score":0.9,"box":[\#(x),200,40,50],"track_id":7,"embedding":[0.5,-0.25],\#(grid)}]}"#)
        lines.append(#"{"type":"gt_box","frame":\#(frame),"object":3,"box":[\#(x + 1),201,40,50],"visibility":0.75}"#)
    }
    return lines.joined(separator: "\n") + "\n"
}

@Suite("import and export commands")
struct ImportExportCommandTests {
    @Test("JSON Lines import writes a valid recording; export --jsonl gives the same lines back")
    func jsonLinesRoundTrip() throws {
        let folder = try TemporaryDirectory()
        let source = try folder.write(appExport(), to: "app.jsonl")
        let run = runTool(["import", "--jsonl", source, "--out", folder.file("rec.sqlite")])
        #expect(run.status == 0, "\(run.output.standardError)")
        #expect(run.output.standardOutput.contains("3 frames, 3 detections, 3 depth grids, 1 gt objects, 3 gt boxes"))
        #expect(runTool(["inspect", folder.file("rec.sqlite")]).status == 0)

        #expect(runTool(["export", "--jsonl", folder.file("rec.sqlite"), "--out", folder.file("again.jsonl")]).status == 0)
        #expect(runTool(["import", "--jsonl", folder.file("again.jsonl"), "--out", folder.file("again.sqlite")]).status == 0)
        let first = try Data(contentsOf: URL(fileURLWithPath: folder.file("rec.sqlite")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file("again.sqlite"))) == first)
    }

    @Test("malformed JSON Lines: exit 1, file:line: field named, nothing written")
    func malformedJSONLines() throws {
        let folder = try TemporaryDirectory()
        let broken = appExport().replacingOccurrences(of: "\"box\":[102.0,200,40,50]", with: "\"box\":[102.0,200,40]")
        let source = try folder.write(broken, to: "app.jsonl")
        let run = runTool(["import", "--jsonl", source, "--out", folder.file("rec.sqlite")])
        #expect(run.status == 1)
        #expect(run.output.standardError == "error: \(source):5: detections[0].box: expected 4 numbers, found 3\n")
        #expect(try folder.entries() == ["app.jsonl"])
    }

    @Test("validation problems stop the import unless --allow-invalid")
    func invalidContent() throws {
        let folder = try TemporaryDirectory()
        let source = try folder.write(appExport(boxX: 1_430), to: "app.jsonl")  // boxes leave the image
        let refused = runTool(["import", "--jsonl", source, "--out", folder.file("rec.sqlite")])
        #expect(refused.status == 1)
        #expect(refused.output.standardError.contains("error: \(source): detections:1: "))
        #expect(try folder.entries() == ["app.jsonl"])
        let allowed = runTool(["import", "--jsonl", source, "--out", folder.file("rec.sqlite"), "--allow-invalid"])
        #expect(allowed.status == 0 && allowed.output.standardError.contains("warning: "))
        #expect(runTool(["inspect", folder.file("rec.sqlite")]).status == 1)
    }

    @Test("TUM poses with MOTChallenge files import, export to the same rows, and score")
    func trajectoryAndMOT() throws {
        let folder = try TemporaryDirectory()
        let poses = try folder.write("0.0 0 1.5 0 0 0 0 1\n0.04 0.01 1.5 0 0 0 0 1\n0.08 0.02 1.5 0 0 0 0 1\n", to: "poses.txt")
        let gtText = "1,1,100,200,50,120,1,1,1\n2,1,104.5,201,50,120,1,1,1\n3,1,108.25,202,50,120,1,1,1\n"
        let hypText = "1,7,101,199,49,121,0.93,-1,-1,-1\n2,7,105,200,50,120,0.88,-1,-1,-1\n"
        let gt = try folder.write(gtText, to: "gt.txt")
        let hyp = try folder.write(hypText, to: "hyp.txt")
        let recording = folder.file("rec.sqlite")
        let run = runTool(["import", "--tum", poses, "--mot-gt", gt, "--mot-hyp", hyp, "--fx", "1000",
                           "--width", "1920", "--height", "1080", "--out", recording])
        #expect(run.status == 0, "\(run.output.standardError)")
        #expect(runTool(["inspect", recording]).status == 0)

        let exported = runTool(["export", "--mot", recording, "--out", folder.file("mot")])
        #expect(exported.status == 0, "\(exported.output.standardError)")
        #expect(try String(contentsOfFile: folder.file("mot/gt.txt"), encoding: .utf8) == gtText)
        #expect(try String(contentsOfFile: folder.file("mot/hyp.txt"), encoding: .utf8) == hypText)
        #expect(try String(contentsOfFile: folder.file("mot/seqinfo.ini"), encoding: .utf8).contains("seqLength=3"))
        let scored = runTool(["score-mot", "--gt", folder.file("mot/gt.txt"), "--hyp", folder.file("mot/hyp.txt"),
                              "--seq-length", "3", "--format", "csv"])
        #expect(scored.status == 0, "\(scored.output.standardError)")
    }

    @Test("a MOTChallenge frame without a pose: exit 1 naming file and line")
    func frameWithoutPose() throws {
        let folder = try TemporaryDirectory()
        let poses = try folder.write("0.0 0 1.5 0 0 0 0 1\n0.04 0.01 1.5 0 0 0 0 1\n", to: "poses.txt")
        let gt = try folder.write("1,1,100,200,50,120,1,1,1\n5,1,104,201,50,120,1,1,1\n", to: "gt.txt")
        let run = runTool(["import", "--tum", poses, "--mot-gt", gt, "--fx", "1000", "--width", "1920", "--height", "1080",
                           "--out", folder.file("rec.sqlite")])
        #expect(run.status == 1)
        #expect(run.output.standardError.hasPrefix("error: \(gt):2: frame 5 has no pose"))
        #expect(!FileManager.default.fileExists(atPath: folder.file("rec.sqlite")))
    }

    @Test("bench-load prints the timing as JSON")
    func benchLoad() throws {
        let folder = try TemporaryDirectory()
        let source = try folder.write(appExport(), to: "app.jsonl")
        #expect(runTool(["import", "--jsonl", source, "--out", folder.file("rec.sqlite")]).status == 0)
        let run = runTool(["bench-load", folder.file("rec.sqlite"), "--runs", "3"])
        #expect(run.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(run.output.standardOutput.utf8)) as? [String: Any]
        #expect((json?["runs_s"] as? [Double])?.count == 3)
        #expect(json?["detections"] as? Int == 3 && json?["depth_grids"] as? Int == 3)
    }

    static let usageMistakes: [[String]] = [
        ["import", "--out", "x.sqlite"], ["import", "--jsonl", "a.jsonl"],
        ["import", "--jsonl", "a.jsonl", "--tum", "p.txt", "--out", "x.sqlite"],
        ["import", "--tum", "p.txt", "--out", "x.sqlite"], ["import", "--tum", "p.txt", "--fx", "0", "--out", "x"],
        ["import", "--tum", "p.txt", "--fx", "1000", "--width", "10", "--height", "10", "--extent", "1,2", "--out", "x"],
        ["import", "--jsonl", "a.jsonl", "--fx", "1000", "--out", "x.sqlite"], ["import", "extra", "--jsonl", "a", "--out", "x"],
        ["export", "--mot", "r.sqlite"], ["export", "--out", "d"], ["export", "--mot", "r", "--jsonl", "r", "--out", "d"],
        ["export", "--jsonl", "r", "--out", "f", "--label", "cup"], ["export", "--mot", "r", "--out", "d", "--min-visibility", "x"],
        ["bench-load"], ["bench-load", "r.sqlite", "--runs", "0"],
    ]

    @Test("usage mistakes exit 64", arguments: usageMistakes)
    func usage(_ arguments: [String]) {
        let run = runTool(arguments)
        #expect(run.status == 64, "\(run.output.standardError)")
    }

    @Test("missing input files exit 1")
    func missingFiles() throws {
        let folder = try TemporaryDirectory()
        for arguments in [["import", "--jsonl", folder.file("no.jsonl"), "--out", folder.file("x.sqlite")],
                          ["export", "--mot", folder.file("no.sqlite"), "--out", folder.file("d")],
                          ["bench-load", folder.file("no.sqlite")]] {
            let run = runTool(arguments)
            #expect(run.status == 1 && run.output.standardError.contains("no such file"), "\(arguments)")
        }
        #expect(try folder.entries() == [])
    }
}
