import Foundation
import EvalNumerics
import TestSupport
import Testing

/// Compares quantiles and bootstrap intervals with numpy and scipy, handing both the same
/// numbers (random streams differ, so BCa is checked on a shared bootstrap distribution).
@Suite("Statistics vs numpy and scipy", .enabled(if: ReferencePython.isAvailable, "needs the reference Python (numpy, scipy)"))
struct ScipyConformanceTests {
    static let quantileScript = """
        import sys, json
        import numpy as np
        from scipy.special import ndtri
        data = json.load(sys.stdin)
        out = {"quantiles": [[float(v) for v in np.quantile(np.asarray(s, dtype=float), data["levels"])] for s in data["samples"]],
               "medians": [float(np.median(np.asarray(s, dtype=float))) for s in data["samples"]],
               "ndtri": [float(ndtri(p)) if 0 < p < 1 else None for p in data["levels"]]}
        json.dump(out, sys.stdout)
        """

    static let bcaScript = """
        import sys, json
        import numpy as np
        from scipy import stats
        from scipy.stats._resampling import _bca_interval
        from scipy._lib._array_api import array_namespace
        out = []
        for case in json.load(sys.stdin):
            theta_b = np.asarray(case["replicates"], dtype=float)
            jack = np.asarray(case["jackknife"], dtype=float)
            estimate = float(case["estimate"])
            n = len(jack)
            # The data are the unit indices 0..n-1; the statistic returns the estimate on
            # all of them and, on a leave-one-out sample, the jackknife value of the unit missing.
            def statistic(x, axis=-1):
                x = np.asarray(x)
                if x.shape[-1] == n:
                    return np.full(x.shape[:-1], estimate)
                return jack[(n * (n - 1) // 2 - np.sum(x, axis=-1)).astype(int)]
            alpha = (1 - case["confidence"]) / 2
            a1, a2, a_hat = _bca_interval((np.arange(n, dtype=float),), statistic, axis=-1, alpha=alpha,
                                          theta_hat_b=theta_b, batch=None, xp=array_namespace(theta_b))
            levels = [float(np.ravel(a1)[0]), float(np.ravel(a2)[0])]
            out.append({"bca": [float(v) for v in stats.quantile(theta_b, np.asarray(levels))],
                        "levels": levels, "a": float(np.ravel(a_hat)[0]),
                        "percentile": [float(v) for v in stats.quantile(theta_b, np.asarray([alpha, 1 - alpha]))],
                        "se": float(np.std(theta_b, ddof=1))})
        json.dump(out, sys.stdout)
        """

    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-12) -> Bool {
        a == b || abs(a - b) <= tolerance * max(abs(a), abs(b))
    }

    static func reference(_ script: String, _ input: Any) throws -> Any {
        let data = try JSONSerialization.data(withJSONObject: input)
        return try JSONSerialization.jsonObject(with: ReferencePython.run(script, input: data))
    }

    @Test("Quantiles, medians and Φ⁻¹ match numpy and scipy to 1e-12 relative")
    func quantiles() throws {
        var generator = SplitMix64(seed: 2024)
        var samples: [[Double]] = [[1], [2, 1], [3, 1, 2], [1, 1, 1, 2]]
        for n in [5, 10, 11, 100, 101, 997] {
            samples.append((0..<n).map { _ in (generator.nextUnit() * 20).rounded() / 4 - 1 })
            samples.append((0..<n).map { _ in -log(1 - generator.nextUnit()) })
        }
        let levels = [0, 0.001, 0.025, 0.1, 0.25, 1.0 / 3, 0.5, 0.6, 0.75, 0.9, 0.95, 0.975, 0.999, 1]
        let result = try #require(Self.reference(Self.quantileScript, ["samples": samples, "levels": levels]) as? [String: Any])
        let expected = try #require(result["quantiles"] as? [[Double]])
        let medians = try #require(result["medians"] as? [Double])
        var compared = 0
        for (index, sample) in samples.enumerated() {
            for (level, value) in zip(levels, Quantile.linear(sample, levels)) {
                let want = expected[index][levels.firstIndex(of: level)!]
                #expect(Self.close(value, want), "n=\(sample.count) p=\(level): \(value) vs numpy \(want)")
                compared += 1
            }
            #expect(Self.close(Quantile.median(sample), medians[index]))
        }
        let ndtri = try #require(result["ndtri"] as? [Any])
        for (level, want) in zip(levels, ndtri) where level > 0 && level < 1 {
            let value = try #require(want as? Double)
            #expect(Self.close(NormalDistribution.quantile(level), value, 1e-14), "Φ⁻¹(\(level))")
        }
        #expect(compared == samples.count * levels.count)
    }

    @Test("BCa and percentile intervals match scipy on the same bootstrap distribution", arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func bca(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        // Instances of different sizes, skewed gaps: a cluster bootstrap of the pooled median or p90.
        let instances = (0..<(8 + Int(seed) * 5)).map { _ in
            (0..<(1 + Int(generator.next() % 6))).map { _ in -log(1 - generator.nextUnit()) * 0.02 }
        }
        let statistic: ([[Double]]) -> Double = seed % 2 == 0
            ? { Quantile.median(Array($0.joined())) }
            : { Quantile.linear(Array($0.joined()), 0.9) }
        let estimate = statistic(instances)
        let replicates = Bootstrap.replicates(units: instances, resamples: 999 + Int(seed) * 500, seed: seed, statistic: statistic)
        let jackknife = Bootstrap.jackknife(units: instances, statistic: statistic)
        let confidence = [0.95, 0.9, 0.99][Int(seed) % 3]
        let cases: [[String: Any]] = [[
            "replicates": replicates, "jackknife": jackknife, "estimate": estimate, "confidence": confidence,
        ]]
        let result = try #require((Self.reference(Self.bcaScript, cases) as? [[String: Any]])?.first)
        let bca = BootstrapInterval.bca(estimate: estimate, replicates: replicates, jackknife: jackknife, confidenceLevel: confidence)
        let percentile = BootstrapInterval.percentile(estimate: estimate, replicates: replicates, confidenceLevel: confidence)
        let want = try #require(result["bca"] as? [Double])
        let levels = try #require(result["levels"] as? [Double])
        let wantPercentile = try #require(result["percentile"] as? [Double])
        #expect(Self.close(bca.lower, want[0]) && Self.close(bca.upper, want[1]), "BCa \(bca) vs scipy \(want)")
        #expect(Self.close(bca.levels.lower, levels[0]) && Self.close(bca.levels.upper, levels[1]))
        #expect(Self.close(bca.acceleration, try #require(result["a"] as? Double)))
        #expect(Self.close(percentile.lower, wantPercentile[0]) && Self.close(percentile.upper, wantPercentile[1]))
        #expect(Self.close(bca.standardError, try #require(result["se"] as? Double)))
    }
}
