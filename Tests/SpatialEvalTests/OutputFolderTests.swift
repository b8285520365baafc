import Foundation
import Recording
@testable import EvalResults
@testable import EvalJobs
@testable import EvalReports
@testable import EvalCommandLine
import TestSupport
import Sweeps
import Testing

/// Output folders as a unit (spec.md#output-folders): lock, leftovers, swap, names.
@Suite("Output folders")
struct OutputFolderTests {
    private let gt = """
        {"images": [{"id": 1, "width": 100, "height": 80}], "categories": [{"id": 1, "name": "cup"}],
         "annotations": [{"id": 1, "image_id": 1, "category_id": 1, "bbox": [10, 10, 20, 20], "area": 400, "iscrowd": 0}]}
        """
    private let results = """
        [{"image_id": 1, "category_id": 1, "bbox": [10, 10, 20, 20], "score": 0.9}]
        """

    /// `det-parity --report out` (a fast command that writes a report set).
    private func parityReport(_ folder: TemporaryDirectory, into out: String) throws -> (status: Int32, output: CapturedOutput) {
        let gtPath = try folder.write(gt, to: "gt.json"), refPath = try folder.write(results, to: "ref.json")
        return runTool(["det-parity", "--gt", gtPath, "--reference", refPath, "--variant", refPath, "--threshold", "0.5", "--report", out])
    }

    /// Visible entries of `path`, sorted.
    private func visible(_ path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test("a second writer into a held folder fails at once with exit 1 naming the folder; the folder is untouched")
    func secondWriter() throws {
        let folder = try TemporaryDirectory()
        let out = folder.file("out")
        let held = try OutputFolder.open(out)
        try Data("first run\n".utf8).write(to: URL(fileURLWithPath: out + "/report.md"))
        let (status, output) = try parityReport(folder, into: out)
        #expect(status == 1)
        #expect(output.standardError.contains(out))
        #expect(output.standardError.contains("in use by another spatial-eval run (process \(getpid()))"))
        #expect(try String(contentsOfFile: out + "/report.md", encoding: .utf8) == "first run\n")
        held.close()
        let (again, againOutput) = try parityReport(folder, into: out)
        #expect(again == 0, "\(againOutput.standardError)")
        #expect(try String(contentsOfFile: out + "/report.md", encoding: .utf8) != "first run\n")
    }

    @Test("a killed run's leftovers and the previous run's files (stale figures, results of another run) are removed")
    func killedRunAndStaleFiles() throws {
        let folder = try TemporaryDirectory()
        let out = folder.file("out")
        try FileManager.default.createDirectory(atPath: out + "/.staging.tmp-99999-abc", withIntermediateDirectories: true)
        for name in ["results.h5", "report.md", "old-tracking.svg", "results.h5.tmp-99999-1f", ".staging.tmp-99999-abc/report.md",
                     ".absence.sqlite.partial-99999", ".sweep-merge.checkpoint.json.tmp-99999-2e", ".dat.nosync1a2.Xy9Qz0", "notes.txt"] {
            try Data("previous run: All gates pass\n".utf8).write(to: URL(fileURLWithPath: out + "/" + name))
        }
        let (status, output) = try parityReport(folder, into: out)
        #expect(status == 0, "\(output.standardError)")
        let all = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(!all.contains { $0.contains(".tmp-") || $0.contains(".partial-") || $0.hasPrefix(".dat.nosync") }, "\(all)")
        let expected = ["notes.txt", "parity-iou.svg", "parity.json", "report.html", "report.md"]
        #expect(try visible(out).filter { $0 != "parity-score-delta.svg" } == expected)
        let manifest = try String(contentsOfFile: out + "/" + OutputFolder.manifestName, encoding: .utf8)
        #expect(!manifest.contains("notes.txt") && manifest.contains("report.md") && manifest.contains("parity.json"))

        // A kill during the swap: the manifest lists the new set, part of it arrived. The next
        // run removes what the manifest lists, whatever it is.
        try Data("stale.svg\nreport.md\n".utf8).write(to: URL(fileURLWithPath: out + "/" + OutputFolder.manifestName))
        try Data("<svg/>".utf8).write(to: URL(fileURLWithPath: out + "/stale.svg"))
        let (again, againOutput) = try parityReport(folder, into: out)
        #expect(again == 0, "\(againOutput.standardError)")
        #expect(try !visible(out).contains("stale.svg"))
        #expect(try visible(out).contains("notes.txt"), "files that are not outputs stay")
    }

    @Test("a file of the new set is only ever complete: staged files are renamed in, the staging folder goes")
    func commitSwapsTheSet() throws {
        let folder = try TemporaryDirectory()
        let out = try OutputFolder.open(folder.file("out"))
        try Data("a".utf8).write(to: URL(fileURLWithPath: out.staged("a.svg")))
        try Data("r".utf8).write(to: URL(fileURLWithPath: out.staged("results.h5")))
        try out.commit(["a.svg", "results.h5"])
        #expect(!FileManager.default.fileExists(atPath: out.staging))
        #expect(try visible(folder.file("out")) == ["a.svg", "results.h5"])
        out.close()
        // The next run's set replaces it whole; a kept name (report beside its results) stays.
        let next = try OutputFolder.open(folder.file("out"))
        try Data("b".utf8).write(to: URL(fileURLWithPath: next.staged("b.svg")))
        try next.commit(["b.svg"], keeping: ["results.h5"])
        #expect(try visible(folder.file("out")) == ["b.svg", "results.h5"])
        next.close()
        let bad = try OutputFolder.open(folder.file("out"))
        #expect(throws: InputError.self) { try bad.commit(["../escape.svg"]) }
    }

    @Test("names from input must be single safe path components")
    func names() throws {
        for name in ["default", "fusion-variants", "sweep object permanence", "ü-名前"] { #expect(OutputName.isSafe(name), "\(name)") }
        for name in ["", ".", "..", ".hidden", "a/b", "../x", "a\\b", "tab\there", String(repeating: "x", count: 256)] {
            #expect(!OutputName.isSafe(name), "\(name)")
        }
        #expect(throws: InputError.self) { try OutputName.checkFileName("../../escape-tracking.svg", folder: "out") }
    }

    @Test("a protocol named '..' or '.' run without --out is exit 1 naming the file and key; nothing is written")
    func dotDotProtocol() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: RunReportTests.repository + "/Data/recordings/twins-moved.sqlite", toPath: folder.file("twins.sqlite"))
        for name in ["..", ".", "a/../../b"] {
            let path = try folder.write(#"{"name": "\#(name)", "recordings": ["twins.sqlite"]}"#, to: "bad.json")
            for command in ["run", "sweep"] {
                let (status, output) = runTool([command, path])
                #expect(status == 1, "\(command) \(name): \(output.standardError)")
                #expect(output.standardError.contains("bad.json") && output.standardError.contains("key 'name'"), "\(output.standardError)")
            }
        }
        let sweep = try folder.write("""
            {"name": "ok", "recordings": ["twins.sqlite"],
             "sweeps": [{"name": "../escape", "axes": [{"key": "tracker.detectEvery", "values": [1, 3]}], "objective": {"optimise": "idf1"}}]}
            """, to: "sweep.json")
        let (status, output) = runTool(["sweep", sweep, "--out", folder.file("out")])
        #expect(status == 1)
        #expect(output.standardError.contains("key 'sweeps[0].name'"), "\(output.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("escape")))
        #expect(!FileManager.default.fileExists(atPath: folder.file("out")), "nothing is written before the names are checked")
    }

    @Test("a run that fails on bad input after taking the folder leaves no folder behind")
    func failedRunLeavesNothing() throws {
        let folder = try TemporaryDirectory()
        try folder.write("not a recording", to: "twins.sqlite")
        let path = try folder.write(#"{"name": "broken", "recordings": ["twins.sqlite"]}"#, to: "broken.json")
        let (status, output) = runTool(["run", path, "--out", folder.file("out")])
        #expect(status == 1, "\(output.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("out")))
    }

    @Test("run into a folder twice: one set, listed in the manifest, no temporary files; report beside it keeps results.h5")
    func runTwice() throws {
        let folder = try TemporaryDirectory()
        let path = try RunReportTests.makeProtocol(in: folder, gates: "")
        let out = folder.file("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try Data("<svg/>".utf8).write(to: URL(fileURLWithPath: out + "/from-an-older-run.svg"))
        for _ in 0..<2 {
            let (status, output) = runTool(["run", path, "--out", out])
            #expect(status == 0, "\(output.standardError)")
        }
        let manifest = try String(contentsOfFile: out + "/" + OutputFolder.manifestName, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(manifest.sorted() == (try visible(out)))
        #expect(manifest.contains("results.h5") && manifest.contains("report.md"))
        #expect(try !FileManager.default.contentsOfDirectory(atPath: out).contains { $0.contains(".tmp-") })
        let (status, output) = runTool(["report", out + "/results.h5"])
        #expect(status == 0, "\(output.standardError)")
        #expect(FileManager.default.fileExists(atPath: out + "/results.h5"))
        #expect(try visible(out) == manifest.sorted())
    }
}

@Suite("Sweep checkpoint shape")
struct SweepCheckpointShapeTests {
    /// A checkpoint of `points` with one recording's values each, as bytes.
    private func bytes(_ points: [Int], fingerprint: String = "f") throws -> Data {
        var checkpoint = SweepCheckpoint(fingerprint: fingerprint)
        checkpoint.points = points
        checkpoint.components = points.map { p in [(0..<SweepComponent.allCases.count).map { Double($0 + p) }] }
        return try checkpoint.encoded()
    }

    @Test("a checkpoint with a repeated, unordered or negative point index is ignored instead of trapping on resume")
    func malformedCheckpoints() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("good.checkpoint")
        try bytes([0, 2]).write(to: URL(fileURLWithPath: path))
        let loaded = try #require(SweepCheckpoint.load(from: path, fingerprint: "f", pointCount: 3, recordingCount: 1))
        #expect(loaded.completed.count == 2 && loaded.components[1][0][3] == 5)
        #expect(SweepCheckpoint.load(from: path, fingerprint: "f", pointCount: 2, recordingCount: 1) == nil, "point 2 is outside a 2-point plan")
        #expect(SweepCheckpoint.load(from: path, fingerprint: "f", pointCount: 3, recordingCount: 2) == nil, "one recording's values, two recordings swept")
        #expect(SweepCheckpoint.load(from: path, fingerprint: "other", pointCount: 3, recordingCount: 1) == nil, "another sweep's checkpoint")
        for points in [[1, 1], [2, 0], [-1, 0]] {
            let bad = folder.file("bad.checkpoint")
            try bytes(points).write(to: URL(fileURLWithPath: bad))
            #expect(SweepCheckpoint.load(from: bad, fingerprint: "f") == nil, "\(points)")
        }
    }

    @Test("a file that is not a checkpoint to the byte (truncated, extended, another magic, counts past its end) is ignored")
    func notACheckpoint() throws {
        let good = try bytes([0, 2, 5])
        #expect(SweepCheckpoint.decoded(good)?.points == [0, 2, 5])
        #expect(SweepCheckpoint.decoded(good.dropLast()) == nil)
        #expect(SweepCheckpoint.decoded(good + Data([0])) == nil)
        var magic = good
        magic[0] = UInt8(ascii: "X")
        #expect(SweepCheckpoint.decoded(magic) == nil)
        var counts = good
        counts[SweepCheckpoint.magic.count + 8 + 1] = 0xFF  // the points count (fingerprint "f" is one byte)
        #expect(SweepCheckpoint.decoded(counts) == nil)
        #expect(SweepCheckpoint.decoded(Data()) == nil)
    }

    @Test("units without values cannot make the reader allocate past the file's size (a fuzzer's find: 3 points × 2^35 units of 0 values)")
    func unitsWithoutValues() {
        /// Magic, the fingerprint "f", the three counts, then the point indices (no values: width 0).
        func checkpoint(points: UInt64, units: UInt64) -> Data {
            var data = Data(SweepCheckpoint.magic)
            func put(_ word: UInt64) { withUnsafeBytes(of: word.littleEndian) { data.append(contentsOf: $0) } }
            put(1)
            data.append(UInt8(ascii: "f"))
            for word in [points, units, 0] + Array(0..<points) { put(word) }
            return data
        }
        #expect(SweepCheckpoint.decoded(checkpoint(points: 3, units: 1 << 35)) == nil)
        #expect(SweepCheckpoint.decoded(checkpoint(points: 3, units: 0))?.components.map(\.count) == [0, 0, 0])
        #expect(SweepCheckpoint.decoded(checkpoint(points: 0, units: 1 << 35))?.points == [])
    }

    @Test("NaN, −0 and infinities come back bit for bit")
    func bitExact() throws {
        var checkpoint = SweepCheckpoint(fingerprint: "f")
        checkpoint.record([4: [[.nan, -0.0, .infinity, -.infinity, 1e-300]]])
        let back = try #require(SweepCheckpoint.decoded(try checkpoint.encoded()))
        #expect(back.components[0][0].map(\.bitPattern) == checkpoint.components[0][0].map(\.bitPattern))
        #expect(back.points == [4] && back.fingerprint == "f")
    }
}
