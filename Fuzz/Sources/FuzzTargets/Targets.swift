import Foundation
import Recording
import ResultStore
import Simulation
import EvalCommandLine
import EvalJobs
import EvalResults
import EvalMetrics
import Sweeps
import Warmth
import CaptureFolders

/// One fuzz target: a parser fed one input at a time. Errors are the expected outcome for
/// most inputs; a crash, a hang or a runaway allocation is what the fuzzer is looking for.
struct FuzzTarget: Sendable {
    /// Name used on the command line (`FUZZ_TARGET`) and for corpus/crash folders.
    let name: String
    /// What it parses.
    let summary: String
    /// Bundled files (relative to the repository root, globs allowed in the last component)
    /// that seed its corpus.
    let seeds: [String]
    /// Parses one input.
    let body: @Sendable (Data) -> Void
}

/// A per-process scratch path for parsers that only read from a file.
func scratchFile(_ data: Data, suffix: String) -> String {
    let path = NSTemporaryDirectory() + "spatial-eval-fuzz-\(getpid())\(suffix)"
    _ = FileManager.default.createFile(atPath: path, contents: data)
    return path
}

/// A per-process scratch folder holding `data` as its file `name` (for readers given a folder).
func scratchFolder(with data: Data, named name: String) -> String {
    let folder = NSTemporaryDirectory() + "spatial-eval-fuzz-\(getpid())-folder"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: data)
    return folder
}

/// `<tmp>/spatial-eval-fuzz-<pid>/Protocols`, beside a `Data` link to the repository's data.
let protocolScratchFolder: String = {
    let base = NSTemporaryDirectory() + "spatial-eval-fuzz-\(getpid())"
    let root = ProcessInfo.processInfo.environment["FUZZ_ROOT"] ?? FileManager.default.currentDirectoryPath
    try? FileManager.default.createDirectory(atPath: base + "/Protocols", withIntermediateDirectories: true)
    try? FileManager.default.createSymbolicLink(atPath: base + "/Data", withDestinationPath: root + "/Data")
    return base + "/Protocols"
}()

/// Unpacks a packed capture folder (``FolderArchive``) into a per-process scratch folder and
/// reads it as `format`, then validates what it read.
func readCapture(_ data: Data, as format: CaptureFormat) {
    let folder = NSTemporaryDirectory() + "spatial-eval-fuzz-\(getpid())-capture"
    FolderArchive.unpack(data, into: folder)
    guard let recording = try? CaptureFolder.read(folder, format: format) else { return }
    _ = RecordingValidator().problems(in: recording)
}

let allTargets: [FuzzTarget] = [
    FuzzTarget(name: "mot", summary: "MOTChallenge rows (gt.txt / tracker files)",
               seeds: ["Data/mot-sample/gt/*/gt/gt.txt", "Data/mot-sample/tracker/*.txt"]) { data in
        guard let rows = try? MOTChallengeReader.parse(data, path: "fuzz.txt") else { return }
        _ = rows
    },
    FuzzTarget(name: "seqinfo", summary: "MOTChallenge seqinfo.ini",
               seeds: ["Data/mot-sample/gt/*/seqinfo.ini"]) { data in
        _ = try? SequenceInfo.parse(String(decoding: data, as: UTF8.self), path: "seqinfo.ini")
    },
    FuzzTarget(name: "tum", summary: "TUM trajectory text",
               seeds: ["Data/trajectories/*.txt", "Conformance/*/*.tum", "Tests/*/Fixtures/*.tum"]) { data in
        let text = String(decoding: data, as: UTF8.self)
        _ = try? TUMTrajectory.parse(text, path: "fuzz.tum")
        _ = try? TUMTrajectory.parse(text, path: "fuzz.tum", order: .nonDecreasing)
    },
    FuzzTarget(name: "csv", summary: "CSV tables (depth pairs, warmth-stats survival rows, 3-D point frames and others)",
               seeds: ["Data/*/*.csv", "Data/*.csv", "Conformance/*/*.csv"]) { data in
        let path = scratchFile(data, suffix: ".csv")
        _ = try? SurvivalTable.read(path).estimates
        guard let table = try? CSVTable(bytes: [UInt8](data), file: "fuzz.csv") else { return }
        _ = table.rowCount
        _ = try? DepthPairsCSV.read(path)
        // Point frames that read are scored too: the per-frame limit must keep that bounded.
        if let frames = try? PointFramesCSV.frames(of: table) { _ = CentreDistanceTracking.evaluate(frames, gate: 1) }
    },
    FuzzTarget(name: "jsonl", summary: "JSON Lines recordings",
               seeds: ["Data/**/*.jsonl"]) { data in
        guard let recording = try? JSONLinesRecording.parse(data, path: "fuzz.jsonl") else { return }
        _ = RecordingValidator().problems(in: recording)
    },
    FuzzTarget(name: "recorder", summary: "SpatialEvalRecorder output, cut and corrupted at every byte",
               seeds: []) { data in
        RecorderOutputCheck.check(data)
    },
    FuzzTarget(name: "protocol", summary: "evaluation protocol JSON",
               seeds: ["Protocols/*.json"]) { data in
        // Saved where the shipped protocols' relative recording paths (../Data/…) resolve.
        let path = protocolScratchFolder + "/fuzz.json"
        _ = FileManager.default.createFile(atPath: path, contents: data)
        _ = try? ProtocolLoader.load(path)
    },
    FuzzTarget(name: "simconfig", summary: "simulator configuration JSON",
               seeds: ["Data/**/*config*.json"]) { data in
        _ = try? JSONDecoder().decode(SimulationConfiguration.self, from: data)
    },
    FuzzTarget(name: "sqlite", summary: "SQLite recordings",
               seeds: ["Data/recordings/*.sqlite"]) { data in
        let path = scratchFile(data, suffix: ".sqlite")
        guard let recording = try? RecordingStore.read(from: path) else { return }
        _ = RecordingValidator().problems(in: recording)
    },
    FuzzTarget(name: "hdf5", summary: "HDF5 results (results.h5 of a run, a warmth protocol or sensor-stats, sweep.h5)",
               seeds: ["Tests/**/*.h5", "Data/**/*.h5"]) { data in
        let path = scratchFile(data, suffix: ".h5")
        guard survivesLibHDF5(path) else { return }
        if SweepResultsFile.holdsSweep(path) {
            _ = try? SweepResultsFile.read(path)
        } else if WarmthResultsFile.holdsWarmth(path) {
            _ = try? WarmthResultsFile.read(path)
        } else if SensorStatsResultsFile.holdsSensorStats(path) {
            _ = try? SensorStatsResultsFile.read(path)
        } else {
            _ = try? RunResultsFile.read(path)
        }
    },
    FuzzTarget(name: "checkpoint", summary: "binary sweep checkpoint",
               seeds: ["Fuzz/seeds/checkpoint/*.checkpoint"]) { data in
        // The fingerprint is taken from the input itself, so the fuzzer reaches the resume path.
        let fingerprint = SweepCheckpoint.decoded(data)?.fingerprint ?? ""
        guard let checkpoint = SweepCheckpoint.load(from: scratchFile(data, suffix: ".checkpoint"), fingerprint: fingerprint) else { return }
        var resumed = checkpoint
        resumed.record(checkpoint.completed)
    },
    FuzzTarget(name: "passcheckpoint", summary: "a sweep pass's checkpoint (header, appended records)",
               seeds: ["Fuzz/seeds/passcheckpoint/*.checkpoint"]) { data in
        // The pass is taken from the input's own header, so the fuzzer reaches the records.
        let path = scratchFile(data, suffix: ".checkpoint")
        guard let (checkpoint, _) = SweepPassCheckpoint.described(by: data, path: path) else { return }
        var read = 0
        _ = checkpoint.resume { _, values in read += values.count }
    },
    FuzzTarget(name: "coco", summary: "COCO instances and results JSON",
               seeds: ["Data/**/instances*.json", "Data/**/results*.json", "Conformance/**/*.json"]) { data in
        _ = try? COCOGroundTruth.decode(data, file: "instances.json")
        _ = try? COCOResults.decode(data, file: "results.json")
    },
    FuzzTarget(name: "warmth", summary: "warmth finder trial logs (JSON Lines)",
               seeds: ["Data/warmth/sessions/*/*.jsonl"]) { data in
        _ = try? TrialReader.parse(data, file: "trial.jsonl")
    },
    FuzzTarget(name: "gatelog", summary: "detector gate logs (GATE / STATS lines)",
               seeds: ["Fuzz/seeds/gatelog/*.log"]) { data in
        let log = GateLog.parse(data, file: "app.log")
        _ = log.allUnparsed.count
        _ = log.blocks.map(\.isWellFormed)
    },
    FuzzTarget(name: "scanner3d", summary: "3D Scanner App \"All Data\" folders (frame JSON, depth and confidence PNGs through libpng), packed",
               seeds: []) { data in
        readCapture(data, as: .threeDScannerApp)
    },
    FuzzTarget(name: "stray", summary: "Stray Scanner folders (odometry.csv, camera_matrix.csv, depth/ and confidence/ PNGs), packed",
               seeds: []) { data in
        readCapture(data, as: .strayScanner)
    },
    FuzzTarget(name: "shardplan", summary: "shard plans (plan.json)",
               seeds: ["Fuzz/seeds/shardplan/plan.json"]) { data in
        _ = try? ShardPlan.load(from: scratchFolder(with: data, named: "plan.json"))
    },
]
