import EvalNumerics
import Sweeps

/// Where one swept recording came from, as its verdict weighs it (spec.md#sweep-verdict-recorded):
/// simulated, or recorded and in which cluster of sessions that share a room.
public struct RecordingOrigin: Sendable, Equatable {
    /// True for a recorded session (`RecordingData.isSimulated` is false).
    public var recorded: Bool
    /// Recorded sessions with the same non-empty cluster (their `meta.room`) are resampled
    /// together; an empty cluster is a cluster of its own.
    public var cluster: String

    /// A simulated recording.
    public static let simulated = RecordingOrigin(recorded: false, cluster: "")

    /// Creates an origin from its parts.
    public init(recorded: Bool, cluster: String) {
        self.recorded = recorded
        self.cluster = cluster
    }

    /// The origin `meta` states: recorded unless a simulator made it; the cluster is `meta.room`
    /// for recorded sessions (simulated recordings are independent draws whatever room they name).
    public init(meta: [String: String]) {
        recorded = !RecordingData(meta: meta).isSimulated
        cluster = recorded ? meta["room"] ?? "" : ""
    }
}

/// One source's judgement of a sweep: its recordings and the assessment made on them alone.
public struct SourcedAssessment: Sendable {
    /// Simulated or recorded, with the sessions and clusters behind a recorded verdict.
    public var source: VerdictSource
    /// The recordings judged (indices into ``SweepResults/recordings``).
    public var recordings: [Int]
    /// The recommendation and verdicts on those recordings.
    public var assessment: SweepAssessment
}

extension SweepResults {
    /// The recordings of each source present, simulated first: simulated and recorded evidence
    /// are never pooled (spec.md#sweep-verdict-recorded).
    public var sourceGroups: [(recorded: Bool, recordings: [Int])] {
        let origins = self.origins.count == recordings.count ? self.origins : recordings.map { _ in RecordingOrigin.simulated }
        return [false, true].compactMap { recorded in
            let members = origins.indices.filter { origins[$0].recorded == recorded }
            return members.isEmpty ? nil : (recorded, members)
        }
    }

    /// Sweep `k` judged once per source present (simulated first). A sweep of one simulated
    /// source is judged as before, on every recording; recorded sessions are resampled in
    /// clusters of sessions sharing a room.
    public func assessments(_ k: Int) throws -> [SourcedAssessment] {
        let sweep = sweeps[k]
        return try sourceGroups.map { group in
            if !group.recorded && group.recordings.count == recordings.count {
                return SourcedAssessment(source: .simulated, recordings: group.recordings,
                                         assessment: try sweep.assessment(bootstrap, rules: verdictRules, placements: placements(k)))
            }
            let part = sweep.restricted(to: group.recordings)
            var clusters: [[Int]]?
            var source = VerdictSource.simulated
            if group.recorded {
                clusters = Self.clusters(group.recordings.map { origins[$0].cluster })
                source = .recorded(sessions: group.recordings.count, clusters: clusters!.count)
            }
            let plan = try part.plan()
            let r = Recommendation(plan: plan, outcome: part.outcome, objective: part.definition.objective, resamples: bootstrap.replicates,
                                   confidence: bootstrap.confidence, seed: bootstrap.seed, clusters: clusters)
            let assessment = SweepAssessment(
                plan: plan, outcome: part.outcome, shipped: part.shipped, objective: part.definition.objective, recommendation: r,
                variants: group.recorded ? [] : part.variants, widenings: part.widenings, rules: verdictRules, source: source,
                placements: group.recorded ? [] : placements(k), harmBootstrap: (bootstrap.replicates, bootstrap.confidence, bootstrap.seed))
            return SourcedAssessment(source: source, recordings: group.recordings, assessment: assessment)
        }
    }

    /// Clusters of `labels` (local indices): equal non-empty labels together, in first-seen
    /// order; an empty label alone.
    public static func clusters(_ labels: [String]) -> [[Int]] {
        var result: [[Int]] = [], slot: [String: Int] = [:]
        for (k, label) in labels.enumerated() {
            if !label.isEmpty, let s = slot[label] { result[s].append(k); continue }
            if !label.isEmpty { slot[label] = result.count }
            result.append([k])
        }
        return result
    }

    /// The measured assumptions of sweep `k` placed on its pivots, per swept key (empty lists
    /// without measurements; spec.md#sweep-pivot-measured).
    public func placements(_ k: Int) -> [[PivotPlacement]] {
        let sweep = sweeps[k]
        guard sweep.pivots.contains(where: { $0.measurement != nil }), let plan = try? sweep.plan(),
              let chosen = try? sweep.recommendation(bootstrap).chosen else { return [] }
        return plan.keys.indices.map { a in
            sweep.pivots.compactMap { $0.placement(plan.shipped[a], recommended: plan.points[chosen][a], axis: a) }
        }
    }
}

extension SweepResult {
    /// The sweep's components, shipped components and variants kept for `recordings` only (in
    /// that order): the evidence of one source.
    public func restricted(to recordings: [Int]) -> SweepResult {
        var part = self
        part.outcome = SweepOutcome(components: outcome.components.map { rows in recordings.map { rows[$0] } })
        part.shipped = recordings.map { shipped[$0] }
        return part
    }
}
