/// Converts MOTChallenge rows (read by `MOTChallengeReader`) into recording rows.
///
/// Frame numbers are kept as they are (MOTChallenge counts from 1), so the recording
/// needs frames with those numbers, e.g. from `TUMTrajectory.frames(_:…firstIndex: 1)`.
/// MOTChallenge has no physical sizes or poses; only boxes and ids are carried over.
public enum MOTChallengeImport {
    /// Tracker (or detector) rows as detections: `id` becomes the app track id, `conf` the
    /// score. Detection ids are numbered from `firstID` in row order.
    public static func detections(from rows: MOTRows, label: String, firstID: Int64 = 1) -> [Detection] {
        (0..<rows.count).map { index in
            Detection(
                id: firstID + Int64(index), frame: Int64(rows.frame[index]), label: label,
                score: rows.confidence[index], box: box(rows, index), trackID: Int64(rows.id[index]))
        }
    }

    /// Ground-truth rows as ground-truth boxes of objects numbered by their MOTChallenge id.
    ///
    /// Rows with `conf` 0 (MOTChallenge's "ignore" marker) are skipped. The reader keeps no
    /// visibility column, so every box gets visibility 1. Box ids are numbered from
    /// `firstID` in row order.
    public static func groundTruthBoxes(from rows: MOTRows, firstID: Int64 = 1) -> [GroundTruthBox] {
        let kept = (0..<rows.count).filter { rows.confidence[$0] != 0 }
        return kept.enumerated().map { offset, index in
            GroundTruthBox(
                id: firstID + Int64(offset), frame: Int64(rows.frame[index]), object: Int64(rows.id[index]),
                box: box(rows, index), visibility: 1)
        }
    }

    /// One ground-truth object per distinct id of `boxes`, with the given label and size.
    ///
    /// MOTChallenge files carry no physical size: `extent` is the caller's stated size
    /// (e.g. a typical pedestrian's 0.5 × 1.7 × 0.3 m), recorded as such in `description`.
    public static func groundTruthObjects(
        for boxes: [GroundTruthBox], label: String, extent: SIMD3<Double>, isPerson: Bool
    ) -> [GroundTruthObject] {
        Set(boxes.map(\.object)).sorted().map {
            GroundTruthObject(id: $0, label: label, extent: extent, isPerson: isPerson,
                              description: "imported from MOTChallenge; extent assumed, not measured")
        }
    }

    private static func box(_ rows: MOTRows, _ index: Int) -> PixelBox {
        PixelBox(x: rows.left[index], y: rows.top[index], width: rows.width[index], height: rows.height[index])
    }
}
