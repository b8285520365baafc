/// COCOeval's matching of one image and category in one area range (`spec.md#coco-matching`).
///
/// Ground truth is flagged ignored when it is a crowd region or its `area` is outside the
/// range, and stably reordered with the ignored last. For every IoU threshold on its own,
/// detections in descending score order each take the box they overlap most (IoU ≥ the
/// threshold; on a tie the later box in that order), skipping boxes already taken (crowd
/// regions never are) and never trading a real box for an ignored one once a real box is
/// the candidate. This is greedy, not an optimal assignment, on purpose.
public struct COCOImageMatching: Equatable, Sendable {
    /// What a detection counts as at one threshold.
    public enum Outcome: UInt8, Sendable {
        /// Unmatched and not ignored.
        case falsePositive = 0
        /// Matched to a ground-truth box that is not ignored.
        case truePositive = 1
        /// Matched to an ignored box, or unmatched with its own area outside the range.
        case ignored = 2
    }

    /// Ground-truth boxes that count (not crowd, area in range).
    public var countedGroundTruth: Int
    /// `outcomes[t · D + d]` for threshold t and detection d (score order).
    public var outcomes: [Outcome]

    /// Matches the detections (score order) against the ground truth.
    ///
    /// - Parameters:
    ///   - ious: `ious[d · G + g]`, in the ground truth's file order.
    ///   - groundTruthAreas, crowd: per ground-truth box, file order.
    ///   - detectionAreas: per detection, score order.
    public init(ious: UnsafeBufferPointer<Double>, groundTruthAreas: [Double], crowd: [Bool], detectionAreas: [Double],
                range: COCOParameters.AreaRange, thresholds: [Double]) {
        var raw = [UInt8](repeating: 0, count: thresholds.count * detectionAreas.count)
        var buffers = Buffers()
        countedGroundTruth = Self.match(ious: ious, groundTruthAreas: groundTruthAreas[...], crowd: crowd[...],
                                        detectionAreas: detectionAreas[...], range: range, thresholds: thresholds,
                                        into: &raw, at: 0, buffers: &buffers)
        outcomes = raw.map { Outcome(rawValue: $0)! }
    }

    /// Working storage of ``match(ious:groundTruthAreas:crowd:detectionAreas:range:thresholds:into:at:buffers:)``,
    /// kept from call to call so that matching many cells allocates nothing per cell.
    struct Buffers {
        var order: [Int] = []
        var ignored: [Bool] = []
        var taken: [Bool] = []
    }

    /// The matching written as raw ``Outcome`` values into `outcomes[offset + t · D + d]`;
    /// returns the number of counted ground-truth boxes. The slices are indexed from their start.
    static func match(ious: UnsafeBufferPointer<Double>, groundTruthAreas: ArraySlice<Double>, crowd crowdSlice: ArraySlice<Bool>,
                      detectionAreas: ArraySlice<Double>, range: COCOParameters.AreaRange, thresholds: [Double],
                      into outcomes: inout [UInt8], at offset: Int, buffers: inout Buffers) -> Int {
        let g = groundTruthAreas.count, d = detectionAreas.count
        let areas = groundTruthAreas.startIndex, crowdStart = crowdSlice.startIndex, detectionStart = detectionAreas.startIndex
        func crowd(_ j: Int) -> Bool { crowdSlice[crowdStart + j] }
        // Stable order: counted boxes first, ignored after, each group in file order.
        buffers.order.removeAll(keepingCapacity: true)
        buffers.ignored.removeAll(keepingCapacity: true)
        for j in 0..<g {
            buffers.ignored.append(crowd(j) || range.excludes(groundTruthAreas[areas + j]))
            if !buffers.ignored[j] { buffers.order.append(j) }
        }
        let counted = buffers.order.count
        for j in 0..<g where buffers.ignored[j] { buffers.order.append(j) }
        let order = buffers.order, ignored = buffers.ignored

        buffers.taken.removeAll(keepingCapacity: true)
        buffers.taken.append(contentsOf: repeatElement(false, count: g))
        for (t, threshold) in thresholds.enumerated() {
            if g > 0 { for j in 0..<g { buffers.taken[j] = false } }
            for i in 0..<d {
                var best = min(threshold, 1 - 1e-10)
                var match = -1
                if g > 0 {
                    for j in order {
                        if buffers.taken[j] && !crowd(j) { continue }
                        if match > -1 && !ignored[match] && ignored[j] { break }
                        let iou = ious[i * g + j]
                        if iou < best { continue }
                        best = iou
                        match = j
                    }
                }
                let outcome: Outcome
                if match >= 0 {
                    buffers.taken[match] = true
                    outcome = ignored[match] ? .ignored : .truePositive
                } else {
                    outcome = range.excludes(detectionAreas[detectionStart + i]) ? .ignored : .falsePositive
                }
                outcomes[offset + t * d + i] = outcome.rawValue
            }
        }
        return counted
    }
}
