import EvalNumerics
import Foundation
import Recording

/// Simulated LookFor trials (Docs/warmth.md#simulator): target present or absent,
/// look-alikes, distance and approach, pauses, detector misses. The cosine and motion
/// numbers are documented in Docs/warmth.md with where they come from; none is one of the
/// app's constants. Every trial it writes is labelled simulated in its header.
public struct TrialSimulator: Sendable {
    /// Sessions (each one device, cadence and room).
    public var sessions = 5
    /// Trials per session.
    public var trialsPerSession = 6
    /// Of which target-absent.
    public var absentPerSession = 2
    /// Trial length in seconds.
    public var duration = 30.0
    /// Seed.
    public var seed: UInt64 = 1
    /// The parameters the simulated app ran with (its appPhase log comes from them).
    public var recordedParams = FinderParameters()
    /// Forced confirm interval (s).
    public var confirmEveryS = 0.5
    /// Background crop cosine to the target: mean and across-crop spread.
    public var backgroundCosine = 0.19, backgroundSpread = 0.012
    /// Negative-prompt cosines of any crop: mean and spread.
    public var negativeCosine = 0.21, negativeSpread = 0.01
    /// Per-frame jitter of every cosine.
    public var frameJitter = 0.004
    /// Extra target cosine of a crop the object fills completely (scaled by √fill).
    public var targetGain = 0.09
    /// Extra cosine of a look-alike, as a fraction of the target's.
    public var lookAlikeShare = 0.55
    /// Share of trials with a look-alike in view.
    public var lookAlikeRate = 0.4
    /// Object size (m) and its distance range when first seen (m).
    public var objectSize = 0.3, startDistance = 1.5...5.0
    /// Approach speed while the object is in view (m/s) and the closest distance.
    public var approachSpeed = 0.1...0.4, closest = 0.7
    /// Share of confirm frames where the detector misses the object.
    public var detectorMiss = 0.15
    /// Chance per second of a stillness pause, and its length.
    public var pauseRate = 0.03, pauseLength = 1.0...3.0

    /// The simulator with its documented defaults.
    public init() {}

    private struct Rng {
        var g: SplitMix64
        mutating func u() -> Double { g.nextUnit() }
        mutating func u(_ r: ClosedRange<Double>) -> Double { r.lowerBound + (r.upperBound - r.lowerBound) * g.nextUnit() }
        mutating func normal(_ mean: Double, _ sd: Double) -> Double {
            let a = max(g.nextUnit(), 1e-300), b = g.nextUnit()
            return mean + sd * (-2 * log(a)).squareRoot() * cos(2 * Double.pi * b)
        }
    }

    private static func f6(_ x: Double) -> String { String(format: "%.6f", x) }
    private static func f3(_ x: Double) -> String { String(format: "%.3f", x) }
    private static func boxJSON(_ b: NormalizedBox) -> String { "[\(f6(b.x)),\(f6(b.y)),\(f6(b.w)),\(f6(b.h))]" }

    /// Writes the corpus into `folder`: `index.json` and `sessions/<session>/<trial>.jsonl`.
    public func write(to folder: String) throws {
        let fm = FileManager.default
        var index: [String] = []
        let cadences = ["balanced", "battery", "max", "balanced", "battery", "max"]
        let rates = ["battery": 2.0, "balanced": 4.0, "max": 6.0]
        for s in 0..<sessions {
            let sessionId = String(format: "S%02d", s + 1)
            let cadence = cadences[s % cadences.count]
            let dir = (folder as NSString).appendingPathComponent("sessions/\(sessionId)")
            try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
            for k in 0..<trialsPerSession {
                let trialId = "\(sessionId)-T\(k + 1)"
                let present = k >= absentPerSession
                var rng = Rng(g: SplitMix64(seed: seed &* 1_000_003 &+ UInt64(s * 100 + k)))
                let lines = trialLines(trialId: trialId, sessionId: sessionId, cadence: cadence, rate: rates[cadence]!,
                                       present: present, sessionShift: Double(s % 3 - 1) * 0.004, rng: &rng)
                let file = "sessions/\(sessionId)/\(trialId).jsonl"
                try AtomicFile.write(lines.joined(separator: "\n") + "\n", to: (folder as NSString).appendingPathComponent(file))
                index.append("    {\"trialId\": \"\(trialId)\", \"sessionId\": \"\(sessionId)\", \"file\": \"\(file)\", \"device\": \"simulated\", \"cadence\": \"\(cadence)\", \"targetPresent\": \(present), \"query\": \"mug\", \"durationS\": \(duration)}")
            }
        }
        let text = "{\n  \"simulated\": true,\n  \"trials\": [\n" + index.joined(separator: ",\n") + "\n  ]\n}\n"
        try AtomicFile.write(text, to: (folder as NSString).appendingPathComponent("index.json"))
    }

    private func trialLines(trialId: String, sessionId: String, cadence: String, rate: Double, present: Bool,
                            sessionShift: Double, rng: inout Rng) -> [String] {
        // scene: fixed per-crop background offsets and negative cosines
        let bg = (0..<10).map { _ in rng.normal(backgroundCosine + sessionShift, backgroundSpread) }
        let neg = (0..<10).map { _ in (0..<6).map { _ in rng.normal(negativeCosine, negativeSpread) } }
        // target timeline: first sight, a possible hidden spell, distance
        let neverSeen = present && rng.u() < 0.15
        let firstSight = rng.u(1...12)
        let hideStart = firstSight + rng.u(4...12), hideLength = rng.u() < 0.5 ? rng.u(2...6) : 0
        let d0 = rng.u(startDistance), speed = rng.u(approachSpeed)
        let centre = (x: rng.u(0.25...0.75), y: rng.u(0.25...0.75))
        let drift = (x: rng.normal(0, 0.01), y: rng.normal(0, 0.01))
        let hasLookAlike = rng.u() < lookAlikeRate
        let lookAlike = NormalizedBox(x: rng.u(0.05...0.6), y: rng.u(0.05...0.6), w: 0.12, h: 0.12)
        let lookFrom = rng.u(0...10), lookTo = lookFrom + rng.u(5...15)
        func visible(_ t: Double) -> Bool { present && !neverSeen && t >= firstSight && !(hideLength > 0 && t >= hideStart && t < hideStart + hideLength) }
        func targetBox(_ t: Double) -> NormalizedBox {
            let d = max(closest, d0 - speed * max(0, t - firstSight))
            let side = min(0.6, objectSize / d * 0.8)
            let cx = min(max(centre.x + drift.x * t, side / 2), 1 - side / 2), cy = min(max(centre.y + drift.y * t, side / 2), 1 - side / 2)
            return NormalizedBox(x: cx - side / 2, y: cy - side / 2, w: side, h: side)
        }
        func fill(_ b: NormalizedBox, crop: Int) -> Double {
            let cell = crop == 0 ? NormalizedBox(x: 0, y: 0, w: 1, h: 1)
                : NormalizedBox(x: Double((crop - 1) % 3) / 3, y: Double((crop - 1) / 3) / 3, w: 1.0 / 3, h: 1.0 / 3)
            let ix = max(0, min(b.x + b.w, cell.x + cell.w) - max(b.x, cell.x)), iy = max(0, min(b.y + b.h, cell.y + cell.h) - max(b.y, cell.y))
            return min(1, ix * iy / (cell.w * cell.h) * 4)  // an object a quarter of the crop dominates it
        }
        var records: [(t: Double, json: String, record: TrialRecord)] = []
        func add(_ t: Double, _ json: String, _ record: TrialRecord) { records.append((t, json, record)) }
        add(0, "{\"type\":\"event\",\"t\":0,\"name\":\"queryStart\"}", .event(name: "queryStart", value: nil))
        // ground truth at every change of visibility and every 0.5 s while visible
        var gtTimes: [Double] = [0]
        var t = 0.5
        while t < duration { gtTimes.append(t); t += 0.5 }
        if present && !neverSeen { gtTimes += [firstSight, hideStart, hideStart + hideLength] }
        // guide frames, confirm frames, pauses
        var events: [(Double, Int)] = gtTimes.filter { $0 < duration }.map { ($0, 0) }
        var gt = 0.05, rotation = 0, frame = 0
        var pausedUntil = -1.0
        while gt < duration {
            if gt >= pausedUntil, rng.u() < pauseRate / rate {
                let len = rng.u(pauseLength)
                events.append((gt, 3)); events.append((min(duration - 0.01, gt + len), 4))
                pausedUntil = gt + len
            }
            if gt >= pausedUntil { events.append((gt, 1)) }
            gt += 1 / rate
        }
        var ct = 0.25
        while ct < duration { events.append((ct, 2)); ct += confirmEveryS }
        events.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        var lastGT: (Bool, NormalizedBox?)? = nil
        for (time, kind) in events {
            let tt = (time * 1000).rounded() / 1000
            let vis = visible(tt)
            let box = (vis ? Optional(targetBox(tt)) : nil)
                .map { NormalizedBox(x: Double(Self.f6($0.x))!, y: Double(Self.f6($0.y))!, w: Double(Self.f6($0.w))!, h: Double(Self.f6($0.h))!) }
            switch kind {
            case 0:
                if let last = lastGT, last.0 == vis, last.1 == box, !vis { continue }
                lastGT = (vis, box)
                let bj = box.map(Self.boxJSON) ?? "null"
                add(tt, "{\"type\":\"gt\",\"t\":\(Self.f3(tt)),\"visible\":\(vis),\"box\":\(bj),\"occluded\":false}", .gt(visible: vis, box: box))
            case 1:
                frame += 1
                var idx = [0]
                for _ in 0..<3 { idx.append(rotation % 9 + 1); rotation += 1 }
                var crops: [CropCosines] = []
                var parts: [String] = []
                for i in idx {
                    var cT = bg[i] + rng.normal(0, frameJitter)
                    if let b = box { cT += targetGain * fill(b, crop: i).squareRoot() }
                    if hasLookAlike, tt >= lookFrom, tt < lookTo { cT += lookAlikeShare * targetGain * fill(lookAlike, crop: i).squareRoot() }
                    let cN = neg[i].map { $0 + rng.normal(0, frameJitter) }
                    let r6 = (Double(Self.f6(cT))!, cN.map { Double(Self.f6($0))! })
                    crops.append(CropCosines(i: i, cT: r6.0, cN: r6.1))
                    parts.append("{\"i\":\(i),\"cT\":\(Self.f6(cT)),\"cN\":[\(cN.map(Self.f6).joined(separator: ","))]}")
                }
                add(tt, "{\"type\":\"guide\",\"t\":\(Self.f3(tt)),\"frame\":\(frame),\"crops\":[\(parts.joined(separator: ","))]}", .guide(frame: frame, crops: crops))
            case 2:
                frame += 1
                var boxes: [CandidateBox] = []
                if let b = box, rng.u() >= detectorMiss {
                    let jit = NormalizedBox(x: max(0, b.x + rng.normal(0, 0.01)), y: max(0, b.y + rng.normal(0, 0.01)), w: b.w, h: b.h)
                    let clipped = NormalizedBox(x: min(jit.x, 1 - jit.w), y: min(jit.y, 1 - jit.h), w: jit.w, h: jit.h)
                    boxes.append(CandidateBox(box: clipped, det: rng.u(0.3...0.9), label: "cup", cT: rng.normal(0.275, 0.015),
                                              cN: (0..<6).map { _ in rng.normal(negativeCosine, negativeSpread) }, p: nil))
                }
                if hasLookAlike, tt >= lookFrom, tt < lookTo, rng.u() >= detectorMiss {
                    boxes.append(CandidateBox(box: lookAlike, det: rng.u(0.25...0.7), label: "bowl", cT: rng.normal(0.235, 0.015),
                                              cN: (0..<6).map { _ in rng.normal(negativeCosine, negativeSpread) }, p: nil))
                }
                if rng.u() < 0.5 {
                    boxes.append(CandidateBox(box: NormalizedBox(x: rng.u(0...0.5), y: rng.u(0...0.5), w: 0.2, h: 0.25), det: rng.u(0.25...0.6), label: "chair",
                                              cT: rng.normal(0.195, 0.01), cN: (0..<6).map { _ in rng.normal(negativeCosine, negativeSpread) }, p: nil))
                }
                boxes = boxes.map { b in
                    var c = b
                    c.cT = Double(Self.f6(b.cT!))!; c.cN = b.cN!.map { Double(Self.f6($0))! }; c.det = Double(Self.f6(b.det))!
                    c.box = NormalizedBox(x: Double(Self.f6(b.box.x))!, y: Double(Self.f6(b.box.y))!, w: Double(Self.f6(b.box.w))!, h: Double(Self.f6(b.box.h))!)
                    c.p = FinderMath.targetProbability(cT: c.cT!, cN: c.cN!, tau: recordedParams.tau)
                    c.p = Double(Self.f6(c.p!))!
                    return c
                }
                let bj = boxes.map { "{\"box\":\(Self.boxJSON($0.box)),\"det\":\(Self.f6($0.det)),\"label\":\"\($0.label)\",\"cT\":\(Self.f6($0.cT!)),\"cN\":[\($0.cN!.map(Self.f6).joined(separator: ","))],\"p\":\(Self.f6($0.p!))}" }
                add(tt, "{\"type\":\"confirm\",\"t\":\(Self.f3(tt)),\"frame\":\(frame),\"classSet\":[\"cup\",\"mug\"],\"boxes\":[\(bj.joined(separator: ","))]}", .confirm(frame: frame, boxes: boxes))
            case 3: add(tt, "{\"type\":\"event\",\"t\":\(Self.f3(tt)),\"name\":\"pause\"}", .event(name: "pause", value: nil))
            default: add(tt, "{\"type\":\"event\",\"t\":\(Self.f3(tt)),\"name\":\"resume\"}", .event(name: "resume", value: nil))
            }
        }
        add(duration, "{\"type\":\"event\",\"t\":\(Self.f3(duration)),\"name\":\"trialEnd\"}", .event(name: "trialEnd", value: nil))
        // the simulated app's own phase log: the finder run with the recorded parameters
        let trial = Trial(trialId: trialId, sessionId: sessionId, device: "simulated", cadence: cadence, targetPresent: present,
                          confirmMode: "forced", confirmEveryS: confirmEveryS, detConfFloor: 0.25, recordedParams: recordedParams,
                          records: records.enumerated().map { TimedRecord(t: $0.element.t, line: $0.offset + 2, record: $0.element.record) },
                          file: trialId, warnings: [])
        let trace = Finder.replay(PreparedTrial(trial, recordedParams), recordedParams)
        var byLine: [Int: [PhaseChange]] = [:]
        for c in trace.changes { byLine[c.line, default: []].append(c) }
        let p = recordedParams
        var lines = ["{\"type\":\"header\",\"format\":\"lookfor-replay\",\"version\":1,\"simulated\":true,\"trialId\":\"\(trialId)\",\"sessionId\":\"\(sessionId)\",\"device\":\"simulated\",\"appVersion\":\"simulated\",\"modelIds\":{},\"query\":{\"text\":\"mug\",\"refinedText\":\"mug\",\"templates\":[],\"negatives\":[\"a room\",\"furniture\",\"a wall\",\"a floor\",\"background\",\"a person\"]},\"targetPresent\":\(present),\"cadence\":\"\(cadence)\",\"recording\":{\"confirmMode\":\"forced\",\"confirmEveryS\":\(confirmEveryS),\"cropsMode\":\"rotating\",\"detConfFloor\":0.25},\"recordedParams\":{\"tau\":\(p.tau),\"floor\":\(p.floor),\"floorMode\":\"\(p.floorMode.rawValue)\",\"alpha\":\(p.alpha),\"emaInit\":\"\(p.emaInit.rawValue)\",\"warmOn\":\(p.warmOn),\"warmOff\":\(p.warmOff),\"resetVotesOnCool\":\(p.resetVotesOnCool),\"foundScore\":\(p.foundScore),\"k\":\(p.k),\"n\":\(p.n),\"detConf\":\(p.detConf),\"lostAfter\":\(p.lostAfter)},\"coords\":\"normalized-upright\"}"]
        for (offset, r) in records.enumerated() {
            lines.append(r.json)
            for c in byLine[offset + 2] ?? [] {
                lines.append("{\"type\":\"event\",\"t\":\(Self.f3(c.t)),\"name\":\"appPhase\",\"from\":\"\(c.from.rawValue)\",\"to\":\"\(c.to.rawValue)\"}")
            }
        }
        // appPhase lines after trialEnd would break the format; the replay makes none there
        return lines
    }
}
