import Foundation
import EvalNumerics
import Recording
import Testing
@testable import Replay

/// A 16×16 grid whose network output is exactly affine in true inverse depth (d = 2/z − 0.1).
private func grid(depth: (Int) -> Float = { 2 + Float($0 % 16) * 0.05 + Float($0 / 16) * 0.02 },
                  confidence: (Int) -> UInt8 = { _ in 2 }) -> DepthGrid {
    let n = 256
    let truth = (0..<n).map(depth)
    return DepthGrid(
        detection: 1, rows: 16, columns: 16,
        u: (0..<n).map { 102 + Float($0 % 16) * 4 }, v: (0..<n).map { 102 + Float($0 / 16) * 4 },
        lidarDepth: truth, lidarConfidence: (0..<n).map(confidence),
        relativeInverseDepth: truth.map { 2 / $0 - 0.1 }, inMask: [UInt8](repeating: 1, count: n), groundTruthDepth: truth)
}

@Suite("Depth-fusion variants")
struct FusionVariantTests {
    static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Data/recordings").path

    @Test("affine-inverse-2sigma is exactly the app's DepthFuser on every grid of the bundled recordings")
    func appVariantIsTheReplica() throws {
        var fuser = VariantFuser(), app = DepthFuser()
        var compared = 0
        for name in ["absence", "walkaway-reapproach"] {
            let recording = try RecordingStore.read(from: "\(Self.recordings)/\(name).sqlite")
            for g in recording.depthGrids {
                let ours = fuser.fuse(g, variant: .affineInverse2Sigma)
                let replica = app.fuse(g)
                #expect(ours.depth == replica.depth && ours.fallback == replica.fallback && ours.inliers == replica.inliers)
                #expect(ours.model?.coefficients.scale == replica.fit?.x && ours.maskCentroid == replica.maskCentroid)
                compared += 1
            }
        }
        #expect(compared > 100)
    }

    @Test("Every fitted variant recovers an exactly affine patch")
    func exactPatch() throws {
        var fuser = VariantFuser()
        let g = grid()
        for variant in DepthFusionVariant.allCases where variant != .lidarMedian && variant != .scaleOnlyMedian && variant != .affineDepth {
            let r = fuser.fuse(g, variant: variant)
            let model = try #require(r.model, "\(variant)")
            #expect(abs(model.coefficients.scale - 0.5) < 1e-6 && abs(model.coefficients.shift - 0.05) < 1e-6, "\(variant)")
            #expect(r.fallback == nil && r.conditionNumber.isFinite && r.conditionNumber > 1, "\(variant) \(r)")
        }
        // In depth space the same patch is z = 2/(d + 0.1): not affine in 1/d, so only close.
        let depth = fuser.fuse(g, variant: .affineDepth)
        #expect(abs(depth.depth! - Quantile.median(g.lidarDepth.map(Double.init))) < 0.05)
    }

    @Test("Too few pairs and a constant patch fall back to the LiDAR median, with the reason")
    func fallbacks() {
        var fuser = VariantFuser()
        var few = grid()
        for k in 7..<256 { few.inMask[k] = 0 }
        let constant = grid(depth: { _ in 2.5 })
        for variant in DepthFusionVariant.allCases where variant != .lidarMedian {
            #expect(fuser.fuse(few, variant: variant).fallback == .tooFewPairs, "\(variant)")
            let r = fuser.fuse(constant, variant: variant)
            if variant != .scaleOnlyMedian {
                #expect(r.fallback == .illConditioned && r.depth == 2.5, "\(variant)")
            }
        }
        #expect(fuser.fuse(few, variant: .lidarMedian).fallback == nil)
    }

    @Test("Gross outliers: RANSAC and Huber stay near the truth where one plain fit does not")
    func outliers() throws {
        var g = grid()
        for k in stride(from: 0, to: 256, by: 5) { g.lidarDepth[k] *= 1.8 }
        var fuser = VariantFuser()
        let plain = try #require(fuser.fuse(g, variant: .affineInverse).model).coefficients
        let ransac = try #require(fuser.fuse(g, variant: .ransac).model).coefficients
        let huber = try #require(fuser.fuse(g, variant: .huber, settings: FusionVariantSettings(huberDelta: 0.002)).model).coefficients
        #expect(abs(plain.scale - 0.5) > 0.01)
        #expect(abs(ransac.scale - 0.5) < 1e-6)
        #expect(abs(huber.scale - 0.5) < abs(plain.scale - 0.5) / 2)
        // Same seed, same answer; the trial count is reported.
        let again = fuser.fuse(g, variant: .ransac)
        #expect(again.model?.coefficients.scale == ransac.scale && again.iterations > 0)
    }

    @Test("confidence-weighted uses medium-confidence samples the app drops")
    func confidenceWeighted() {
        var fuser = VariantFuser()
        let g = grid(confidence: { $0 % 3 == 0 ? 2 : 1 })
        let app = fuser.fuse(g, variant: .app), weighted = fuser.fuse(g, variant: .confidenceWeighted)
        #expect(weighted.pairs == 256 && app.pairs == 86)
        let noMedium = fuser.fuse(g, variant: .confidenceWeighted, settings: FusionVariantSettings(confidenceWeights: [0, 0, 1]))
        #expect(noMedium.pairs == app.pairs)
    }

    @Test("Plain pairs and a grid with the same values give the same fit")
    func pairsMatchGrids() {
        var fuser = VariantFuser()
        let g = grid()
        let pairs = DepthPairs(depth: g.lidarDepth.map(Double.init), inverseDepth: g.relativeInverseDepth.map(Double.init),
                               confidence: g.lidarConfidence, inMask: g.inMask.map { $0 == 1 })
        for variant in DepthFusionVariant.allCases {
            let a = fuser.fuse(g, variant: variant), b = fuser.fuse(pairs, variant: variant)
            #expect(a.depth == b.depth && a.model == b.model && a.inliers == b.inliers, "\(variant)")
        }
    }
}
