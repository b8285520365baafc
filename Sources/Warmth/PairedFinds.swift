import EvalNumerics
import Foundation

/// Paired comparison of two parameter sets on the same trials (spec.md#warmth-selection).
public struct PairedFinds: Sendable, Codable, Equatable {
    /// Present trials the candidate found earlier, later or at the same time as the baseline.
    public var earlier = 0, later = 0, same = 0
    /// Present trials only the candidate found, only the baseline found, or neither found.
    public var onlyCandidate = 0, onlyBaseline = 0, neither = 0
    /// Median TTF difference (candidate − baseline), nil when either median is not reached.
    public var medianDifference: Double?
    /// Session-bootstrap percentile interval of the difference, over resamples where both medians exist.
    public var differenceLower: Double?
    /// Upper end of that interval.
    public var differenceUpper: Double?
    /// Resamples where a median was not reached (left out of the interval).
    public var undefinedResamples = 0
    /// Resamples drawn.
    public var resamples = 0

    /// Compares `candidate` with `baseline` trial by trial: both are ``WarmthTrialComponent``
    /// vectors in the same trial order, `sessions` the trials' session ids.
    public init(candidate: [[Double]], baseline: [[Double]], sessions trialSessions: [String], resamples: Int, seed: UInt64) {
        typealias C = WarmthTrialComponent
        func find(_ t: [Double]) -> Double? { let f = t[C.firstCorrectFind.rawValue]; return f.isNaN ? nil : f }
        func isPresent(_ t: [Double]) -> Bool { t[C.targetPresent.rawValue] == 1 }
        for (c, b) in zip(candidate, baseline) where isPresent(c) {
            switch (find(c), find(b)) {
            case let (x?, y?): if x < y { earlier += 1 } else if x > y { later += 1 } else { same += 1 }
            case (_?, nil): onlyCandidate += 1
            case (nil, _?): onlyBaseline += 1
            case (nil, nil): neither += 1
            }
        }
        func median(_ trials: [[Double]]) -> Double? {
            KaplanMeier(trials.filter(isPresent).map { (find($0) ?? $0[C.exposure.rawValue], find($0) != nil) }).median
        }
        if let a = median(candidate), let b = median(baseline) { medianDifference = a - b }
        let sessions = Array(Set(trialSessions)).sorted()
        let bySession = Dictionary(grouping: trialSessions.indices, by: { trialSessions[$0] })
        var g = SplitMix64(seed: seed)
        var diffs: [Double] = []
        self.resamples = resamples
        for _ in 0..<resamples {
            var c: [[Double]] = [], b: [[Double]] = []
            for _ in sessions {
                let members = bySession[sessions[Int(g.next() % UInt64(sessions.count))]] ?? []
                c += members.map { candidate[$0] }
                b += members.map { baseline[$0] }
            }
            if let x = median(c), let y = median(b) { diffs.append(x - y) } else { undefinedResamples += 1 }
        }
        if !diffs.isEmpty {
            differenceLower = Quantile.linear(diffs, 0.025)
            differenceUpper = Quantile.linear(diffs, 0.975)
        }
    }
}
