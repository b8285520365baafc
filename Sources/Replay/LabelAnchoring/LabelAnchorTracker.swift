import Recording

/// An anchor of RealityRogue's label-anchoring policy (spec.md#label-anchoring).
public struct LabelAnchor: Equatable, Sendable {
    /// Identifier, in creation order from 0; never reused.
    public var id: Int
    /// The label every merged detection shares.
    public var label: String
    /// The smoothed world position, metres.
    public var position: SIMD3<Double>
    /// Observations merged, its creation included.
    public var hits: Int
    /// Consecutive detector runs that had it in the frustum and did not see it.
    public var misses: Int
    /// Whether it has been observed `confirmHits` times (only confirmed anchors are shown).
    public var isConfirmed: Bool
}

/// What a detector run did to one label anchor.
public enum LabelAnchorEventKind: String, Codable, Sendable, Equatable {
    /// A new anchor was created.
    case create
    /// A detection merged into the anchor (EMA step).
    case merge
    /// The anchor reached `confirmHits` on this merge.
    case confirm
    /// In the frustum and unseen: a miss counted.
    case miss
    /// Missed `expireAfterMisses` runs in a row while in the frustum: removed.
    case expire
}

/// One label-anchoring update.
public struct LabelAnchorEvent: Equatable, Sendable {
    /// The frame of the detector run.
    public var frame: Int64
    /// The anchor.
    public var anchor: Int
    /// What happened.
    public var kind: LabelAnchorEventKind
    /// The raw gap ‖p_new − p‖ before the EMA, on merges; nil otherwise.
    public var gap: Double?
    /// The anchor's position after the update.
    public var position: SIMD3<Double>
}

/// RealityRogue's "merge, do not multiply" policy (spec.md#label-anchoring), a second policy to compare.
///
/// Per detector run, each (label, world position) observation merges into the nearest
/// same-label anchor within `radiusPerMetre` × its distance from the camera, moving it by
/// an EMA of weight 0.25 and resetting its misses, or else creates an anchor. An anchor is
/// confirmed after 3 hits. Each anchor not seen in the run whose position projects into
/// the image in front of the camera counts a miss; after `expireAfterMisses` in a row it
/// is removed. Anchors behind the user or out of the image are left alone.
public struct LabelAnchorTracker: Sendable {
    /// The constants in use.
    public let configuration: LabelAnchoringConfiguration
    /// The live anchors.
    public private(set) var anchors: [LabelAnchor] = []
    private var nextID = 0
    private var seen: [Bool] = []

    /// Creates an empty tracker.
    public init(configuration: LabelAnchoringConfiguration = .init()) {
        self.configuration = configuration
    }

    /// The merge radius for an observation `distance` metres from the camera.
    public static func mergeRadius(cameraDistance distance: Double, configuration: LabelAnchoringConfiguration) -> Double {
        configuration.radiusPerMetre * distance
    }

    /// One detector run on `frame` with its observations; events are appended to `events`.
    public mutating func run(frame: Frame, observations: [(label: String, position: SIMD3<Double>)], events: inout [LabelAnchorEvent]) {
        let camera = frame.pose.translation
        seen.removeAll(keepingCapacity: true)
        seen.append(contentsOf: repeatElement(false, count: anchors.count))
        for o in observations {
            let radius = Self.mergeRadius(cameraDistance: o.position.distance(to: camera), configuration: configuration)
            var best: Int?
            var bestDistance = Double.infinity
            for (i, anchor) in anchors.enumerated() where anchor.label == o.label {
                let d = anchor.position.distance(to: o.position)
                if d <= radius, d < bestDistance { (best, bestDistance) = (i, d) }
            }
            if let i = best {
                anchors[i].position += (o.position - anchors[i].position) * configuration.emaWeight
                anchors[i].hits += 1
                anchors[i].misses = 0
                let confirmsNow = !anchors[i].isConfirmed && anchors[i].hits >= configuration.confirmHits
                if confirmsNow { anchors[i].isConfirmed = true }
                if i < seen.count { seen[i] = true }
                events.append(LabelAnchorEvent(frame: frame.index, anchor: anchors[i].id, kind: confirmsNow ? .confirm : .merge, gap: bestDistance, position: anchors[i].position))
            } else {
                anchors.append(LabelAnchor(id: nextID, label: o.label, position: o.position, hits: 1, misses: 0, isConfirmed: configuration.confirmHits <= 1))
                nextID += 1
                events.append(LabelAnchorEvent(frame: frame.index, anchor: anchors.last!.id, kind: .create, gap: nil, position: o.position))
            }
        }
        countMisses(frame: frame, events: &events)
    }

    /// Counts a miss for every pre-existing anchor unseen this run that is in the frustum; expires the worn-out ones.
    private mutating func countMisses(frame: Frame, events: inout [LabelAnchorEvent]) {
        var expired = false
        for i in seen.indices where !seen[i] {
            guard let p = CameraGeometry.project(anchors[i].position, frame: frame), CameraGeometry.isInImage(p.pixel, frame: frame) else { continue }
            anchors[i].misses += 1
            let expires = anchors[i].misses >= configuration.expireAfterMisses
            expired = expired || expires
            events.append(LabelAnchorEvent(frame: frame.index, anchor: anchors[i].id, kind: expires ? .expire : .miss, gap: nil, position: anchors[i].position))
        }
        if expired { anchors.removeAll { $0.misses >= configuration.expireAfterMisses } }
    }
}
