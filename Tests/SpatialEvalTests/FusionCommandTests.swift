import Foundation
import EvalNumerics
import Recording
import Replay
@testable import EvalResults
@testable import EvalJobs
@testable import EvalReports
@testable import EvalCommandLine
import TestSupport
import Testing

@Suite("Depth fusion commands and the fusion section of run")
struct FusionCommandTests {
    /// An exactly affine frame (d = 2/z − 0.1) with one gross outlier, as fit-depth CSV.
    static func affineFrame() -> String {
        var lines = ["depth,inverse_depth,confidence,mask"]
        for k in 0..<40 {
            let z = 1.0 + Double(k) * 0.05
            lines.append("\(k == 3 ? z * 2 : z),\(2 / z - 0.1),2,1")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("fit-depth prints every variant as JSON; the app's fit drops the outlier and recovers s = 0.5, t = 0.05")
    func fitDepthJSON() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(Self.affineFrame(), to: "frame.csv")
        let run = runTool(["fit-depth", "--pairs", path, "--variant", "all", "--format", "json"])
        #expect(run.status == 0, "\(run.output.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.output.standardOutput.utf8)) as? [String: Any])
        let fits = try #require(json["fits"] as? [[String: Any]])
        #expect(fits.map { $0["variant"] as? String } == DepthFusionVariantNames.all)
        let app = try #require(fits.first { $0["variant"] as? String == "affine-inverse-2sigma" })
        #expect(abs((app["scale"] as? Double ?? 0) - 0.5) < 1e-9 && abs((app["shift"] as? Double ?? 0) - 0.05) < 1e-9)
        #expect(app["inliers"] as? Int == 39 && app["pairs"] as? Int == 40)
        let table = runTool(["fit-depth", "--pairs", path])
        #expect(table.status == 0 && table.output.standardOutput.contains("affine-inverse-2sigma: scale"))
    }

    @Test("Bad pair files exit 1 naming the file and line; usage mistakes exit 64",
          arguments: [("depth,inverse_depth\n1.0,0.5\n2.0,abc\n", ":3: inverse_depth 'abc'"),
                      ("depth,inverse_depth,confidence\n1.0,0.5,3\n", ":2: confidence '3'"),
                      ("depth,inv\n1,2\n", ":1: unknown column 'inv'"),
                      ("depth,inverse_depth\n1.0\n", ":2: expected 2 fields")])
    func badPairs(text: String, message: String) throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(text, to: "bad.csv")
        let run = runTool(["fit-depth", "--pairs", path])
        #expect(run.status == 1)
        #expect(run.output.standardError.contains(path + message), "\(run.output.standardError)")
        #expect(runTool(["fit-depth", "--pairs", path, "--variant", "nope"]).status == 64)
        #expect(runTool(["fit-depth"]).status == 64)
    }

    @Test("paired-test reports Wilcoxon and both intervals; a bad row names its line")
    func pairedTest() throws {
        let folder = try TemporaryDirectory()
        let rows = (0..<20).map { "\(Double($0) * 0.1),\(Double($0) * 0.1 + (($0 % 3 == 0) ? -0.05 : 0.2) + Double($0) * 0.001)" }
        let path = try folder.write((["a,b"] + rows).joined(separator: "\n") + "\n", to: "ab.csv")
        let run = runTool(["paired-test", "--pairs", path, "--format", "json"])
        #expect(run.status == 0, "\(run.output.standardError)")
        #expect(run.output.standardOutput.contains("\"method\": \"exact\""))
        let bad = try folder.write("a,b\n1,2\n3,x\n", to: "bad.csv")
        let failed = runTool(["paired-test", "--pairs", bad])
        #expect(failed.status == 1 && failed.output.standardError.contains("bad.csv:3:"))
    }

    @Test("agree-depth: an affine copy has r = 1; NaN rows are skipped; a missing column names line 1")
    func agreeDepth() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("low,high\n2.0,1.0\n3.0,1.5\nnan,2.0\n4.4,2.2\n", to: "agree.csv")
        let run = runTool(["agree-depth", "--pairs", path, "--format", "json"])
        #expect(run.status == 0, "\(run.output.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.output.standardOutput.utf8)) as? [String: Any])
        #expect(json["n"] as? Int == 3 && abs((json["pearson_r"] as? Double ?? 0) - 1) < 1e-12)
        #expect(abs((json["mean_abs_percent_difference"] as? Double ?? 0) - 100) < 1e-9)
        let bad = try folder.write("low,hi\n1,2\n", to: "bad.csv")
        let failed = runTool(["agree-depth", "--pairs", bad])
        #expect(failed.status == 1 && failed.output.standardError.contains("bad.csv:1:"))
    }

    @Test("The study's anchor error is |ẑ − g| times the length of the pixel's ray; edge distances span 0…7")
    func studyGeometry() throws {
        let recording = try RecordingStore.read(from: RunReportTests.repository + "/Data/recordings/twins-moved.sqlite")
        let results = FusionStudy.run([("twins-moved", recording)], configuration: .init(),
                                      settings: FusionStudySettings(variants: [.app, .lidarMedian]), bootstrap: BootstrapSettings(replicates: 50))
        #expect(results.boxes.detection.count > 10 && results.variants.count == 2 && results.summaries.count == 2)
        #expect(results.comparisons.map(\.metric) == ["abs_box_error_m", "anchor_error_m", "sample_abs_rel"])
        #expect(Set(results.samples.edgeDistance) == Set(0...7))
        let frames = Dictionary(uniqueKeysWithValues: recording.frames.map { ($0.index, $0) })
        let grids = Dictionary(uniqueKeysWithValues: recording.depthGrids.map { ($0.detection, $0) })
        var fuser = VariantFuser()
        let app = results.variants[0]
        for k in results.boxes.detection.indices where app.depth[k].isFinite {
            let frame = frames[results.boxes.frame[k]]!, grid = grids[results.boxes.detection[k]]!
            let pixel = try #require(fuser.fuse(grid, variant: .app).maskCentroid)
            let i = frame.intrinsics
            let ray = SIMD3((pixel.x - i.cx) / i.fx, (pixel.y - i.cy) / i.fy, 1)
            let expected = abs(app.error[k]) * (ray * ray).sum().squareRoot()
            #expect(abs(app.anchorError[k] - expected) < 1e-9 * max(1, expected))
        }
    }

    @Test("run with a fusion section writes /fusion and a report section that re-renders byte-identically; compare reads two runs")
    func runWithFusion() throws {
        let folder = try TemporaryDirectory()
        let protocolPath = try RunReportTests.makeProtocol(
            in: folder, gates: "", extra: #""fusion": {"variants": ["affine-inverse-2sigma", "lidar-median", "huber"]},"#)
        let out = folder.file("out")
        let run = runTool(["run", protocolPath, "--out", out])
        #expect(run.status == 0, "\(run.output.standardError)")
        let markdown = try String(contentsOfFile: "\(out)/report.md", encoding: .utf8)
        #expect(markdown.contains("## Depth fusion: variants compared") && markdown.contains("| huber | abs_box_error_m |"))
        #expect(FileManager.default.fileExists(atPath: "\(out)/fusion-paired-box-error.svg"))
        let again = folder.file("again")
        #expect(runTool(["report", "\(out)/results.h5", "--out", again]).status == 0)
        #expect(try String(contentsOfFile: "\(again)/report.md", encoding: .utf8) == markdown)
        let same = runTool(["compare", "\(out)/results.h5", "\(out)/results.h5", "--format", "json"])
        #expect(same.status == 0, "\(same.output.standardError)")
        #expect(same.output.standardOutput.contains("no clear difference") && !same.output.standardOutput.contains("is lower"))
        // The same boxes with a 1σ cut: only the 2σ variant changes, huber and lidar-median do not.
        let tighterFolder = try TemporaryDirectory()
        let tighter = try RunReportTests.makeProtocol(
            in: tighterFolder, gates: "",
            extra: #""replay": {"depthFusion": {"outlierSigmas": 1}}, "fusion": {"variants": ["affine-inverse-2sigma", "lidar-median", "huber"]},"#)
        let tighterOut = folder.file("tighter")
        #expect(runTool(["run", tighter, "--out", tighterOut]).status == 0)
        let compare = runTool(["compare", "\(out)/results.h5", "\(tighterOut)/results.h5", "--format", "json"])
        #expect(compare.status == 0, "\(compare.output.standardError)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(compare.output.standardOutput.utf8)) as? [String: Any])["comparisons"]
            as? [[String: Any]]
        let app = try #require(rows?.first { $0["variant"] as? String == "affine-inverse-2sigma" && $0["metric"] as? String == "abs_box_error_m" })
        let huber = try #require(rows?.first { $0["variant"] as? String == "huber" && $0["metric"] as? String == "abs_box_error_m" })
        #expect((app["median"] as? [String: Any])?["estimate"] as? Double != nil && (app["n"] as? Int ?? 0) > 10)
        #expect(huber["p_value"] as? String == "NaN" && app["p_value"] as? Double != nil)
        let plainFolder = try TemporaryDirectory()
        let plain = try RunReportTests.makeProtocol(in: plainFolder, gates: "")
        let noFusion = folder.file("plain")
        #expect(runTool(["run", plain, "--out", noFusion]).status == 0)
        let missing = runTool(["compare", "\(out)/results.h5", "\(noFusion)/results.h5"])
        #expect(missing.status == 0 && missing.output.standardOutput.contains("fusion: not compared (\(noFusion)/results.h5 has no /fusion group)"))
    }

    @Test("A bad fusion section exits 1 naming the key", arguments: [
        (#""fusion": {"variants": ["huber"], "baseline": "ransac"},"#, "fusion.baseline"),
        (#""fusion": {"variants": ["nope"]},"#, "fusion.variants"),
        (#""fusion": {"depthBinEdges": [2, 1]},"#, "fusion.depthBinEdges"),
        (#""fusion": {"colour": 1},"#, "fusion.colour"),
        (#""fusion": {"settings": {"huberDelta": -1}},"#, "fusion.settings.huberDelta"),
        (#""fusion": {"settings": {"huberDelt": 0.02}},"#, "fusion.settings.huberDelt"),
    ])
    func badFusionSection(extra: String, key: String) throws {
        let folder = try TemporaryDirectory()
        let protocolPath = try RunReportTests.makeProtocol(in: folder, gates: "", extra: extra)
        let run = runTool(["run", protocolPath, "--out", folder.file("out")])
        #expect(run.status == 1)
        #expect(run.output.standardError.contains(key), "\(run.output.standardError)")
    }
}

/// The variant names in declaration order, as fit-depth lists them.
enum DepthFusionVariantNames {
    static let all: [String?] = ["lidar-median", "affine-inverse", "affine-inverse-2sigma", "affine-depth", "scale-only-median",
                                 "huber", "ransac", "confidence-weighted"]
}
