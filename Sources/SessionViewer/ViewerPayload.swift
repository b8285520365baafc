import Recording
import Replay

/// The timeline as the compact JSON the page reads (Docs/viewer.md#size-and-scale): frame times as
/// runs of equal spacing, registry updates as columns, every other event as one short array.
/// Positions are rounded to the millimetre, times to the millisecond, cosines to 10⁻³.
public enum ViewerPayload {
    /// The payload's format version (the page refuses any other).
    public static let version = 1

    /// `timeline` as JSON text.
    public static func json(_ timeline: SessionTimeline) -> String {
        let j = ViewerJSON()
        let c = timeline.constants
        j.object {
            j.key("v"); j.int(version)
            j.key("name"); j.string(timeline.name)
            j.key("clock"); j.array(clockRuns(timeline.frames)) { run in j.numbers([run.start, run.step], 6); j.comma(); j.int(run.count); j.comma(); j.int(Int(run.firstIndex)) }
            j.key("k")
            j.object {
                let constants: [(String, Double)] = [
                    ("nearRadius", c.anchors.nearRadius), ("nearCosine", c.anchors.nearCosine), ("farRadius", c.anchors.farRadius),
                    ("farCosine", c.anchors.farCosine), ("stepClamp", c.anchors.stepClamp), ("emaWeight", c.anchors.emaWeight),
                    ("consensusMinDistance", c.anchors.consensusMinDistance), ("consensusAgreement", c.anchors.consensusAgreement),
                    ("absentSamples", Double(c.absence.absentSamples)), ("minSampleSpacing", c.absence.minSampleSpacing),
                    ("lockOnRadius", c.guidance.lockOnRadius), ("lockOnCosine", c.guidance.lockOnCosine),
                    ("arrivalRadius", c.guidance.arrivalRadius), ("departureRadius", c.guidance.departureRadius),
                    ("confirmationWindow", c.guidance.confirmationWindow),
                ]
                for (name, value) in constants { j.key(name); j.number(value, 4) }
            }
            j.key("objects")
            j.array(timeline.objects) { o in
                j.int(Int(o.id)); j.comma(); j.string(o.label); j.comma(); j.numbers([o.extent.x, o.extent.y, o.extent.z], 3); j.comma()
                j.int(o.isPerson ? 1 : 0); j.comma(); j.optionalInt(o.twinGroup.map(Int.init))
            }
            j.key("placements")
            j.array(timeline.placements) { p in
                j.int(Int(p.object)); j.comma(); j.number(p.from, 3); j.comma(); j.number(p.to, 3); j.comma()
                j.numbers([p.position.x, p.position.y, p.position.z], 3)
            }
            j.key("path")
            j.array(timeline.cameraPath) { s in
                j.int(s.frame); j.comma(); j.numbers([s.position.x, s.position.y, s.position.z], 3); j.comma(); j.number(s.heading, 3)
            }
            let frameOf = FrameLookup(timeline.frames)
            j.key("inst")
            j.array(timeline.instances) { i in
                j.int(i.id); j.comma(); j.string(i.label); j.comma(); j.optionalInt(i.object.map(Int.init)); j.comma()
                j.optionalInt(i.blendedFrom.map(frameOf.position)); j.comma(); j.optionalInt(i.duplicateFrom.map(frameOf.position))
            }
            let u = timeline.updates
            j.key("up")
            j.object {
                j.key("f"); j.plainArray(u) { j.int($0.frame) }
                j.key("i"); j.plainArray(u) { j.int($0.instance) }
                j.key("k"); j.plainArray(u) { j.int(kindCode($0.kind)) }
                j.key("m"); j.plainArray(u) { j.int(matchCode($0.match)) }
                j.key("x"); j.plainArray(u) { j.number($0.position.x, 3) }
                j.key("y"); j.plainArray(u) { j.number($0.position.y, 3) }
                j.key("z"); j.plainArray(u) { j.number($0.position.z, 3) }
                j.key("g"); j.plainArray(u) { j.number($0.gap, 3) }
                j.key("c"); j.plainArray(u) { j.number($0.cosine, 3) }
                j.key("o"); j.plainArray(u) { j.optionalInt($0.seenObject.map(Int.init)) }
            }
            j.key("ev")
            j.array(timeline.events) { e in
                j.int(e.lane.order); j.comma(); j.int(e.frame); j.comma(); j.number(e.time, 3); j.comma(); j.optionalInt(e.instance); j.comma()
                detail(e.detail, into: j)
            }
            j.key("rr")
            j.array(timeline.secondPolicy) { s in
                j.int(s.frame); j.comma(); j.int(s.anchor); j.comma(); j.string(s.label); j.comma(); j.string(s.kind.rawValue); j.comma()
                j.numbers([s.position.x, s.position.z], 3)
            }
            j.key("parity")
            if let parity = timeline.parity {
                j.object {
                    let line = { (d: DecisionLine) in j.int(d.frame); j.comma(); j.string(d.kind); j.comma(); j.string(d.instance); j.comma(); j.string(d.summary) }
                    j.key("app"); j.array(parity.app, line)
                    j.key("replica"); j.array(parity.replica, line)
                    j.key("agreement"); j.array(parity.agreement) { a in j.string(a.kind); j.comma(); j.number(a.value, 4) }
                    j.key("first"); j.optionalInt(parity.firstDivergence)
                }
            } else {
                j.null()
            }
        }
        return j.text
    }

    /// One run of frames with equal time steps and consecutive frame numbers.
    struct ClockRun: Equatable {
        var start: Double, step: Double, count: Int, firstIndex: Int64
    }

    /// The frames as runs: a frame joins the current run when its number follows the previous
    /// one and its time is the run's start plus its offset times the step, within 0.5 ms.
    static func clockRuns(_ frames: [FrameTick]) -> [ClockRun] {
        var runs: [ClockRun] = []
        for frame in frames {
            if var run = runs.last {
                let expected = run.start + Double(run.count) * run.step
                if frame.index == run.firstIndex + Int64(run.count),
                   run.count == 1 ? frame.time > run.start : abs(frame.time - expected) <= 0.0005 {
                    if run.count == 1 { run.step = frame.time - run.start }
                    run.count += 1
                    runs[runs.count - 1] = run
                    continue
                }
            }
            runs.append(ClockRun(start: frame.time, step: 0, count: 1, firstIndex: frame.index))
        }
        return runs
    }

    static func kindCode(_ kind: AnchorUpdateKind) -> Int {
        switch kind {
        case .create: 0
        case .ema: 1
        case .clamped: 2
        case .snap: 3
        case .follow: 4
        }
    }

    static func matchCode(_ match: AnchorMatch?) -> Int {
        switch match {
        case nil: 0
        case .sameTrack: 1
        case .nearCosine: 2
        case .nearNoEmbedding: 3
        case .farCosine: 4
        }
    }

    /// An event's detail as the rest of its array: a type code, then its values.
    static func detail(_ detail: EventDetail, into j: ViewerJSON) {
        switch detail {
        case .absentSample(let count):
            j.string("sample"); j.comma(); j.int(count)
        case .missingFlip(let missing, let byLook):
            j.string("flip"); j.comma(); j.int(missing ? 1 : 0); j.comma(); j.int(byLook ? 1 : 0)
        case .lock(let reason, let distance, let cosine, let onRequested):
            j.string(reason == .instanceMatch ? "lock-instance" : "lock-class"); j.comma(); j.number(distance, 3); j.comma()
            j.number(cosine, 3); j.comma(); j.int(onRequested ? 1 : 0)
        case .arrival(let state, let distance, let lockAge, let objectThere):
            j.string(state.rawValue); j.comma(); j.number(distance, 3); j.comma(); j.number(lockAge, 3); j.comma(); j.int(objectThere ? 1 : 0)
        case .request(let id, let object, let end, let start, let verdict):
            j.string("request"); j.comma(); j.int(Int(id)); j.comma(); j.int(Int(object)); j.comma(); j.number(end, 3); j.comma()
            j.optionalInt(start); j.comma(); j.string(verdict.rawValue)
        case .suggestion(let distance, let real):
            j.string("suggestion"); j.comma(); j.number(distance, 3); j.comma(); j.int(real ? 1 : 0)
        case .metric(let incident):
            switch incident {
            case .falseMissing(_, let object): j.string("false_missing"); j.comma(); j.optionalInt(object.map(Int.init))
            case .correctMissing(_, let object): j.string("correct_missing"); j.comma(); j.optionalInt(object.map(Int.init))
            case .missedRemoval(let object, let moved): j.string("missed_removal"); j.comma(); j.int(Int(object)); j.comma(); j.int(moved ? 1 : 0)
            case .foundRemoval(let object, let moved, let latency):
                j.string("found_removal"); j.comma(); j.int(Int(object)); j.comma(); j.int(moved ? 1 : 0); j.comma(); j.number(latency, 3)
            case .wrongTargetLock(let request, _, let object):
                j.string("wrong_target"); j.comma(); j.int(Int(request)); j.comma(); j.optionalInt(object.map(Int.init))
            case .greenOverEmptySpace(let request): j.string("empty_green"); j.comma(); j.int(Int(request))
            case .blended: j.string("blended")
            case .duplicate(_, let object): j.string("duplicate"); j.comma(); j.int(Int(object))
            }
        case .divergence(let kind, let fields):
            j.string("divergence"); j.comma(); j.string(kind); j.comma(); j.string(fields)
        }
    }
}

/// Frame positions by time: the last frame at or before a time.
struct FrameLookup {
    let times: [Double]

    init(_ frames: [FrameTick]) { times = frames.map(\.time) }

    /// The position of the last frame with time ≤ `t` (0 before the first).
    func position(_ t: Double) -> Int {
        var low = 0, high = times.count
        while low < high {
            let mid = (low + high) / 2
            if times[mid] <= t { low = mid + 1 } else { high = mid }
        }
        return max(0, low - 1)
    }
}

/// A small JSON writer: one string, numbers at a fixed precision, no Foundation. A local
/// builder (a class, so nested closures can append to it); callers see only its text.
final class ViewerJSON {
    private(set) var text = ""

    init() {}
    private var needsComma = false

    func comma() { text += "," }

    func key(_ name: String) {
        if needsComma { text += "," }
        string(name)
        text += ":"
        needsComma = true
    }

    func object(_ body: () -> Void) {
        let outer = needsComma
        text += "{"
        needsComma = false
        body()
        text += "}"
        needsComma = outer
    }

    /// `[[…],[…]]`: one inner array per element, its parts written by `row` (with explicit commas).
    func array<T>(_ items: [T], _ row: (T) -> Void) {
        text += "["
        for (k, item) in items.enumerated() {
            text += k == 0 ? "[" : ",["
            row(item)
            text += "]"
        }
        text += "]"
    }

    /// `[a,b,c]`: one value per element, written by `value`.
    func plainArray<T>(_ items: [T], _ value: (T) -> Void) {
        text += "["
        for (k, item) in items.enumerated() {
            if k > 0 { text += "," }
            value(item)
        }
        text += "]"
    }

    func int(_ value: Int) { text += String(value) }
    func optionalInt(_ value: Int?) { text += value.map(String.init) ?? "null" }
    func null() { text += "null" }
    func raw(_ value: String) { text += value }

    /// A number with at most `digits` decimals, trailing zeros dropped; nil and non-finite values are `null`.
    func number(_ value: Double?, _ digits: Int) {
        guard let value, value.isFinite else { text += "null"; return }
        var s = fixed(value, digits)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        if s == "-0" { s = "0" }
        text += s
    }

    func numbers(_ values: [Double], _ digits: Int) {
        for (k, v) in values.enumerated() {
            if k > 0 { text += "," }
            number(v, digits)
        }
    }

    /// A JSON string; `<`, `>` and `&` are escaped so the text can sit inside a `<script>` element.
    func string(_ value: String) { text += JSONWriter.quoted(value, scriptSafe: true) }
}
