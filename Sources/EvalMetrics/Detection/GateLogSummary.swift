import EvalNumerics
import Recording

/// What a gate log says (`spec.md#gate-log`): timing windows aggregated after warm-up, per
/// thermal state, and each gate block compared with the photo's expected detections through
/// the pair analysis and the gate rules.
public enum GateLogSummary {
    /// Timing of a group of `STATS` windows.
    public struct Timing: Equatable, Sendable {
        /// The thermal state, or nil for windows that name none.
        public var thermal: String?
        /// Windows kept (after warm-up).
        public var windows: Int
        /// Median of the window medians, ms.
        public var medianMilliseconds: Double
        /// Smallest and largest window median, ms.
        public var minimumMilliseconds: Double
        /// Largest window median, ms.
        public var maximumMilliseconds: Double
        /// Median FPS of the windows.
        public var medianFPS: Double
    }

    /// The verdict on one gate block.
    public struct BlockVerdict: Sendable {
        /// The pairing with the expected list (nil without one).
        public var pairs: PairAnalysis?
        /// The rules applied (well-formedness first).
        public var rules: [ParityRule]
        /// Whether every rule holds.
        public var passed: Bool { rules.allSatisfy(\.passed) }
    }

    /// Drops the first `warmup` windows, then groups by thermal state (in order of first appearance).
    public static func timing(_ windows: [GateLog.StatsWindow], warmup: Int) -> [Timing] {
        let kept = windows.dropFirst(warmup)
        var order: [String?] = []
        for window in kept where !order.contains(window.fields["thermal"]) { order.append(window.fields["thermal"]) }
        return order.map { thermal in
            let group = kept.filter { $0.fields["thermal"] == thermal }
            let medians = group.map(\.medianMilliseconds)
            return Timing(thermal: thermal, windows: group.count, medianMilliseconds: Quantile.median(medians),
                          minimumMilliseconds: medians.min() ?? .nan, maximumMilliseconds: medians.max() ?? .nan,
                          medianFPS: Quantile.median(group.map(\.fps)))
        }
    }

    /// Compares a block with the expected detections at `settings` (labels become categories).
    public static func verdict(_ block: GateLog.Block, expected: [GateLog.Detection]?, settings: PairAnalysis.Settings,
                               limits: ParityLimits) -> BlockVerdict {
        var rules = [ParityRule("block well formed (no unparsed line, count matches GATE end)", measured: block.isWellFormed ? 1 : 0, limit: 1, atLeast: true)]
        guard let expected else { return BlockVerdict(pairs: nil, rules: rules) }
        // Boxes are compared in pixels of the reference photo; other units are never guessed at.
        if let units = block.settings["units"], units != "pixels" {
            rules.append(ParityRule("boxes in pixels (the block says units=\(units))", measured: 0, limit: 1, atLeast: true))
        }
        let labels = Array(Set(expected.map(\.label) + block.detections.map(\.label))).sorted()
        var ids: [String: Int] = [:]
        for (i, label) in labels.enumerated() { ids[label] = i + 1 }
        func results(_ list: [GateLog.Detection]) -> [COCOResults.Detection] {
            list.map { COCOResults.Detection(imageId: 1, categoryId: ids[$0.label]!, score: $0.score, bbox: $0.box, line: $0.line) }
        }
        let pairs = PairAnalysis(reference: results(expected), variant: results(block.detections), settings: settings)
        rules += limits.pairRules(pairs)
        return BlockVerdict(pairs: pairs, rules: rules)
    }
}
