import Evaluation
import EvalResults

extension ReportDocument {
    /// The two anchoring policies side by side (spec.md#policy-comparison): one row per
    /// policy, pooled over the run's recordings, intervals over whole recordings.
    public mutating func policySection(_ results: RunResults) {
        guard results.recordings.contains(where: { !$0.policyInstances.isEmpty }) else { return }
        heading("Anchoring policies side by side", 2)
        table(PolicyTable.rows(results))
        let confidence = ReportNumber.fixed(results.bootstrap.confidence * 100, 0)
        paragraph("Both policies replayed on the same fused world observations of the \(results.recordings.count) recordings "
            + "(\(results.recordings.reduce(0) { $0 + $1.observationCount }) observations), so every difference comes from the policy. "
            + "Estimate [\(confidence)% interval], whole recordings resampled (\(results.bootstrap.method) bootstrap, "
            + "\(results.bootstrap.replicates) replicates, seed \(results.bootstrap.seed)). Duplicates, blended, drift and time count only anchors a user would see: "
            + "LocalLens shows an instance at creation, RealityRogue after its confirm hits. Objects with a shown anchor: ground-truth objects, "
            + "counted per recording, that at least one shown anchor stands for. Anchor error: every update of every anchor (shown or not) against its "
            + "object's true position; duplicates: objects shown as more than one anchor (extra anchors counted); blended: shown anchors "
            + "fed by two or more objects; label drift: how far a shown anchor moved between being shown and its last update; time to a "
            + "confirmed anchor: from an object's first observation to the first anchor of it being shown (spec.md#policy-comparison).")
    }
}

/// The side-by-side table of the anchoring policies, shared by the run report and `compare`.
public enum PolicyTable {
    /// Header and one row per policy.
    public static func rows(_ results: RunResults) -> [[String]] {
        [["policy", "anchors shown (of created)", "objects with a shown anchor"] + PolicyFigures.figures.map(\.title)]
            + AnchoringPolicy.allCases.map { policy in
            let all = results.recordings.flatMap { $0.policyInstances.filter { $0.policy == policy.rawValue } }
            let objects = results.recordings.reduce(0) { total, r in
                total + Set(r.policyInstances.filter { $0.policy == policy.rawValue && $0.confirmed == 1 && $0.object >= 0 }.map(\.object)).count
            }
            return [policy.title, "\(all.filter { $0.confirmed == 1 }.count) (of \(all.count))", "\(objects)"] + PolicyFigures.figures.map { figure in
                let interval = results.recordingIntervals.interval(figure.name, Double(policy.rawValue))
                    ?? IntervalEstimate(estimate: PolicyFigures.value(figure.name, policy: policy.rawValue, results.recordings), lower: .nan, upper: .nan)
                return figure.isCount ? ReportNumber.interval(interval, digits: 0) : ReportNumber.interval(interval)
            }
        }
    }
}
