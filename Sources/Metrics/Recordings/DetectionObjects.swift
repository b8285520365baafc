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
            let seen = corners(detection.box)
            var best: (iou: Double, object: Int64)?
            for truth in truthOfFrame[detection.frame] ?? [] {
                let iou = BoxSimilarity.trackEvalIoU(seen, corners(truth.box))
                guard iou >= minimumIoU else { continue }
                if let b = best, (b.iou, -b.object) >= (iou, -truth.object) { continue }
                best = (iou, truth.object)
            }
            if let best { result[detection.id] = best.object }
        }
        return result
    }

    private static func corners(_ box: PixelBox) -> BoxCorners {
        BoxCorners(left: box.x, top: box.y, width: box.width, height: box.height, convention: .trackeval)
    }
}
