import Recording

/// Which ground-truth object each detection saw.
///
/// Rule: a detection belongs to the object whose ground-truth box on the same frame has
/// the highest IoU with the detection's box, provided that IoU is at least `minimumIoU`
/// (0.5 by default, the PASCAL VOC true-positive rule). Labels are not compared (a
/// mislabelled detection of a cup still saw the cup) and the assignment is per detection,
/// not one-to-one: two detections may both belong to one object. Detections below the
/// threshold belong to no object (false positives, or boxes too far off to say). Ties go to
/// the smaller object id. IoU as TrackEval computes it (`BoxSimilarity.trackEvalIoU`).
public enum DetectionObjects {
    /// The object of every detection of `recording` that has one, keyed by detection id.
    public static func assign(_ recording: Recording, minimumIoU: Double = 0.5) -> [Int64: Int64] {
        var truthOfFrame: [Int64: [GroundTruthBox]] = [:]
        for box in recording.groundTruthBoxes { truthOfFrame[box.frame, default: []].append(box) }
        var result: [Int64: Int64] = [:]
        for detection in recording.detections {
            if let object = bestOverlap(detection.box, among: truthOfFrame[detection.frame] ?? [], minimumIoU: minimumIoU) {
                result[detection.id] = object
            }
        }
        return result
    }

    /// The object of the box among `truth` with the highest IoU with `box`, at least
    /// `minimumIoU`; ties go to the smaller object id; nil when none reaches it.
    public static func bestOverlap(_ box: PixelBox, among truth: [GroundTruthBox], minimumIoU: Double) -> Int64? {
        let seen = corners(box)
        var best: (iou: Double, object: Int64)?
        for candidate in truth {
            let iou = BoxSimilarity.trackEvalIoU(seen, corners(candidate.box))
            guard iou >= minimumIoU else { continue }
            if let b = best, (b.iou, -b.object) >= (iou, -candidate.object) { continue }
            best = (iou, candidate.object)
        }
        return best?.object
    }

    private static func corners(_ box: PixelBox) -> BoxCorners {
        BoxCorners(left: box.x, top: box.y, width: box.width, height: box.height, convention: .trackeval)
    }
}


/// Where each ground-truth object truly was at any time, from `gt_placements`.
public struct PlacementTimeline: Sendable {
    private let placementsOf: [Int64: [GroundTruthPlacement]]

    /// Indexes `placements` by object.
    public init(_ placements: [GroundTruthPlacement]) {
        var byObject: [Int64: [GroundTruthPlacement]] = [:]
        for placement in placements { byObject[placement.object, default: []].append(placement) }
        placementsOf = byObject.mapValues { $0.sorted { $0.from < $1.from } }
    }

    /// The centre of `object` at time `t` (`from ≤ t < to`), or nil when it was absent.
    public func position(of object: Int64, at t: Double) -> SIMD3<Double>? {
        placementsOf[object]?.first { $0.from <= t && t < ($0.to ?? .infinity) }?.position
    }
}

extension SIMD3 where Scalar == Double {
    /// Euclidean distance to `other`.
    func distance(_ other: SIMD3<Double>) -> Double {
        let d = self - other
        return (d * d).sum().squareRoot()
    }
}
