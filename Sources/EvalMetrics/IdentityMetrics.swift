import EvalNumerics

/// The counts behind IDF1, IDR and IDP (Ristani et al. 2016).
public struct IdentityCounts: Sendable, Equatable {
    /// Identity true positives (`IDTP`).
    public var truePositives = 0
    /// Identity false negatives (`IDFN`).
    public var falseNegatives = 0
    /// Identity false positives (`IDFP`).
    public var falsePositives = 0

    /// Creates counts.
    public init(truePositives: Int = 0, falseNegatives: Int = 0, falsePositives: Int = 0) {
        self.truePositives = truePositives
        self.falseNegatives = falseNegatives
        self.falsePositives = falsePositives
    }

    /// Sums counts over sequences; identities are never matched across sequences.
    public static func combined(_ parts: [IdentityCounts]) -> IdentityCounts {
        parts.reduce(into: IdentityCounts()) {
            $0.truePositives += $1.truePositives
            $0.falseNegatives += $1.falseNegatives
            $0.falsePositives += $1.falsePositives
        }
    }

    /// TrackEval's fields: IDF1, IDR, IDP, IDTP, IDFN, IDFP.
    public var fields: [(String, MetricValue)] {
        let tp = Double(truePositives), fn = Double(falseNegatives), fp = Double(falsePositives)
        return [
            ("IDF1", .real(tp / max(1.0, tp + 0.5 * fp + 0.5 * fn))),
            ("IDR", .real(tp / max(1.0, tp + fn))),
            ("IDP", .real(tp / max(1.0, tp + fp))),
            ("IDTP", .integer(truePositives)),
            ("IDFN", .integer(falseNegatives)),
            ("IDFP", .integer(falsePositives)),
        ]
    }
}

/// The global identity assignment: the one-to-one matching of ground-truth ids to
/// tracker ids that maximises the number of frames in which matched ids overlap.
///
/// Instead of TrackEval's dense (G+T)² matrix, the bipartite graph of overlapping id
/// pairs is split into connected components and each is solved on its own: the
/// optimum value is unique, so the counts are identical, at a fraction of the cost.
enum IdentityAssignment {
    /// - Parameters:
    ///   - groundTruthCount: frames each ground-truth id is present.
    ///   - trackerCount: frames each tracker id is present.
    ///   - overlaps: (ground-truth id, tracker id, frames overlapping above threshold), each pair once.
    static func counts(groundTruthCount: [Int], trackerCount: [Int], overlaps: [(Int, Int, Int)]) -> IdentityCounts {
        let totalGT = groundTruthCount.reduce(0, +)
        let totalTracker = trackerCount.reduce(0, +)
        let matchedOverlap = maximumMatching(
            groundTruthIDs: groundTruthCount.count, trackerIDs: trackerCount.count, overlaps: overlaps)
        return IdentityCounts(
            truePositives: matchedOverlap, falseNegatives: totalGT - matchedOverlap,
            falsePositives: totalTracker - matchedOverlap)
    }

    /// Maximum total weight of a bipartite matching, solved per connected component.
    static func maximumMatching(groundTruthIDs: Int, trackerIDs: Int, overlaps: [(Int, Int, Int)]) -> Int {
        var partition = ComponentPartition(nodes: groundTruthIDs + trackerIDs)
        for (g, h, weight) in overlaps where weight > 0 { partition.union(g, groundTruthIDs + h) }
        var componentOf: [Int: Int] = [:]
        var edgesByComponent: [[(Int, Int, Int)]] = []
        for edge in overlaps where edge.2 > 0 {
            let r = partition.root(edge.0)
            let index: Int
            if let existing = componentOf[r] {
                index = existing
            } else {
                index = edgesByComponent.count
                componentOf[r] = index
                edgesByComponent.append([])
            }
            edgesByComponent[index].append(edge)
        }
        var solver = LinearAssignmentSolver()
        var total = 0
        for edges in edgesByComponent {
            if edges.count == 1 {
                total += edges[0].2
                continue
            }
            var rowOf: [Int: Int] = [:], columnOf: [Int: Int] = [:]
            for (g, h, _) in edges {
                if rowOf[g] == nil { rowOf[g] = rowOf.count }
                if columnOf[h] == nil { columnOf[h] = columnOf.count }
            }
            let rows = rowOf.count, columns = columnOf.count
            var costs = [Double](repeating: 0, count: rows * columns)
            var weights = [Int](repeating: 0, count: rows * columns)
            for (g, h, weight) in edges {
                let cell = rowOf[g]! * columns + columnOf[h]!
                costs[cell] = -Double(weight)
                weights[cell] = weight
            }
            guard let assignment = try? solver.solve(costs: costs, rows: rows, columns: columns) else {
                preconditionFailure("a finite matrix always has an assignment")
            }
            for (row, column) in assignment.enumerated() where column >= 0 {
                total += weights[row * columns + column]
            }
        }
        return total
    }
}

/// TrackEval's Identity metric on a prepared sequence (`trackeval/metrics/identity.py`).
enum IdentityMatcher {
    static func evaluate(_ sequence: PreparedSequence, table: SimilarityTable) -> IdentityCounts {
        let gt = sequence.groundTruth, trk = sequence.tracker
        if trk.count == 0 { return IdentityCounts(falseNegatives: gt.count) }
        if gt.count == 0 { return IdentityCounts(falsePositives: trk.count) }
        var gtPresence = [Int](repeating: 0, count: gt.idCount)
        var trackerPresence = [Int](repeating: 0, count: trk.idCount)
        for g in 0..<gt.count { gtPresence[Int(gt.id[g])] += 1 }
        for h in 0..<trk.count { trackerPresence[Int(trk.id[h])] += 1 }
        var overlapFrames = [Int](repeating: 0, count: table.slotCount)
        for k in 0..<table.entrySimilarity.count where table.entrySimilarity[k] >= 0.5 {
            overlapFrames[Int(table.entrySlot[k])] += 1
        }
        let overlaps = (0..<table.slotCount).map {
            (Int(table.slotGroundTruth[$0]), Int(table.slotTracker[$0]), overlapFrames[$0])
        }
        return IdentityAssignment.counts(groundTruthCount: gtPresence, trackerCount: trackerPresence, overlaps: overlaps)
    }
}
