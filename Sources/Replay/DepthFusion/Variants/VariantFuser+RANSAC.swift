import Foundation
import EvalNumerics

/// RANSAC of 1/z ≈ s·d + t with scikit-learn's `RANSACRegressor(LinearRegression())`
/// defaults (spec.md#fusion-variant-ransac), seeded from ``FusionVariantSettings/ransacSeed``.
extension VariantFuser {
    /// `ransac`: up to `max_trials` two-point models; a sample is an inlier when its absolute
    /// residual is ≤ the threshold (default the MAD of 1/z); the model with most inliers
    /// wins, ties broken by R² on the inliers; the budget shrinks to
    /// ⌈log(1 − 0.99) / log(1 − w²)⌉ with w the best inlier ratio; the consensus set is then
    /// refitted by least squares.
    mutating func ransac(_ result: inout VariantFusionResult, _ c: DepthFusionConfiguration, _ settings: FusionVariantSettings) {
        let samples = own
        setLine(x: { samples.d[$0] }, y: { samples.inverseLidar[$0] })
        let n = x.count
        let threshold = settings.ransacResidualThreshold ?? medianAbsoluteDeviation(y)
        var generator = SplitMix64(seed: settings.ransacSeed)
        var best = (inliers: 1, score: -Double.infinity, s: 0.0, t: 0.0, found: false)
        var trials = 0, budget = Double(settings.ransacMaxTrials)
        while Double(trials) < budget {
            trials += 1
            let i = Int.random(in: 0..<n, using: &generator)
            var j = Int.random(in: 0..<(n - 1), using: &generator)
            if j >= i { j += 1 }
            guard x[i] != x[j] else { continue }
            let s = (y[j] - y[i]) / (x[j] - x[i]), t = y[i] - s * x[i]
            let count = (0..<n).count { abs(y[$0] - (s * x[$0] + t)) <= threshold }
            guard count >= best.inliers else { continue }
            let score = rSquaredOnInliers(s: s, t: t, threshold: threshold)
            if count == best.inliers && score < best.score { continue }
            best = (count, score, s, t, true)
            budget = min(budget, Self.dynamicTrials(inliers: count, samples: n, probability: 0.99))
        }
        result.iterations = trials
        guard best.found else { _ = fallBack(&result, .illConditioned); return }
        for k in 0..<n { keep[k] = abs(y[k] - (best.s * x[k] + best.t)) <= threshold }
        guard keep.count(where: { $0 }) >= c.minPairs else { _ = fallBack(&result, .tooFewAfterOutlierRejection); return }
        guard let fit = fitLine(c) else { _ = fallBack(&result, .illConditionedAfterOutlierRejection); return }
        result.conditionNumber = fit.condition
        finish(&result, .inverseAffine(scale: fit.s, shift: fit.t, floor: c.denominatorFloor))
    }

    /// median(|v − median(v)|).
    mutating func medianAbsoluteDeviation(_ v: [Double]) -> Double {
        let centre = medianOf(v)!
        values.removeAll(keepingCapacity: true)
        for value in v { values.append(abs(value - centre)) }
        return medianInPlace()!
    }

    /// R² = 1 − SS_res/SS_tot of the line on the samples within `threshold` of it
    /// (scikit-learn's `r2_score`: 1 when both are 0, 0 when only SS_tot is).
    func rSquaredOnInliers(s: Double, t: Double, threshold: Double) -> Double {
        var count = 0.0, sum = 0.0
        for k in 0..<x.count where abs(y[k] - (s * x[k] + t)) <= threshold {
            count += 1
            sum += y[k]
        }
        let mean = sum / count
        var residual = 0.0, total = 0.0
        for k in 0..<x.count where abs(y[k] - (s * x[k] + t)) <= threshold {
            let r = y[k] - (s * x[k] + t)
            residual += r * r
            total += (y[k] - mean) * (y[k] - mean)
        }
        if total == 0 { return residual == 0 ? 1 : 0 }
        return 1 - residual / total
    }

    /// scikit-learn's `_dynamic_max_trials` for two-point samples.
    static func dynamicTrials(inliers: Int, samples: Int, probability: Double) -> Double {
        let ratio = Double(inliers) / Double(samples)
        let nominator = max(Double.ulpOfOne, 1 - probability)
        let denominator = max(Double.ulpOfOne, 1 - ratio * ratio)
        if nominator == 1 { return 0 }
        if denominator == 1 { return .infinity }
        return abs((log(nominator) / log(denominator)).rounded(.up))
    }
}
