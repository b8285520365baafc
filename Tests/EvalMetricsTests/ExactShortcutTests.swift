import EvalNumerics
import Recording
import Testing

@testable import EvalMetrics

/// The fast paths (disjoint pairs, per-component enumeration, identity components)
/// must give exactly what solving every dense matrix gives.
@Suite("Shortcuts are exact")
struct ExactShortcutTests {
    @Test("CLEAR and HOTA with shortcuts equal the all-dense computation", arguments: 0..<40)
    func matchingShortcuts(seed: UInt64) throws {
        let sequence = SyntheticSequences.make(seed: seed, frames: 30, objects: 3 + Int(seed % 9))
        let prepared = try PreparedSequence(sequence, convention: .trackeval)
        let table = SimilarityTable(prepared)
        var noEvents: MatchEvents? = nil
        let fastCLEAR = CLEARMatcher.evaluate(prepared, table: table, events: &noEvents)
        let denseCLEAR = CLEARMatcher.evaluate(prepared, table: table, events: &noEvents, shortcuts: false)
        #expect(fastCLEAR == denseCLEAR)
        let fastHOTA = HOTAMatcher.evaluate(prepared, table: table)
        let denseHOTA = HOTAMatcher.evaluate(prepared, table: table, shortcuts: false)
        #expect(fastHOTA == denseHOTA)
    }

    @Test("identity by components equals TrackEval's dense (G+T)² assignment", arguments: 0..<60)
    func identityComponents(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let gtIDs = Int(random.next() % 7) + 1, trackerIDs = Int(random.next() % 9) + 1
        let gtCount = (0..<gtIDs).map { _ in Int(random.next() % 20) + 1 }
        let trackerCount = (0..<trackerIDs).map { _ in Int(random.next() % 20) + 1 }
        var overlaps: [(Int, Int, Int)] = []
        for g in 0..<gtIDs {
            for h in 0..<trackerIDs where random.next() % 3 == 0 {
                overlaps.append((g, h, Int(random.next() % UInt64(min(gtCount[g], trackerCount[h]) + 1))))
            }
        }
        let ours = IdentityAssignment.counts(groundTruthCount: gtCount, trackerCount: trackerCount, overlaps: overlaps)
        // TrackEval's construction: fn + fp over a square matrix with dummy rows and columns.
        let n = gtIDs + trackerIDs
        var fn = [Double](repeating: 0, count: n * n), fp = fn
        for h in 0..<trackerIDs { for r in gtIDs..<n { fp[r * n + h] = 1e10 } }
        for g in 0..<gtIDs { for c in trackerIDs..<n { fn[g * n + c] = 1e10 } }
        for g in 0..<gtIDs {
            for h in 0..<trackerIDs { fn[g * n + h] = Double(gtCount[g]) }
            fn[g * n + trackerIDs + g] = Double(gtCount[g])
        }
        for h in 0..<trackerIDs {
            for g in 0..<gtIDs { fp[g * n + h] = Double(trackerCount[h]) }
            fp[(h + gtIDs) * n + h] = Double(trackerCount[h])
        }
        for (g, h, c) in overlaps {
            fn[g * n + h] -= Double(c)
            fp[g * n + h] -= Double(c)
        }
        var solver = LinearAssignmentSolver()
        let assignment = try solver.solve(costs: zip(fn, fp).map { $0 + $1 }, rows: n, columns: n)
        let idfn = assignment.enumerated().reduce(0.0) { $0 + fn[$1.offset * n + $1.element] }
        let idfp = assignment.enumerated().reduce(0.0) { $0 + fp[$1.offset * n + $1.element] }
        #expect(ours.falseNegatives == Int(idfn))
        #expect(ours.falsePositives == Int(idfp))
        #expect(ours.truePositives == gtCount.reduce(0, +) - Int(idfn))
    }
}
