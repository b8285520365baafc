import Foundation
import EvalNumerics
import TestSupport
import Testing

/// Random cost matrices built to provoke ties: small integer costs, repeated rows and
/// columns, tall and wide shapes, and forbidden (+∞) cells.
private func tieHeavyMatrices(count: Int, seed: UInt64) -> [(rows: Int, columns: Int, costs: [Double])] {
    var generator = SplitMix64(seed: seed)
    return (0..<count).map { index in
        let rows = Int(generator.next() % 9) + 1
        let columns = Int(generator.next() % 9) + 1
        let levels = index % 3 == 0 ? 2 : 5
        var costs = (0..<(rows * columns)).map { _ in Double(generator.next() % UInt64(levels)) }
        if index % 4 == 1 && rows > 1 {
            for c in 0..<columns { costs[columns + c] = costs[c] }  // duplicate the first row
        }
        if index % 5 == 2 {
            for k in costs.indices where generator.next() % 7 == 0 { costs[k] = -1000 - costs[k] * 0.25 }
        }
        if index % 6 == 3 {
            for k in costs.indices where generator.next() % 6 == 0 { costs[k] = .infinity }
        }
        return (rows, columns, costs)
    }
}

@Suite("Linear assignment")
struct LinearAssignmentTests {
    @Test("ties resolve exactly as scipy.optimize.linear_sum_assignment",
          .enabled(if: ReferencePython.isAvailable, "needs the reference Python (Scripts/test makes it)"))
    func matchesScipyPairForPair() throws {
        let problems = tieHeavyMatrices(count: 600, seed: 42)
        var lines: [String] = []
        for problem in problems {
            let cells = problem.costs.map { $0.isInfinite ? "inf" : "\($0)" }.joined(separator: " ")
            lines.append("\(problem.rows) \(problem.columns) \(cells)")
        }
        let script = """
            import sys, numpy as np
            from scipy.optimize import linear_sum_assignment
            for line in sys.stdin:
                f = line.split(); r, c = int(f[0]), int(f[1])
                m = np.array([float(x) for x in f[2:]]).reshape(r, c)
                try:
                    a, b = linear_sum_assignment(m)
                    out = [-1] * r
                    for i, j in zip(a, b): out[i] = int(j)
                    print(' '.join(map(str, out)))
                except ValueError:
                    print('infeasible')
            """
        let output = try ReferencePython.run(script, input: Data(lines.joined(separator: "\n").utf8))
        let expected = String(decoding: output, as: UTF8.self).split(separator: "\n")
        #expect(expected.count == problems.count)
        var solver = LinearAssignmentSolver()
        var feasible = 0
        for (problem, reference) in zip(problems, expected) {
            let ours: String
            do {
                ours = try solver.solve(costs: problem.costs, rows: problem.rows, columns: problem.columns)
                    .map(String.init).joined(separator: " ")
                feasible += 1
            } catch {
                ours = "infeasible"
            }
            #expect(ours == String(reference), "\(problem.rows)×\(problem.columns) \(problem.costs)")
        }
        #expect(feasible > 400)
    }

    @Test("the assignment is optimal (brute force on small problems)")
    func optimalAgainstBruteForce() throws {
        var generator = SplitMix64(seed: 7)
        var solver = LinearAssignmentSolver()
        for _ in 0..<300 {
            let rows = Int(generator.next() % 5) + 1, columns = Int(generator.next() % 5) + 1
            let costs = (0..<(rows * columns)).map { _ in generator.nextUnit() }
            let assignment = try solver.solve(costs: costs, rows: rows, columns: columns)
            let assigned = assignment.enumerated().filter { $0.element >= 0 }
            #expect(assigned.count == min(rows, columns))
            #expect(Set(assigned.map(\.element)).count == assigned.count)
            let total = assigned.reduce(0.0) { $0 + costs[$1.offset * columns + $1.element] }
            #expect(total <= bruteForceMinimum(costs, rows: rows, columns: columns) + 1e-12)
        }
    }

    @Test("NaN and −∞ are refused; a row with only +∞ is infeasible")
    func invalidInput() {
        var solver = LinearAssignmentSolver()
        #expect(throws: LinearAssignmentSolver.Failure.invalidEntry(row: 0, column: 1)) {
            try solver.solve(costs: [0, .nan], rows: 1, columns: 2)
        }
        #expect(throws: LinearAssignmentSolver.Failure.invalidEntry(row: 1, column: 0)) {
            try solver.solve(costs: [0, 1, -.infinity, 2], rows: 2, columns: 2)
        }
        #expect(throws: LinearAssignmentSolver.Failure.infeasible) {
            try solver.solve(costs: [1, 2, .infinity, .infinity], rows: 2, columns: 2)
        }
        #expect((try? solver.solve(costs: [], rows: 0, columns: 3)) == [])
    }
}

private func bruteForceMinimum(_ costs: [Double], rows: Int, columns: Int) -> Double {
    var best = Double.infinity
    func visit(_ row: Int, _ used: Set<Int>, _ sum: Double, _ assigned: Int) {
        if row == rows {
            if assigned == min(rows, columns) { best = min(best, sum) }
            return
        }
        if rows - row > min(rows, columns) - assigned { visit(row + 1, used, sum, assigned) }
        for column in 0..<columns where !used.contains(column) {
            visit(row + 1, used.union([column]), sum + costs[row * columns + column], assigned + 1)
        }
    }
    visit(0, [], 0, 0)
    return best
}
