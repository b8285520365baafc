import Foundation
import SpatialEvalRecorder

// The recorder's overhead (Benchmarks/recorder_overhead.sh, Docs/benchmarks.md):
//   1. caller-side cost per frame: build a frame (pose + 10 detections) and 2 decisions and
//      hand all three to the recorder, timed frame by frame (median, p99), while its writer
//      runs on the other core;
//   2. the same per frame with a naive logger: JSONEncoder + FileHandle.write on the caller;
//   3. writer throughput: frames of 20 detections pushed as fast as the queue takes them
//      (the producer waits when refused), then a paced 60 frames/s run with no waiting;
//      peak resident memory.
// Usage: recorder-bench [FRAMES] [FOLDER]   (defaults 20000, a temporary folder)

let arguments = CommandLine.arguments
let frameCount = arguments.count > 1 ? max(100, Int(arguments[1]) ?? 20_000) : 20_000
let scratch = arguments.count > 2 ? arguments[2] : NSTemporaryDirectory() + "recorder-bench-\(getpid())"
try? FileManager.default.removeItem(atPath: scratch)
try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: scratch) }

let header = SessionHeader(sessionID: "bench", device: "bench", appVersion: "0", configuration: ["anchors.stepClamp": 0.15])
let intrinsics = PinholeIntrinsics(fx: 1450, fy: 1450, cx: 720, cy: 960)
let labels = ["cup", "bottle", "book", "chair", "laptop", "remote", "bowl", "vase", "person", "tv"]

/// The values an app has at hand for frame `index`: a pose and `count` boxes.
func frame(_ index: Int, detections count: Int) -> RecordedFrame {
    let t = Double(index) / 60
    let pose = CameraPose(rowMajor: [1, 0, 0, 0.01 * t, 0, 1, 0, 1.4, 0, 0, 1, -0.02 * t, 0, 0, 0, 1])
    var detections: [RecordedDetection] = []
    detections.reserveCapacity(count)
    for k in 0..<count {
        let x = Double((index * 7 + k * 113) % 1300)
        detections.append(RecordedDetection(
            id: Int64(index * count + k), label: labels[k % labels.count], score: 0.3 + Double(k % 7) / 10,
            box: ImageBox(x: x, y: Double(k * 90 % 1800), width: 80, height: 120), trackID: Int64(k)))
    }
    return RecordedFrame(frame: Int64(index), time: t, detectorRan: true, pose: pose, intrinsics: intrinsics,
                         width: 1440, height: 1920, detections: detections)
}

func decisions(_ index: Int) -> [RecordedDecision] {
    [RecordedDecision(frame: Int64(index), instance: "cup-1", event: .instance(detection: Int64(index * 10), rule: .sameTrack, position: nil, label: nil)),
     RecordedDecision(frame: Int64(index), instance: "cup-1", event: .anchorUpdate(
        detection: Int64(index * 10), gap: 0.02, clamped: false, snapped: false, followed: true, position: WorldPoint(x: -0.6, y: 0.9, z: -1.5)))]
}

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func quantile(_ sorted: [Double], _ q: Double) -> Double { sorted[min(sorted.count - 1, Int(q * Double(sorted.count - 1) + 0.5))] }

func microseconds(_ samples: [UInt64]) -> (median: Double, p99: Double) {
    let sorted = samples.map { Double($0) / 1000 }.sorted()
    return (quantile(sorted, 0.5), quantile(sorted, 0.99))
}

/// Peak resident set size (`ru_maxrss`: KiB on Linux, bytes on Darwin).
func peakResidentMiB() -> Double {
    var usage = rusage()
    #if os(Linux)
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_maxrss) / 1024
    #else
    getrusage(RUSAGE_SELF, &usage)
    return Double(usage.ru_maxrss) / 1_048_576
    #endif
}

// MARK: 1. caller-side cost

let capacity = 3 * frameCount + 16
let recorder = try SessionRecorder(
    configuration: RecorderConfiguration(directory: scratch + "/caller", queueCapacity: capacity, decisionReserve: 8), header: header)
var callerSamples: [UInt64] = []
callerSamples.reserveCapacity(frameCount)
for index in 1...frameCount {
    let start = now()
    recorder.record(frame(index, detections: 10))
    for decision in decisions(index) { recorder.record(decision) }
    callerSamples.append(now() - start)
}
let callerCounters = recorder.finish()
let caller = microseconds(callerSamples)

// The cost of building the values alone (what an app pays with or without a recorder).
var buildSamples: [UInt64] = []
buildSamples.reserveCapacity(frameCount)
var sink = 0
for index in 1...frameCount {
    let start = now()
    let f = frame(index, detections: 10)
    let d = decisions(index)
    sink &+= f.detections.count + d.count
    buildSamples.append(now() - start)
}
let build = microseconds(buildSamples)

// MARK: 2. naive synchronous logger

struct NaiveDetection: Codable {
    var id: Int64?
    var label: String
    var score: Double
    var box: [Double]
    var track_id: Int64?
}
struct NaiveFrame: Codable {
    var type = "frame"
    var frame: Int64
    var t: Double
    var tracking: String
    var detector_ran: Bool
    var pose: [Double]
    var fx: Double, fy: Double, cx: Double, cy: Double
    var width: Int, height: Int
    var detections: [NaiveDetection]
}
struct NaiveDecision: Codable {
    var type = "decision"
    var frame: Int64
    var kind: String
    var instance: String
    var detection: Int64
    var rule: String? = nil, gap: Double? = nil, clamped: Bool? = nil, snapped: Bool? = nil, followed: Bool? = nil
    var position: [Double]? = nil
}
let naivePath = scratch + "/naive.jsonl"
_ = FileManager.default.createFile(atPath: naivePath, contents: nil)
let naiveHandle = FileHandle(forWritingAtPath: naivePath)!
let naiveCount = min(frameCount, 5000)
var naiveSamples: [UInt64] = []
naiveSamples.reserveCapacity(naiveCount)
for index in 1...naiveCount {
    let start = now()
    let f = frame(index, detections: 10)
    let d = decisions(index)
    let encoder = JSONEncoder()
    let record = NaiveFrame(
        frame: f.frame, t: f.time, tracking: f.tracking.rawValue, detector_ran: f.detectorRan, pose: f.pose.rowMajor,
        fx: f.intrinsics.fx, fy: f.intrinsics.fy, cx: f.intrinsics.cx, cy: f.intrinsics.cy, width: f.width, height: f.height,
        detections: f.detections.map { NaiveDetection(id: $0.id, label: $0.label, score: $0.score,
                                                      box: [$0.box.x, $0.box.y, $0.box.width, $0.box.height], track_id: $0.trackID) })
    var line = try encoder.encode(record)
    line.append(10)
    try naiveHandle.write(contentsOf: line)
    for decision in d {
        var entry = NaiveDecision(frame: decision.frame, kind: decision.event.kind, instance: decision.instance, detection: Int64(index * 10))
        if case .anchorUpdate(_, let gap, let clamped, let snapped, let followed, let p) = decision.event {
            (entry.gap, entry.clamped, entry.snapped, entry.followed, entry.position) = (gap, clamped, snapped, followed, [p.x, p.y, p.z])
        } else {
            entry.rule = "same_track"
        }
        var text = try encoder.encode(entry)
        text.append(10)
        try naiveHandle.write(contentsOf: text)
    }
    naiveSamples.append(now() - start)
}
try naiveHandle.close()
let naive = microseconds(naiveSamples)

// MARK: 3. writer throughput

let throughputFrames = max(600, frameCount / 4)
let prebuilt = (1...throughputFrames).map { frame($0, detections: 20) }
let writerCapacity = 4096
let writer = try SessionRecorder(
    configuration: RecorderConfiguration(directory: scratch + "/writer", queueCapacity: writerCapacity), header: header)
let writerStart = now()
var waits = 0
for f in prebuilt {
    while !writer.record(f) {
        waits += 1
        usleep(200)
    }
}
let writerCounters = writer.finish()
let writerSeconds = Double(now() - writerStart) / 1e9
let framesPerSecond = Double(throughputFrames) / writerSeconds

// Paced: 60 frames/s in real time for 5 s, nothing waits.
let paced = try SessionRecorder(configuration: RecorderConfiguration(directory: scratch + "/paced", queueCapacity: writerCapacity), header: header)
let pacedStart = now()
for (index, f) in prebuilt.prefix(300).enumerated() {
    let due = pacedStart + UInt64(Double(index) / 60 * 1e9)
    while now() < due { usleep(500) }
    paced.record(f)
}
let pacedCounters = paced.finish()

func format(_ value: Double) -> String { String(format: value < 10 ? "%.2f" : "%.1f", value) }
let goal = caller.median < 20 ? "met" : "MISSED"
print("caller cost per frame (pose + 10 detections + 2 decisions, \(frameCount) frames): median \(format(caller.median)) µs, "
    + "p99 \(format(caller.p99)) µs (goal median < 20 µs: \(goal)); building the values alone: median \(format(build.median)) µs; "
    + "dropped \(callerCounters.droppedFrames + callerCounters.droppedDecisions)")
print("naive JSONEncoder + FileHandle.write per frame (\(naiveCount) frames): median \(format(naive.median)) µs, p99 \(format(naive.p99)) µs; "
    + "naive / recorder = \(format(naive.median / caller.median))×")
print("writer throughput (20 detections per frame, \(throughputFrames) frames, queue \(writerCapacity)): \(Int(framesPerSecond)) frames/s = "
    + "\(format(framesPerSecond / 60))× the 60 frames/s goal; \(writerCounters.bytesWritten / 1024) KiB in \(writerCounters.parts) part(s); "
    + "producer waited \(waits) times, dropped \(writerCounters.droppedFrames)")
print("paced 60 frames/s × 20 detections for 5 s: \(pacedCounters.accepted - 1) frames written, dropped \(pacedCounters.droppedFrames); "
    + "peak resident memory of the whole benchmark \(format(peakResidentMiB())) MiB")
if sink < 0 { print(sink) }
