/// The app's anchor registry (spec.md#anchors), one observation at a time.
///
/// An observation merges only where the merge rules admit it (same label, graduated
/// cosine, 1 m veto): into the instance its tracker id fed last when that instance is
/// admitted, else into the nearest admitted same-label instance, else it creates a new
/// instance (spec.md#anchor-track-routing: a track id earns no exemption from the rules).
/// A re-anchor logs the raw gap ‖p_new − p‖ first, then: the same live track (the
/// instance's latest observation came from it) follows with an unclamped EMA step; else
/// the consensus snap teleports the anchor when its rule holds; else an EMA step clamped
/// to 15 cm.
public struct AnchorRegistry: Sendable {
    /// The constants in use.
    public let configuration: AnchorConfiguration
    /// The instances, indexed by id.
    public private(set) var instances: [AnchorInstance] = []
    /// Every update so far, in order.
    public private(set) var events: [AnchorEvent] = []
    /// The values of the merge radii and cosines, the step clamp and the consensus distances
    /// that would have made the same updates so far (Docs/sweeps.md#same-updates-region).
    public var sameUpdatesRegion: SameUpdatesRegion { region! }
    /// ``sameUpdatesRegion``, never nil: optional only as the rules' narrowing calls take it.
    private var region: SameUpdatesRegion? = SameUpdatesRegion()
    private var instanceOfTrack: [Int64: Int] = [:]

    /// Creates an empty registry.
    public init(configuration: AnchorConfiguration = .init()) {
        self.configuration = configuration
    }

    /// Applies one observation and returns the event it caused (also appended to `events`).
    @discardableResult
    public mutating func observe(_ o: AnchorObservation) -> AnchorEvent {
        let event: AnchorEvent
        if let (i, match) = target(for: o) {
            event = reanchor(i, with: o, match: match)
        } else {
            event = create(o)
        }
        if let track = o.trackID { instanceOfTrack[track] = event.instance }
        events.append(event)
        return event
    }

    /// The instance an observation belongs to and the rule that filed it there, if any: its
    /// track's last instance when the merge rules admit it there, else the nearest instance
    /// they admit.
    private mutating func target(for o: AnchorObservation) -> (Int, AnchorMatch)? {
        if let track = o.trackID, let i = instanceOfTrack[track],
           match(o, into: i, distance: instances[i].position.distance(to: o.position)) != nil {
            return (i, .sameTrack)
        }
        var best: (Int, AnchorMatch)?
        var bestDistance = Double.infinity
        for i in instances.indices {
            let distance = instances[i].position.distance(to: o.position)
            guard distance < bestDistance, let band = match(o, into: i, distance: distance) else { continue }
            best = (i, band)
            bestDistance = distance
        }
        return best
    }

    /// Whether the merge rules let `o`, `distance` from instance `i`, merge into it: the same
    /// label and the graduated merge with its veto (spec.md#merge-label,
    /// spec.md#merge-graduated, spec.md#merge-veto). Beyond the veto radius no cosine is taken
    /// (the merge is refused whatever it is); within it the cosine is only compared with the
    /// band's threshold (``AnchorRules/cosine(_:_:aa:bb:reaches:)``, exact, usually without
    /// the in-order sum). Every comparison with a merge constant narrows the same-updates region.
    private mutating func match(_ o: AnchorObservation, into i: Int, distance: Double) -> AnchorMatch? {
        guard instances[i].label == o.label, distance <= configuration.farRadius else { return nil }
        guard let a = o.embedding, let appearance = o.appearance, let b = instances[i].embeddingSum else {
            return AnchorRules.mergeBand(distance: distance, hasCosine: false, configuration: configuration, region: &region) {
                ThresholdDecision(reaches: false, threshold: $0)
            }
        }
        var cosine = CosineComparison(a, b, aa: appearance.squaredNorm, bb: instances[i].embeddingSquaredNorm)
        return AnchorRules.mergeBand(distance: distance, hasCosine: true, configuration: configuration, region: &region) {
            cosine.decide($0)
        }
    }

    private mutating func create(_ o: AnchorObservation) -> AnchorEvent {
        let id = instances.count
        instances.append(AnchorInstance(
            id: id, label: o.label, position: o.position, embeddingSum: o.appearance?.unit,
            embeddingSquaredNorm: o.appearance?.unitSquaredNorm ?? 0, extent: o.extent,
            lastTrackID: o.trackID, recentRaw: [o.position], observationCount: 1, lastSeen: o.time))
        return AnchorEvent(
            frame: o.frame, instance: id, kind: .create, raw: o.position, before: nil, after: o.position, gap: nil,
            extent: o.extent, appearance: instances[id].embeddingSum)
    }

    private mutating func reanchor(_ i: Int, with o: AnchorObservation, match: AnchorMatch) -> AnchorEvent {
        let before = instances[i].position
        let kind = instances[i].apply(o, configuration: configuration, region: &region)
        return AnchorEvent(
            frame: o.frame, instance: i, kind: kind, raw: o.position, before: before,
            after: instances[i].position, gap: o.position.distance(to: before), match: match,
            extent: instances[i].extent, appearance: instances[i].embeddingSum)
    }

    /// The positions an instance held after each of its updates, in order.
    public func history(of instance: Int) -> [(frame: Int64, position: SIMD3<Double>)] {
        events.filter { $0.instance == instance }.map { ($0.frame, $0.after) }
    }

    /// Whether a registry with `other` constants, fed the same observations, would have made
    /// exactly the updates this one made: every constant but the merge radii and cosines, the
    /// step clamp and the consensus distances equal to this one's, and those in ``sameUpdatesRegion``
    /// (Docs/sweeps.md#same-updates-region). False says nothing: such a registry may still
    /// make the same updates.
    public func wouldMakeSameUpdates(under other: AnchorConfiguration) -> Bool {
        SameUpdatesRegion.outside(other, as: configuration) == configuration && sameUpdatesRegion.contains(other)
    }
}

extension AnchorRegistry {
    /// Whether this registry made the same updates as `other`, the two fed the same
    /// observations in the same order: the same events, compared on every field but their
    /// appearance. The appearance needs no comparison: an instance's embedding sum is fixed by
    /// which observations were filed under it, in which order, and the events' instance ids
    /// say exactly that. Two such registries differ at most in their constants, which nothing
    /// downstream of the registry reads, so a sweep judges one and reuses the judgement.
    public func madeSameUpdates(as other: AnchorRegistry) -> Bool {
        guard events.count == other.events.count, instances.count == other.instances.count else { return false }
        for k in events.indices {
            guard events[k].frame == other.events[k].frame, events[k].instance == other.events[k].instance,
                  events[k].kind == other.events[k].kind, events[k].after == other.events[k].after,
                  events[k].before == other.events[k].before, events[k].raw == other.events[k].raw,
                  events[k].gap == other.events[k].gap, events[k].match == other.events[k].match,
                  events[k].extent == other.events[k].extent
            else { return false }
        }
        return true
    }
}

extension AnchorInstance {
    /// Re-anchors in place with observation `o` (the raw gap is taken by the caller first)
    /// and returns which rule moved the anchor.
    mutating func apply(_ o: AnchorObservation, configuration: AnchorConfiguration, region: inout SameUpdatesRegion?) -> AnchorUpdateKind {
        if recentRaw.count >= configuration.consensusCount { recentRaw.removeFirst() }
        recentRaw.append(o.position)
        let kind: AnchorUpdateKind
        if let track = o.trackID, track == lastTrackID {
            position = AnchorRules.emaStep(from: position, toward: o.position, configuration: configuration, clamped: false).position
            kind = .follow
        } else if let snap = AnchorRules.consensusTarget(stored: position, recent: recentRaw, configuration: configuration, region: &region) {
            position = snap
            recentRaw.removeAll(keepingCapacity: true)
            kind = .snap
        } else {
            let step = AnchorRules.emaStepMeasured(from: position, toward: o.position, configuration: configuration, clamped: true)
            region?.noteClampedStep(length: step.length, limit: configuration.stepClamp, wasClamped: step.wasClamped)
            position = step.position
            kind = step.wasClamped ? .clamped : .ema
        }
        if let e = o.appearance { addEmbedding(e) }
        extent = o.extent ?? extent
        lastTrackID = o.trackID
        observationCount += 1
        lastSeen = o.time
        return kind
    }

    /// Adds an embedding, L2-normalised, to the running sum.
    private mutating func addEmbedding(_ e: ObservedAppearance) {
        guard var sum = embeddingSum, sum.count == e.unit.count else {
            embeddingSum = e.unit
            embeddingSquaredNorm = e.unitSquaredNorm
            return
        }
        guard e.norm > 0 else { return }
        embeddingSum = nil  // the sum alone holds its storage while it is updated
        for k in sum.indices { sum[k] += e.unit[k] }
        embeddingSum = sum
        embeddingSquaredNorm = AnchorRules.squaredNorm(sum)
    }
}
