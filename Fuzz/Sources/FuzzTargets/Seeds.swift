import Foundation
import Recording
import EvalCommandLine
import EvalJobs
import EvalResults
import Sweeps

/// Writes each target's seed corpus into `folder/<target>/`, made at run time from the bundled
/// data (`Data/`, `Protocols/`) with the tool's own commands, so no binary corpus is stored.
/// `root` is the repository root. Inputs are cut to `maximumBytes` so the fuzzer stays fast.
func makeSeeds(root: String, into folder: String, maximumBytes: Int = 64 * 1024) throws {
    let fm = FileManager.default
    let scratch = folder + "/.scratch"
    try fm.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? fm.removeItem(atPath: scratch) }
    func path(_ relative: String) -> String { root + "/" + relative }
    func save(_ target: String, _ name: String, _ data: Data, binary: Bool = false) throws {
        let dir = folder + "/" + target
        try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // Text inputs are cut at a line end so the seed stays well formed; binary files whole.
        var cut = binary ? data[...] : data.prefix(maximumBytes)
        if !binary, data.count > maximumBytes, let newline = cut.lastIndex(of: 0x0A) { cut = cut.prefix(through: newline) }
        try Data(cut).write(to: URL(fileURLWithPath: dir + "/" + name))
    }
    func copy(_ target: String, _ relative: String, as name: String? = nil) throws {
        guard let data = fm.contents(atPath: path(relative)) else { throw SeedError("missing \(relative)") }
        try save(target, name ?? (relative as NSString).lastPathComponent, data)
    }
    func tool(_ arguments: [String]) throws -> String {
        let sink = CapturedOutput()
        let status = CommandLineTool().run(arguments, output: sink)
        guard status == 0 else { throw SeedError("spatial-eval \(arguments.joined(separator: " ")) exited \(status): \(sink.error)") }
        return sink.text
    }

    // MOTChallenge rows and seqinfo.ini: the bundled sample.
    for sequence in ["SYN-300x8", "SYN-400x12"] {
        try copy("mot", "Data/mot-sample/gt/\(sequence)/gt/gt.txt", as: "\(sequence)-gt.txt")
        try copy("mot", "Data/mot-sample/tracker/\(sequence).txt", as: "\(sequence)-tracker.txt")
        try copy("seqinfo", "Data/mot-sample/gt/\(sequence)/seqinfo.ini", as: "\(sequence).ini")
    }
    // Recorder output: a short session made through SpatialEvalRecorder (every record kind).
    try save("recorder", "session.jsonl", try RecorderOutputCheck.sampleSession(in: scratch + "/recorder"))
    // Capture folders, packed (FolderArchive): the first two frames of the bundled ChArUco capture,
    // and a 1-second simulated recording exported in Stray Scanner's two layouts.
    let charuco = path("Data/captures/charuco")
    try save("scanner3d", "charuco-2-frames.bin", try FolderArchive.pack(folder: charuco) { name in
        name == "info.json" || ["00000", "00001"].contains { name.contains("_\($0).") }
    }, binary: true)
    let stray = scratch + "/stray.sqlite"
    _ = try tool(["simulate", "--scenario", "twins-moved", "--seed", "5", "--duration", "1", "--out", stray])
    for (name, flags) in [("camera-matrix", [String]()), ("per-frame", ["--per-frame-intrinsics"])] {
        let folder = scratch + "/stray-\(name)"
        _ = try tool(["export", "--stray", stray, "--out", folder] + flags)
        try save("stray", "\(name).bin", try FolderArchive.pack(folder: folder), binary: true)
    }
    // Protocols: the shipped ones, read from a folder where their relative recording paths resolve.
    for name in (try fm.contentsOfDirectory(atPath: path("Protocols"))).sorted() where name.hasSuffix(".json") {
        try copy("protocol", "Protocols/\(name)")
    }
    // A short simulated recording (bundled error models) for SQLite; its export for JSON Lines,
    // MOTChallenge and TUM; a recording from Data/recordings too.
    let small = scratch + "/small.sqlite"
    _ = try tool(["simulate", "--scenario", "absence", "--seed", "7", "--duration", "2", "--out", small])
    try save("sqlite", "simulated-2s.sqlite", fm.contents(atPath: small) ?? Data(), binary: true)
    let withDecisions = scratch + "/decisions.sqlite"
    _ = try tool(["simulate", "--scenario", "twins-moved", "--seed", "3", "--duration", "2", "--with-decisions", "--out", withDecisions])
    try save("sqlite", "simulated-decisions-2s.sqlite", fm.contents(atPath: withDecisions) ?? Data(), binary: true)
    for (name, source) in [("small", small), ("decisions", withDecisions)] {
        let jsonl = scratch + "/\(name).jsonl"
        _ = try tool(["export", "--jsonl", source, "--out", jsonl])
        try save("jsonl", "\(name).jsonl", fm.contents(atPath: jsonl) ?? Data())
        let recording = try RecordingStore.read(from: source)
        let tum = recording.frames.map { f in
            let t = f.pose.translation
            return "\(f.time) \(t.x) \(t.y) \(t.z) 0 0 0 1"
        }.joined(separator: "\n") + "\n"
        try save("tum", "\(name).tum", Data(("# timestamp tx ty tz qx qy qz qw\n" + tum).utf8))
        let mot = scratch + "/\(name)-mot"
        _ = try tool(["export", "--mot", source, "--out", mot])
        try save("mot", "\(name)-gt.txt", fm.contents(atPath: mot + "/gt.txt") ?? Data())
        try save("seqinfo", "\(name).ini", fm.contents(atPath: mot + "/seqinfo.ini") ?? Data())
        // CSV: depth pairs from the recording's depth grids (one row per cell with a value).
        var rows = ["depth,inverse_depth,confidence,mask"]
        for grid in recording.depthGrids.prefix(2) {
            for (d, r) in zip(grid.lidarDepth, grid.relativeInverseDepth) where d.isFinite && d > 0 {
                rows.append("\(d),\(r),\(rows.count % 3),\(rows.count % 2)")
            }
        }
        try save("csv", "\(name)-pairs.csv", Data((rows.joined(separator: "\n") + "\n").utf8))
        // CSV: the 3-D point frames evaluate-recording scored (its --dump-3d).
        let points = scratch + "/\(name)-points.csv"
        _ = try tool(["evaluate-recording", source, "--format", "json", "--dump-3d", points])
        try save("csv", "\(name)-points.csv", fm.contents(atPath: points) ?? Data())
    }
    try save("csv", "mot-sample.csv", Data(("frame,id,x,y,w,h,conf,a,b,c\n" + (String(data: fm.contents(atPath: path("Data/mot-sample/gt/SYN-300x8/gt/gt.txt")) ?? Data(), encoding: .utf8) ?? "")).utf8))
    // Simulator configuration: the defaults as the tool prints them.
    try save("simconfig", "default.json", Data(try tool(["simulate", "--print-config"]).utf8))
    // HDF5 results: score-mot on the bundled sample.
    let h5 = scratch + "/score-mot.h5"
    _ = try tool(["score-mot", "--benchmark", path("Data/mot-sample/gt"), "--tracker", path("Data/mot-sample/tracker"), "--format", "csv", "--out", h5])
    try save("hdf5", "score-mot.h5", fm.contents(atPath: h5) ?? Data(), binary: true)
    // HDF5 results: a warmth results.h5 of a two-point grid over the bundled trials (exit 2, a
    // failed gate, still writes the file).
    let warmthProtocol = scratch + "/warmth.json"
    try Data("""
        {"name": "fuzz", "simulated": true, "corpus": "\(path("Data/warmth/index.json"))", "horizons": [5], "minWarmS": 1, "baseline": {},
         "grid": {"tau": [0.01], "floor": [0.22], "alpha": [0.3], "warmOn": [0.45, 0.5], "warmGap": [0.05], "foundScore": [0.55], "kn": [[3, 5]]},
         "constraints": {"maxFalseFindTrialShare": 0.9, "maxFalseFindPerMin": 5, "maxWarmNoTarget": 0.9, "maxWarmTogglesPerMin": 30},
         "gate": {"minFidelityTrials": 1, "ttfSlack": 0.1, "ttfCapS": 8, "fpMargin": 0.05}, "bootstrapResamples": 20, "bootstrapSeed": 1}
        """.utf8).write(to: URL(fileURLWithPath: warmthProtocol))
    _ = try? tool(["warmth", warmthProtocol, "--out", scratch + "/warmth"])
    try save("hdf5", "warmth.h5", fm.contents(atPath: scratch + "/warmth/results.h5") ?? Data(), binary: true)
    // The results.h5 of sensor-stats on the 1-second simulated recording.
    _ = try tool(["sensor-stats", stray, "--out", scratch + "/sensor-stats", "--resamples", "100"])
    try save("hdf5", "sensor-stats.h5", fm.contents(atPath: scratch + "/sensor-stats/results.h5") ?? Data(), binary: true)
    // Sweep checkpoint: the shape SweepJob saves.
    var checkpoint = SweepCheckpoint(fingerprint: "fuzz")
    checkpoint.record([0: [[1, 2, 3], [4, 5, 6]], 3: [[0.5, 0.25, 0], [1, 1, 1]], 7: [[.nan, -0.0, .infinity], [2, 2, 2]]])
    try save("checkpoint", "sweep.checkpoint", try checkpoint.encoded(), binary: true)
    // A sweep pass's checkpoint: the header and two records, as a pass appends them.
    let pass = SweepPassCheckpoint(path: scratch + "/pass.checkpoint", fingerprint: "fuzz", points: [0, 3, 7], recordings: 4, width: 2)
    try pass.start()
    try pass.append([(0, [1, 2, 3, 4, 5, 6]), (2, [.nan, -0.0, .infinity, 0.5, 0.25, 0])])
    try save("passcheckpoint", "pass.checkpoint", fm.contents(atPath: pass.path) ?? Data(), binary: true)
    // COCO: a tiny instances/results pair in the documented shape.
    try save("coco", "instances.json", Data("""
        {"images":[{"id":1,"width":640,"height":480}],"categories":[{"id":1,"name":"cup"}],\
        "annotations":[{"id":1,"image_id":1,"category_id":1,"bbox":[10,20,30,40],"area":1200,"iscrowd":0},\
        {"id":2,"image_id":1,"category_id":1,"segmentation":{"size":[480,640],"counts":"PPYo01O00001O"},"area":9,"bbox":[1,2,3,4],"iscrowd":1}]}
        """.utf8))
    try save("coco", "results.json", Data("""
        [{"image_id":1,"category_id":1,"bbox":[11,19,30,41],"score":0.9},{"image_id":1,"category_id":1,"bbox":[0,0,5,5],"score":0.2}]
        """.utf8))
    // Warmth: the bundled simulated trials of one session.
    for name in (try fm.contentsOfDirectory(atPath: path("Data/warmth/sessions/S01"))).sorted() where name.hasSuffix(".jsonl") {
        try copy("warmth", "Data/warmth/sessions/S01/\(name)")
    }
    // Gate log: a block in the documented line format (Docs/detection-parity.md), a STATS window, noise.
    try save("gatelog", "app.log", Data("""
        12:00:01.5 DetectCamera[42] GATE begin rfdetr-nano units=pixels
        GATE det cup 0.81 300 40 20 60
        GATE det traffic light 0.52 10 12 30 44\r
        GATE end 2
        STATS median 24.7ms 36.2fps n=120 thermal=fair unit=gpu
        other line

        """.utf8))
    // Shard plan: plan-shards on the CI sweep protocol.
    let planFolder = scratch + "/plan"
    _ = try tool(["plan-shards", path("Protocols/sweep-shard-ci.json"), "--shards", "3", "--strategy", "weighted", "--out", planFolder])
    try save("shardplan", "plan.json", fm.contents(atPath: planFolder + "/plan.json") ?? Data())
}

struct SeedError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Collects a command's output instead of printing it.
final class CapturedOutput: OutputSink, @unchecked Sendable {
    var text = ""
    var error = ""
    func out(_ text: String) { self.text += text }
    func err(_ text: String) { error += text }
}
