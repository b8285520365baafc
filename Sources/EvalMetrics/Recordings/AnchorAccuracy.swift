import Recording

/// One stored position of an anchor instance after an update.
public struct AnchorUpdate: Equatable, Sendable {
    /// The frame of the observation that caused the update.
    public var frame: Int64
    /// That frame's time, seconds.
    public var time: Double
    /// The stored position after the update, world metres.
    public var position: SIMD3<Double>

    /// Creates an update from its parts.
    public init(frame: Int64, time: Double, position: SIMD3<Double>) {
        self.frame = frame
        self.time = time
        self.position = position
    }
}

/// What the metrics need to know about one anchor instance, as plain values: its position
/// history and the detections that fed it (creation included), in order.
public struct AnchorHistory: Equatable, Sendable {
    /// The instance id.
    public var instance: Int
    /// The instance's label.
    public var label: String
    /// Positions after each update, in order (the first is the creation).
    public var updates: [AnchorUpdate]
    /// The detections that fed the instance, one per update.
    public var detections: [Int64]

    /// Creates a history from its parts.
    public init(instance: Int, label: String, updates: [AnchorUpdate], detections: [Int64]) {
        self.instance = instance
        self.label = label
        self.updates = updates
        self.detections = detections
    }
}


/// How one anchor instance compares with the ground truth.
public struct InstanceAccuracy: Equatable, Sendable {
    /// The instance id.
    public var instance: Int
    /// The instance's associated object: the object most of its feeding detections saw
    /// (ties to the smaller id); nil when none of them saw any object.
    public var object: Int64?
    /// Detections that fed the instance.
    public var feedCount: Int
    /// Distinct objects among the feeding detections.
    public var objectsFeeding: Int
    /// Fraction of feeding detections that saw the associated object (detections that saw
    /// no object count against it); 0 when there is no associated object.
    public var purity: Double
    /// ‖stored position − true position‖ after each update at which the associated object
    /// was placed, metres, in update order.
    public var errors: [Double]

    /// The error after the instance's last update, when the object was then placed.
    public var finalError: Double? { errors.last }
    /// Mean of `errors` (nil when there are none).
    public var meanError: Double? { errors.isEmpty ? nil : errors.reduce(0, +) / Double(errors.count) }
    /// True when two or more objects fed the instance (the blended twins of spec.md#twins-negative-result).
    public var isBlended: Bool { objectsFeeding > 1 }
}

/// Anchor accuracy of a whole registry against the ground truth: per-instance error and
/// purity, duplication of objects into several instances, and objects never anchored.
public struct AnchorAccuracy: Equatable, Sendable {
    /// One entry per instance, in the order given.
    public var instances: [InstanceAccuracy]
    /// The instances associated with each object that has any, in instance order.
    public var instancesOfObject: [Int64: [Int]]
    /// Non-person ground-truth objects no instance is associated with, sorted.
    public var neverAnchored: [Int64]

    /// Σ over objects of (instances associated − 1): one object split in two counts 1.
    public var duplication: Int { instancesOfObject.values.reduce(0) { $0 + $1.count - 1 } }
    /// Objects associated with more than one instance, sorted.
    public var duplicatedObjects: [Int64] { instancesOfObject.filter { $0.value.count > 1 }.keys.sorted() }
    /// Instances fed by more than one object.
    public var blendedInstances: [Int] { instances.filter(\.isBlended).map(\.instance) }
    /// Mean purity over instances (NaN without instances).
    public var meanPurity: Double {
        instances.isEmpty ? .nan : instances.map(\.purity).reduce(0, +) / Double(instances.count)
    }
    /// Every per-update error of every instance, pooled.
    public var allErrors: [Double] { instances.flatMap(\.errors) }
    /// The object each associated instance stands for, by instance id.
    public var objectOfInstance: [Int: Int64] {
        var map: [Int: Int64] = [:]
        for entry in instances { if let object = entry.object { map[entry.instance] = object } }
        return map
    }

    /// Judges `histories` against the ground truth.
    ///
    /// - Parameters:
    ///   - histories: the instances, each with its updates and feeding detections.
    ///   - objectOfDetection: the object each detection saw (see `DetectionObjects.assign`);
    ///     detections missing from it saw none.
    ///   - objects: the ground-truth objects (persons are left out of `neverAnchored`).
    ///   - placements: where the objects truly were, for the errors.
    public init(
        histories: [AnchorHistory], objectOfDetection: [Int64: Int64],
        objects: [GroundTruthObject], placements: [GroundTruthPlacement]
    ) {
        let timeline = PlacementTimeline(placements)
        instances = histories.map { Self.judge($0, objectOfDetection: objectOfDetection, timeline: timeline) }
        var grouped: [Int64: [Int]] = [:]
        for entry in instances { if let object = entry.object { grouped[object, default: []].append(entry.instance) } }
        instancesOfObject = grouped
        neverAnchored = objects.filter { !$0.isPerson && grouped[$0.id] == nil }.map(\.id).sorted()
    }

    private static func judge(_ history: AnchorHistory, objectOfDetection: [Int64: Int64], timeline: PlacementTimeline) -> InstanceAccuracy {
        var votes: [Int64: Int] = [:]
        for detection in history.detections { if let object = objectOfDetection[detection] { votes[object, default: 0] += 1 } }
        let majority = votes.max { ($0.value, -$0.key) < ($1.value, -$1.key) }
        let feedCount = history.detections.count
        var errors: [Double] = []
        if let object = majority?.key {
            for update in history.updates {
                if let truth = timeline.position(of: object, at: update.time) { errors.append(update.position.distance(truth)) }
            }
        }
        return InstanceAccuracy(
            instance: history.instance, object: majority?.key, feedCount: feedCount, objectsFeeding: votes.count,
            purity: feedCount > 0 ? Double(majority?.value ?? 0) / Double(feedCount) : 0, errors: errors)
    }
}
