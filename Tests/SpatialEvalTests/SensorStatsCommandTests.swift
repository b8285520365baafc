import Foundation
import EvalResults
import EvalReports
import EvalCommandLine
import TestSupport
import Testing

/// `import --capture`, `export --stray` and `sensor-stats` through the command line, on the
/// bundled real capture and a simulated recording.
@Suite("capture import and sensor-stats commands")
struct SensorStatsCommandTests {
    static let charuco = RunReportTests.repository + "/Data/captures/charuco"
    static let simulated = RunReportTests.repository + "/Data/recordings/absence.sqlite"

    @Test("import --capture writes a recording inspect and view accept; the viewer copes with no objects")
    func importAndView() throws {
        let folder = try TemporaryDirectory()
        let run = runTool(["import", "--capture", Self.charuco, "--out", folder.file("charuco.sqlite")])
        #expect(run.status == 0, "\(run.output.standardError)")
        #expect(run.output.standardOutput.contains("92 frames, 0 detections, 0 depth grids, 0 gt objects, 0 gt boxes, 92 LiDAR maps"))
        #expect(runTool(["inspect", folder.file("charuco.sqlite")]).status == 0)
        let view = runTool(["view", folder.file("charuco.sqlite"), "--out", folder.file("view")])
        #expect(view.status == 0, "\(view.output.standardError)")
        let page = try String(contentsOfFile: folder.file("view/charuco.html"), encoding: .utf8)
        #expect(page.contains("<svg") || page.contains("<canvas"))
    }

    @Test("capture options belong to --capture; a bad --image-size is a usage error")
    func usage() throws {
        let folder = try TemporaryDirectory()
        #expect(runTool(["import", "--capture", Self.charuco, "--out", folder.file("a.sqlite"), "--image-size", "1920by1440"]).status == 64)
        let jsonl = try folder.write("{}\n", to: "a.jsonl")
        let mixed = runTool(["import", "--jsonl", jsonl, "--out", folder.file("a.sqlite"), "--every", "2"])
        #expect(mixed.status == 64 && mixed.output.standardError.contains("--every does not apply to --jsonl imports"))
        #expect(runTool(["export", "--jsonl", Self.simulated, "--out", folder.file("x.jsonl"), "--per-frame-intrinsics"]).status == 64)
    }

    @Test("a damaged capture: exit 1, the PNG named, nothing written")
    func damaged() throws {
        let folder = try TemporaryDirectory()
        let copy = folder.file("capture")
        try FileManager.default.copyItem(atPath: Self.charuco, toPath: copy)
        let png = copy + "/depth_00007.png"
        let data = try Data(contentsOf: URL(fileURLWithPath: png))
        try data.prefix(1000).write(to: URL(fileURLWithPath: png))
        let run = runTool(["import", "--capture", copy, "--out", folder.file("out.sqlite")])
        #expect(run.status == 1)
        #expect(run.output.standardError == "error: \(png): not a readable PNG: the file ends early (truncated PNG)\n", "\(run.output.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("out.sqlite")))
    }

    @Test("export --stray then import --capture reads the simulated recording back")
    func strayRoundTrip() throws {
        let folder = try TemporaryDirectory()
        #expect(runTool(["export", "--stray", Self.simulated, "--out", folder.file("stray"), "--per-frame-intrinsics"]).status == 0)
        let run = runTool(["import", "--capture", folder.file("stray"), "--out", folder.file("back.sqlite")])
        #expect(run.status == 0, "\(run.output.standardError)")
        #expect(run.output.standardOutput.contains("LiDAR maps"))
    }

    @Test("sensor-stats writes results.h5 and the report, recorded and simulated columns labelled; the file reads back whole")
    func sensorStats() throws {
        let folder = try TemporaryDirectory()
        #expect(runTool(["import", "--capture", Self.charuco, "--out", folder.file("charuco.sqlite")]).status == 0)
        let run = runTool(["sensor-stats", folder.file("charuco.sqlite"), Self.simulated, "--out", folder.file("out"), "--resamples", "200",
                           "--viewer", "charuco.sqlite=viewer/charuco.html"])
        #expect(run.status == 0, "\(run.output.standardError)")
        let report = try String(contentsOfFile: folder.file("out/report.md"), encoding: .utf8)
        #expect(report.contains("charuco (recorded)") && report.contains("absence (simulated)"))
        #expect(report.contains("[viewer/charuco.html](viewer/charuco.html)"))
        let contents = try SensorStatsResultsFile.read(folder.file("out/results.h5"))
        #expect(contents.results.recordings.map(\.data) == ["recorded", "simulated"])
        #expect(contents.results.recordings[0].analysedColumns == 32 && contents.results.recordings[0].nativeColumns == 256)
        #expect(contents.results.depthRows.count == 2 * (contents.results.settings.depthBinEdges.count + 1))
        // The report rendered again from the file alone is the same.
        #expect(SensorStatsReport.document(contents, viewerPages: ["charuco.sqlite": "viewer/charuco.html"]).markdownText + "" == report)
        let bare = runTool(["sensor-stats", folder.file("charuco.sqlite"), RunReportTests.repository + "/Data/mot-sample/gt/SYN-300x8/gt/gt.txt",
                            "--out", folder.file("bad")])
        #expect(bare.status == 1)
    }
}
