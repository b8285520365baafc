import Recording

/// The events of a recording the sweeps need, counted from its ground truth alone
/// (spec.md#sim-corpus): what a corpus must hold enough of to decide a constant.
public struct CorpusEvents: Equatable, Sendable, Codable {
    /// Removals of objects that were seen (≥ `seenBoxes` ground-truth boxes) before they went.
    public var anchoredRemovals = 0
    /// Guidance requests whose target was seen (≥ `seenBoxes` boxes) before the request.
    public var guidanceInMemory = 0
    /// Twin pairs (same twin group) standing closer than 1 m at some time.
    public var closeTwinPairs = 0
    /// Moves of an object (one placement to the next) of 0.3–1.5 m.
    public var genuineMoves = 0
    /// Recordings in dim light.
    public var lowLightRecordings = 0
    /// Recordings spanning more than one room.
    public var multiRoomRecordings = 0

    /// Ground-truth boxes an object needs before an event for it to count as in memory.
    public static let seenBoxes = 10

    /// No events.
    public init() {}

    /// Counts the events of `recording`.
    public init(_ recording: Recording) {
        let frameTime = Dictionary(recording.frames.map { ($0.index, $0.time) }, uniquingKeysWith: { a, _ in a })
        var boxTimes: [Int64: [Double]] = [:]
        for box in recording.groundTruthBoxes { boxTimes[box.object, default: []].append(frameTime[box.frame] ?? 0) }
        func seen(_ object: Int64, before time: Double) -> Bool {
            (boxTimes[object] ?? []).count { $0 < time } >= Self.seenBoxes
        }
        let end = recording.frames.last?.time ?? 0
        let placements = Dictionary(grouping: recording.groundTruthPlacements, by: \.object).mapValues { $0.sorted { $0.from < $1.from } }
        for object in recording.groundTruthObjects where !object.isPerson {
            let list = placements[object.id] ?? []
            if let last = list.last, let gone = last.to, gone < end, seen(object.id, before: gone) { anchoredRemovals += 1 }
            for (a, b) in zip(list, list.dropFirst()) {
                let d = ((a.position - b.position) * (a.position - b.position)).sum().squareRoot()
                if d >= 0.3, d <= 1.5 { genuineMoves += 1 }
            }
        }
        let frameOf = Dictionary(recording.frames.map { ($0.index, $0.time) }, uniquingKeysWith: { a, _ in a })
        guidanceInMemory = recording.guidanceRequests.count { seen($0.object, before: frameOf[$0.fromFrame] ?? 0) }
        let twins = Dictionary(grouping: recording.groundTruthObjects.filter { $0.twinGroup != nil }, by: { $0.twinGroup! })
        for group in twins.values {
            for (i, a) in group.enumerated() {
                for b in group[(i + 1)...] where Self.closest(placements[a.id] ?? [], placements[b.id] ?? []) < 1 { closeTwinPairs += 1 }
            }
        }
        lowLightRecordings = recording.meta["lighting"] == "low" ? 1 : 0
        multiRoomRecordings = (recording.meta["room"] ?? "").contains(",") ? 1 : 0
    }

    /// The smallest distance between placements of two objects that overlap in time.
    static func closest(_ a: [GroundTruthPlacement], _ b: [GroundTruthPlacement]) -> Double {
        var best = Double.infinity
        for p in a {
            for q in b where p.from < (q.to ?? .infinity) && q.from < (p.to ?? .infinity) {
                best = min(best, ((p.position - q.position) * (p.position - q.position)).sum().squareRoot())
            }
        }
        return best
    }

    /// The sum of two counts.
    public static func + (a: CorpusEvents, b: CorpusEvents) -> CorpusEvents {
        var s = CorpusEvents()
        s.anchoredRemovals = a.anchoredRemovals + b.anchoredRemovals
        s.guidanceInMemory = a.guidanceInMemory + b.guidanceInMemory
        s.closeTwinPairs = a.closeTwinPairs + b.closeTwinPairs
        s.genuineMoves = a.genuineMoves + b.genuineMoves
        s.lowLightRecordings = a.lowLightRecordings + b.lowLightRecordings
        s.multiRoomRecordings = a.multiRoomRecordings + b.multiRoomRecordings
        return s
    }
}
