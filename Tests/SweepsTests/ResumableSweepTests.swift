import EvalNumerics
import Foundation
import Sweeps
import Synchronization
import Testing
import Warmth

/// The shared sweep engine: batches, checkpoints, resumption and shards' subsets, on a toy
/// subject and on the warmth finder; and the neighbourhood choice.
@Suite struct ResumableSweepTests {
    /// Point p, unit u has components [p, u, p·u]; every evaluated point is logged.
    final class Toy: SweepSubject, @unchecked Sendable {
        let pointCount = 10, unitCount = 3, componentCount = 3
        let asked = Mutex<[Int]>([])
        func evaluate(_ points: [Int]) -> [[[Double]]] {
            asked.withLock { $0 += points }
            return points.map { p in (0..<unitCount).map { u in [Double(p), Double(u), Double(p * u)] } }
        }
    }

    @Test func aStoppedSweepResumesWithoutRedoingItsBatches() throws {
        var fresh = SweepCheckpoint(fingerprint: "toy")
        let straight = try #require(try ResumableSweep.run(Toy(), checkpoint: &fresh, batchSize: 4))
        let toy = Toy()
        var checkpoint = SweepCheckpoint(fingerprint: "toy")
        var batches = 0
        let stopped = try ResumableSweep.run(toy, checkpoint: &checkpoint, batchSize: 4) { _, done in
            batches += 1
            #expect(done == 4)
            return false
        }
        #expect(stopped == nil && batches == 1 && checkpoint.points == [0, 1, 2, 3])
        let resumed = Toy()
        let again = try #require(try ResumableSweep.run(resumed, checkpoint: &checkpoint, batchSize: 4))
        #expect(resumed.asked.withLock { $0 } == Array(4..<10))
        #expect(again == straight && checkpoint.points == Array(0..<10))
    }

    @Test func onlyRunsTheGivenPointsAndUsesKnownOnes() throws {
        let toy = Toy()
        var checkpoint = SweepCheckpoint(fingerprint: "toy")
        let known = [7: [[-1.0, -1, -1]]]
        let done = try #require(try ResumableSweep.run(toy, checkpoint: &checkpoint, known: known, only: [2, 5, 7], batchSize: 2))
        #expect(toy.asked.withLock { $0 } == [2, 5])
        #expect(done.keys.sorted() == [2, 5, 7] && done[7] == known[7] && checkpoint.points == [2, 5])
    }

    @Test func theChoicePrefersAPointWhoseNeighboursAreFeasible() {
        // 1-D grid of 5: points 0, 1, 2 and 4 feasible; 4 is best but its neighbour 3 is not
        let shape = GridShape([5])
        let order = [3, 2, 1, 9, 0]  // smaller is better
        let choice = NeighbourhoodChoice(feasible: [true, true, true, false, true], shape: shape) { order[$0] < order[$1] }
        #expect(choice.point == 1 && choice.robust && choice.bestFeasible == 4 && choice.feasible == 4)
        let isolated = NeighbourhoodChoice(feasible: [false, true, false, false, true], shape: shape) { order[$0] < order[$1] }
        #expect(isolated.point == 4 && !isolated.robust && isolated.bestFeasible == 4)
        let none = NeighbourhoodChoice(feasible: [false, false, false, false, false], shape: shape) { $0 < $1 }
        #expect(none.point == nil && none.bestFeasible == nil && none.feasible == 0)
    }

    @Test func gridShapeIndicesRoundTripInCOrder() {
        let shape = GridShape([2, 3, 4])
        #expect(shape.count == 24 && shape.indices(5) == [0, 1, 1] && shape.flat([1, 2, 3]) == 23)
        for i in 0..<shape.count { #expect(shape.flat(shape.indices(i)) == i) }
        #expect(shape.neighbours([0, 1, 3]) == [[1, 1, 3], [0, 0, 3], [0, 2, 3], [0, 1, 2]])
    }

    @Test func warmthComponentsGiveTheSummarysFiguresAtEveryPoint() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("warmth-sweep-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var simulator = TrialSimulator()
        simulator.sessions = 2
        simulator.trialsPerSession = 4
        simulator.absentPerSession = 1
        try simulator.write(to: folder)
        let trials = try TrialReader.readCorpus(index: folder + "/index.json")
        let grid = WarmthGrid(tau: [0.005, 0.02], floor: [0.2, 0.24], alpha: [0.3], warmOn: [0.35, 0.5], warmGap: [0, 0.1],
                              foundScore: [0.5, 0.65], kn: [[1, 1], [3, 5]])
        let sweep = WarmthSweep(trials: trials, grid: grid, base: FinderParameters())
        let points = Array(0..<grid.count)
        let components = sweep.evaluate(points)
        #expect(components.count == grid.count && components.allSatisfy { $0.count == trials.count })
        var differing = 0
        for p in points {
            let summary = WarmthSummary(sweep.traces(at: p), horizons: [5, 10], minWarmS: 1)
            if WarmthPointFigures(components[p], horizons: [5, 10]) != summary.figures { differing += 1 }
        }
        #expect(differing == 0)
        // the points differ among themselves, so the equality above is not vacuous
        #expect(Set(points.map { WarmthPointFigures(components[$0], horizons: [5]).ttf.median }).count > 1)
    }
}
