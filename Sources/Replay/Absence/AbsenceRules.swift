import Recording

/// Why a look at a stored anchor proves nothing (spec.md#absence-evidence).
public enum NoEvidenceReason: String, Codable, Sendable, Hashable {
    /// The spot is behind the camera or outside the image.
    case outOfView
    /// The spot is farther than the range gate (size × 10, clamped to 2–4 m).
    case outOfRange
    /// LiDAR reports something nearer than the spot: an occluder (a person, a moved chair).
    case occluded
    /// No LiDAR depth at the spot.
    case noDepth
}

/// What one look at a stored anchor proves (spec.md#absence-evidence).
public enum AbsenceLook: Hashable, Sendable {
    /// The spot is in view and in range, LiDAR sees it clearly, and no same-label box covers it.
    case absent
    /// A same-label detection box covers the spot: a sighting.
    case covered
    /// Nothing can be concluded.
    case noEvidence(NoEvidenceReason)
}

/// A stored anchor the absence sweep may look at.
public struct AbsenceTarget: Equatable, Sendable {
    /// The registry's instance id.
    public var instance: Int
    /// The instance's label.
    public var label: String
    /// The stored anchor, world metres.
    public var position: SIMD3<Double>
    /// The object's size in metres (its largest physical dimension).
    public var size: Double
    /// Persons are exempt from absence (spec.md#absence-persons-exempt: "a missing person is meaningless").
    public var isPerson: Bool

    /// Creates a target from its parts.
    public init(instance: Int, label: String, position: SIMD3<Double>, size: Double, isPerson: Bool = false) {
        self.instance = instance
        self.label = label
        self.position = position
        self.size = size
        self.isPerson = isPerson
    }
}

/// The absence sweep's per-look rules as pure functions (spec.md#absence-evidence).
public enum AbsenceRules {
    /// The range gate: object size × 10, clamped to 2–4 m.
    public static func rangeGate(size: Double, configuration c: AbsenceConfiguration) -> Double {
        min(max(size * c.rangePerSize, c.minRange), c.maxRange)
    }

    /// Classifies one look at `target` from `frame`, given the frame's detections and the
    /// LiDAR depth (metres along −z) at the pixel where the anchor projects, if any.
    /// Order: out of view, then covered, then out of range, then the clear-sightline test.
    public static func look(
        at target: AbsenceTarget, frame: Frame, detections: ArraySlice<Detection>, lidarDepth: (SIMD2<Double>) -> Double?,
        configuration c: AbsenceConfiguration
    ) -> AbsenceLook {
        sightline(at: target, frame: frame, detections: detections, lidarDepth: lidarDepth).look(configuration: c)
    }

    /// What one look at `target` from `frame` sees before any constant is applied: whether
    /// the spot is in view, whether a same-label box covers it, and else its range, the
    /// target's size, the spot's depth along the view and the LiDAR depth there.
    public static func sightline(
        at target: AbsenceTarget, frame: Frame, detections: ArraySlice<Detection>, lidarDepth: (SIMD2<Double>) -> Double?
    ) -> AbsenceSightline {
        sightline(at: target, camera: FrameCamera(frame), detections: detections, lidarDepth: lidarDepth)
    }

    /// ``sightline(at:frame:detections:lidarDepth:)`` from the frame's camera read out once.
    public static func sightline(
        at target: AbsenceTarget, camera: FrameCamera, detections: ArraySlice<Detection>, lidarDepth: (SIMD2<Double>) -> Double?
    ) -> AbsenceSightline {
        guard let projection = camera.project(target.position), camera.isInImage(projection.pixel) else { return .outOfView }
        // By position: a detection is not copied to be compared.
        for k in detections.indices where detections[k].label == target.label && detections[k].box.contains(projection.pixel) {
            return .covered
        }
        let measured = lidarDepth(projection.pixel).flatMap { $0.isFinite ? $0 : nil }
        return .inView(range: target.position.distance(to: camera.position), size: target.size,
                       depth: projection.depth, measured: measured ?? .nan)
    }
}

/// What one look at a stored anchor sees, independent of the absence constants
/// (``AbsenceRules/sightline(at:frame:detections:lidarDepth:)``); ``look(configuration:)``
/// applies the range gate and the sightline tolerance. A sweep over those constants decides
/// this once per look and replays only the cheap rest (``AbsenceLookTable``).
public enum AbsenceSightline: Equatable, Sendable {
    /// The spot is behind the camera or outside the image.
    case outOfView
    /// A same-label detection box covers the spot.
    case covered
    /// The spot is in view and uncovered: its distance from the camera `range`, the
    /// target's `size`, the spot's `depth` along the viewing direction and the LiDAR depth
    /// `measured` there (NaN when LiDAR has no trusted return).
    case inView(range: Double, size: Double, depth: Double, measured: Double)

    /// The look under constants `c`: out of range beyond the gate, no evidence without
    /// LiDAR depth or with something nearer than the spot, else absent.
    public func look(configuration c: AbsenceConfiguration) -> AbsenceLook {
        switch self {
        case .outOfView: return .noEvidence(.outOfView)
        case .covered: return .covered
        case let .inView(range, size, depth, measured):
            guard range <= AbsenceRules.rangeGate(size: size, configuration: c) else { return .noEvidence(.outOfRange) }
            guard !measured.isNaN else { return .noEvidence(.noDepth) }
            guard measured >= depth - c.sightlineTolerance else { return .noEvidence(.occluded) }
            return .absent
        }
    }
}
