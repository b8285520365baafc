import Recording

/// One blended anchor (spec.md#metric-blended-anchor): an instance that two ground-truth
/// objects fed in a way that poisons its position, not a single stray association.
public struct BlendedAnchor: Equatable, Sendable {
    /// Why the instance counts as blended.
    public enum Reason: String, Sendable {
        /// The other object's feeds span at least ``IdentityHarms/sustainedSeconds``.
        case sustained
        /// The final stored position lies between the two objects.
        case endsBetween = "ends between"
    }

    /// The instance id.
    public var instance: Int
    /// The instance's associated (majority) object.
    public var object: Int64
    /// The other object that fed it.
    public var other: Int64
    /// Seconds from the other object's first feed of the instance to its last.
    public var span: Double
    /// Why it counts (sustained first when both hold).
    public var reason: Reason

    /// Creates a blend from its parts.
    public init(instance: Int, object: Int64, other: Int64, span: Double, reason: Reason) {
        self.instance = instance
        self.object = object
        self.other = other
        self.span = span
        self.reason = reason
    }
}

/// The harms the app's author ranked when choosing the merge constants (Docs/spec.md#twins-negative-result,
/// spec.md#metric-blended-anchor): blended anchors — per twin pair above all — and the time an
/// instance's identity stays wrong. Duplicates, the recoverable harm, are ``AnchorAccuracy/duplication``.
public struct IdentityHarms: Equatable, Sendable {
    /// Every blended anchor, in instance order, one entry per (instance, other object).
    public var blends: [BlendedAnchor]
    /// Unordered pairs of non-person objects of one twin group that both fed some instance
    /// (the twin pairs the memory saw), as (smaller id, larger id), sorted.
    public var twinPairsSeen: [[Int64]]
    /// Those pairs with a blended anchor between the two twins, sorted.
    public var blendedTwinPairs: [[Int64]]
    /// Σ over instances with an associated object of the seconds during which their latest
    /// feed did not see that object (spec.md#metric-identity-wrong).
    public var wrongIdentitySeconds: Double

    /// Instances with at least one blend.
    public var blendedInstances: Int { Set(blends.map(\.instance)).count }

    /// Feeds of another object spanning at least this long make a blend, seconds: more than
    /// one re-sighting at the detector's rate, so a single stray association (a purity loss
    /// the next update corrects) is not one.
    public static let sustainedSeconds = 1.0
    /// A final position whose projection on the segment between the two objects falls in
    /// [t, 1 − t] of its length (and lies within half the separation of it) "ends between" them.
    public static let betweenFraction = 0.25

    /// Judges `histories` against the ground truth.
    ///
    /// - Parameters:
    ///   - histories: the instances with their updates and feeding detections.
    ///   - accuracy: their accuracy (the associated objects).
    ///   - objectOfDetection: the object each detection saw.
    ///   - objects: the ground-truth objects (twin groups, persons).
    ///   - placements: where they were.
    ///   - endTime: the recording's last frame time (a wrong identity lasts until then when no
    ///     later feed corrects it).
    public init(histories: [AnchorHistory], accuracy: AnchorAccuracy, objectOfDetection: [Int64: Int64],
                objects: [GroundTruthObject], placements: [GroundTruthPlacement], endTime: Double) {
        let timeline = PlacementTimeline(placements)
        let objectOfInstance = accuracy.objectOfInstance
        var blends: [BlendedAnchor] = []
        var wrong = 0.0
        var fedBy: [Int64: Set<Int>] = [:]
        for history in histories {
            let seen = history.detections.map { objectOfDetection[$0] }
            for case let object? in seen { fedBy[object, default: []].insert(history.instance) }
            guard let object = objectOfInstance[history.instance] else { continue }
            wrong += Self.wrongSeconds(history, seen: seen, object: object, endTime: endTime)
            blends += Self.blends(history, seen: seen, object: object, timeline: timeline)
        }
        self.blends = blends
        wrongIdentitySeconds = wrong

        let persons = Set(objects.filter(\.isPerson).map(\.id))
        let groups = Dictionary(grouping: objects.filter { $0.twinGroup != nil && !persons.contains($0.id) }, by: { $0.twinGroup! })
        var pairs: [[Int64]] = []
        for group in groups.keys.sorted() {
            let members = groups[group]!.map(\.id).filter { fedBy[$0] != nil }.sorted()
            for (i, a) in members.enumerated() { for b in members.dropFirst(i + 1) { pairs.append([a, b]) } }
        }
        twinPairsSeen = pairs
        let blendedPairs = Set(blends.map { [min($0.object, $0.other), max($0.object, $0.other)] })
        blendedTwinPairs = pairs.filter(blendedPairs.contains)
    }

    /// Seconds during which the instance's latest feed did not see `object`: from each such
    /// feed to the next feed that did, or to `endTime`.
    private static func wrongSeconds(_ history: AnchorHistory, seen: [Int64?], object: Int64, endTime: Double) -> Double {
        var total = 0.0
        var wrongSince: Double?
        for (update, saw) in zip(history.updates, seen) {
            if saw == object {
                if let start = wrongSince { total += update.time - start }
                wrongSince = nil
            } else if wrongSince == nil {
                wrongSince = update.time
            }
        }
        if let start = wrongSince { total += max(0, endTime - start) }
        return total
    }

    /// The blends of one instance associated with `object`.
    private static func blends(_ history: AnchorHistory, seen: [Int64?], object: Int64, timeline: PlacementTimeline) -> [BlendedAnchor] {
        var first: [Int64: Double] = [:], last: [Int64: Double] = [:]
        for (update, saw) in zip(history.updates, seen) {
            guard let other = saw, other != object else { continue }
            first[other] = first[other] ?? update.time
            last[other] = update.time
        }
        guard let final = history.updates.last else { return [] }
        return first.keys.sorted().compactMap { other in
            let span = last[other]! - first[other]!
            if span >= sustainedSeconds {
                return BlendedAnchor(instance: history.instance, object: object, other: other, span: span, reason: .sustained)
            }
            guard let a = timeline.position(of: object, at: final.time), let b = timeline.position(of: other, at: final.time),
                  endsBetween(final.position, a, b) else { return nil }
            return BlendedAnchor(instance: history.instance, object: object, other: other, span: span, reason: .endsBetween)
        }
    }

    /// Whether `p` lies between `a` and `b`: its projection on the segment in the middle
    /// (``betweenFraction`` … 1 − ``betweenFraction``) and within half the separation of it.
    public static func endsBetween(_ p: SIMD3<Double>, _ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Bool {
        let ab = b - a
        let length2 = (ab * ab).sum()
        guard length2 > 0 else { return false }
        let t = ((p - a) * ab).sum() / length2
        guard t >= betweenFraction && t <= 1 - betweenFraction else { return false }
        let offset = p - (a + t * ab)
        return (offset * offset).sum() <= length2 / 4
    }
}
