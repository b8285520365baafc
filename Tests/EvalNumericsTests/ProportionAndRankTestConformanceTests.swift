import Foundation
import EvalNumerics
import TestSupport
import Testing

/// Proportion intervals, the Kruskal–Wallis test and the special functions behind them,
/// against scipy run on the same inputs.
@Suite("Proportion intervals and Kruskal–Wallis vs scipy", .enabled(if: ReferencePython.isAvailable, "needs the reference Python (scipy)"))
struct ProportionAndRankTestConformanceTests {
    static let proportionScript = """
        import sys, json
        from scipy import stats
        out = []
        for k, n, level in json.load(sys.stdin):
            r = stats.binomtest(k, n)
            row = {}
            for method in ["wilson", "wilsoncc", "exact"]:
                ci = r.proportion_ci(confidence_level=level, method=method)
                row[method] = [float(ci.low), float(ci.high)]
            out.append(row)
        json.dump(out, sys.stdout)
        """

    static let kruskalScript = """
        import sys, json
        from scipy import stats
        out = []
        for groups in json.load(sys.stdin):
            r = stats.kruskal(*groups)
            out.append([float(r.statistic), float(r.pvalue)])
        json.dump(out, sys.stdout)
        """

    static func close(_ a: Double, _ b: Double, relative: Double = 1e-10, absolute: Double = 1e-14) -> Bool {
        a == b || abs(a - b) <= max(absolute, relative * max(abs(a), abs(b)))
    }

    static func reference(_ script: String, _ input: Any) throws -> Any {
        let data = try JSONSerialization.data(withJSONObject: input)
        return try JSONSerialization.jsonObject(with: ReferencePython.run(script, input: data))
    }

    @Test("Wilson, Wilson with correction and Clopper–Pearson match scipy's binomtest().proportion_ci")
    func proportions() throws {
        var cases: [[Any]] = []
        for n in [1, 2, 3, 7, 10, 31, 100, 257, 1000] {
            for k in Set([0, 1, n / 3, n / 2, n - 1, n].filter { $0 >= 0 && $0 <= n }).sorted() {
                for level in [0.9, 0.95, 0.99] { cases.append([k, n, level]) }
            }
        }
        let expected = try #require(Self.reference(Self.proportionScript, cases) as? [[String: [Double]]])
        #expect(expected.count == cases.count)
        var compared = 0
        for (row, want) in zip(cases, expected) {
            let (k, n, level) = (row[0] as! Int, row[1] as! Int, row[2] as! Double)
            for method in ProportionInterval.Method.allCases {
                let ours = ProportionInterval(successes: k, trials: n, confidenceLevel: level, method: method)
                let reference = try #require(want[method.rawValue])
                // scipy's 'exact' bounds come from brentq with xtol 2e-12; ours are the exact quantiles.
                let absolute = method == .clopperPearson ? 4e-12 : 1e-14
                #expect(Self.close(ours.lower, reference[0], absolute: absolute) && Self.close(ours.upper, reference[1], absolute: absolute),
                        "\(method.rawValue) k=\(k) n=\(n) level=\(level): [\(ours.lower), \(ours.upper)] vs scipy \(reference)")
                compared += 2
            }
        }
        #expect(compared == cases.count * 6)
    }

    @Test("Kruskal–Wallis H and p-value match scipy.stats.kruskal, ties included", arguments: [UInt64(1), 2, 3, 4, 5])
    func kruskal(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        var cases: [[[Double]]] = []
        for _ in 0..<12 {
            let groupCount = 2 + Int(generator.next() % 4)
            let tied = generator.next() % 2 == 0
            cases.append((0..<groupCount).map { g in
                (0..<(3 + Int(generator.next() % 20))).map { _ in
                    let value = -log(1 - generator.nextUnit()) * (1 + 0.3 * Double(g))
                    return tied ? (value * 4).rounded() / 4 : value
                }
            })
        }
        let expected = try #require(Self.reference(Self.kruskalScript, cases) as? [[Double]])
        for (groups, want) in zip(cases, expected) {
            let ours = KruskalWallis(groups)
            #expect(Self.close(ours.statistic, want[0]) && Self.close(ours.pValue, want[1]),
                    "H \(ours.statistic) p \(ours.pValue) vs scipy \(want)")
        }
    }
}

/// Properties of the special functions that hold whatever the reference says.
@Suite("Special functions")
struct SpecialFunctionTests {
    @Test("The beta quantile inverts the regularised incomplete beta")
    func betaInverse() {
        for (a, b) in [(1.0, 1.0), (0.5, 3.0), (4.0, 17.0), (120.0, 3.0)] {
            for p in [1e-6, 0.025, 0.3, 0.5, 0.975, 1 - 1e-9] {
                let x = SpecialFunctions.betaQuantile(p, a: a, b: b)
                #expect(abs(SpecialFunctions.regularizedBeta(x, a: a, b: b) - p) < 1e-13, "a \(a) b \(b) p \(p)")
            }
        }
        // I_x(1, 1) = x: the uniform distribution.
        #expect(abs(SpecialFunctions.regularizedBeta(0.37, a: 1, b: 1) - 0.37) < 1e-15)
    }

    @Test("χ² survival: two degrees of freedom is exp(−x/2)")
    func chiSquared() {
        for x in [0.1, 1, 5.5, 40] {
            #expect(abs(SpecialFunctions.chiSquaredSurvival(x, degreesOfFreedom: 2) - exp(-x / 2)) < 1e-15 * max(1, exp(-x / 2)) + 1e-300)
        }
        #expect(SpecialFunctions.chiSquaredSurvival(0, degreesOfFreedom: 3) == 1)
    }

    @Test("Proportion intervals contain the estimate and stay inside [0, 1]")
    func intervalBounds() {
        for n in [1, 5, 40] {
            for k in 0...n {
                for method in ProportionInterval.Method.allCases {
                    let ci = ProportionInterval(successes: k, trials: n, method: method)
                    #expect(ci.lower >= 0 && ci.upper <= 1 && ci.lower <= ci.estimate && ci.estimate <= ci.upper, "\(method) \(k)/\(n)")
                }
            }
        }
        #expect(ProportionInterval(successes: 0, trials: 0).lower.isNaN)
    }
}
