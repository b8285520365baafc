/// The app's anchor registry (spec.md#anchors), one observation at a time.
///
/// An observation from a tracker id that already fed an instance goes to that instance;
/// otherwise it merges into the nearest same-label instance the graduated merge admits,
/// or creates a new instance. A re-anchor logs the raw gap ‖p_new − p‖ first, then:
/// the same live track (the instance's latest observation came from it) follows with an
/// unclamped EMA step; else the consensus snap teleports the anchor when its rule holds;
/// else an EMA step clamped to 15 cm.
public struct AnchorRegistry: Sendable {
    /// The constants in use.
    public let configuration: AnchorConfiguration
    /// The instances, indexed by id.
    public private(set) var instances: [AnchorInstance] = []
    /// Every update so far, in order.
    public private(set) var events: [AnchorEvent] = []
    private var instanceOfTrack: [Int64: Int] = [:]

    /// Creates an empty registry.
    public init(configuration: AnchorConfiguration = .init()) {
        self.configuration = configuration
    }

    /// Applies one observation and returns the event it caused (also appended to `events`).
    @discardableResult
    public mutating func observe(_ o: AnchorObservation) -> AnchorEvent {
        let event: AnchorEvent
        if let i = target(for: o) {
            event = reanchor(i, with: o)
        } else {
            event = create(o)
        }
        if let track = o.trackID { instanceOfTrack[track] = event.instance }
        events.append(event)
        return event
    }

    /// The instance an observation belongs to, if any.
    private func target(for o: AnchorObservation) -> Int? {
        if let track = o.trackID, let i = instanceOfTrack[track] { return i }
        var best: Int?
        var bestDistance = Double.infinity
        for instance in instances where instance.label == o.label {
            let distance = instance.position.distance(to: o.position)
            guard distance < bestDistance else { continue }
            let cosine: Double? = if let a = o.embedding, let b = instance.embeddingSum { AnchorRules.cosine(a, b) } else { nil }
            if AnchorRules.admitsMerge(distance: distance, cosine: cosine, configuration: configuration) {
                best = instance.id
                bestDistance = distance
            }
        }
        return best
    }

    private mutating func create(_ o: AnchorObservation) -> AnchorEvent {
        let id = instances.count
        instances.append(AnchorInstance(
            id: id, label: o.label, position: o.position, embeddingSum: o.embedding.map(Self.normalised),
            extent: o.extent, lastTrackID: o.trackID, recentRaw: [o.position], observationCount: 1, lastSeen: o.time))
        return AnchorEvent(frame: o.frame, instance: id, kind: .create, raw: o.position, before: nil, after: o.position, gap: nil)
    }

    private mutating func reanchor(_ i: Int, with o: AnchorObservation) -> AnchorEvent {
        let before = instances[i].position
        let kind = instances[i].apply(o, configuration: configuration)
        return AnchorEvent(
            frame: o.frame, instance: i, kind: kind, raw: o.position, before: before,
            after: instances[i].position, gap: o.position.distance(to: before))
    }

    /// The positions an instance held after each of its updates, in order.
    public func history(of instance: Int) -> [(frame: Int64, position: SIMD3<Double>)] {
        events.filter { $0.instance == instance }.map { ($0.frame, $0.after) }
    }

    static func normalised(_ v: [Float]) -> [Float] {
        let norm = v.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return norm > 0 ? v.map { $0 / norm } : v
    }
}

extension AnchorInstance {
    /// Re-anchors in place with observation `o` (the raw gap is taken by the caller first)
    /// and returns which rule moved the anchor.
    mutating func apply(_ o: AnchorObservation, configuration: AnchorConfiguration) -> AnchorUpdateKind {
        if recentRaw.count >= configuration.consensusCount { recentRaw.removeFirst() }
        recentRaw.append(o.position)
        let kind: AnchorUpdateKind
        if let track = o.trackID, track == lastTrackID {
            position = AnchorRules.emaStep(from: position, toward: o.position, configuration: configuration, clamped: false).position
            kind = .follow
        } else if let snap = AnchorRules.consensusTarget(stored: position, recent: recentRaw, configuration: configuration) {
            position = snap
            recentRaw.removeAll(keepingCapacity: true)
            kind = .snap
        } else {
            let step = AnchorRules.emaStep(from: position, toward: o.position, configuration: configuration)
            position = step.position
            kind = step.wasClamped ? .clamped : .ema
        }
        if let e = o.embedding { addEmbedding(e) }
        extent = o.extent ?? extent
        lastTrackID = o.trackID
        observationCount += 1
        lastSeen = o.time
        return kind
    }

    /// Adds an embedding, L2-normalised, to the running sum.
    private mutating func addEmbedding(_ e: [Float]) {
        guard embeddingSum != nil, embeddingSum!.count == e.count else {
            embeddingSum = AnchorRegistry.normalised(e)
            return
        }
        let norm = e.reduce(0) { $0 + $1 * $1 }.squareRoot()
        guard norm > 0 else { return }
        for k in e.indices { embeddingSum![k] += e[k] / norm }
    }
}
