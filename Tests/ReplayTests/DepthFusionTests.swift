import Recording
import Testing
@testable import Replay

/// A 16×16 grid over the box (100, 100, 64, 64) whose network output is exactly affine
/// in true inverse depth: d = 2/z − 0.1, so the true fit is s = 0.5, t = 0.05.
private func grid(depth: (Int) -> Float = { 2 + Float($0 % 16) * 0.05 }, mask: (Int) -> Bool = { _ in true }) -> DepthGrid {
    let n = 256
    let truth = (0..<n).map(depth)
    return DepthGrid(
        detection: 1, rows: 16, columns: 16,
        u: (0..<n).map { 102 + Float($0 % 16) * 4 }, v: (0..<n).map { 102 + Float($0 / 16) * 4 },
        lidarDepth: truth, lidarConfidence: [UInt8](repeating: 2, count: n),
        relativeInverseDepth: truth.map { 2 / $0 - 0.1 }, inMask: (0..<n).map { mask($0) ? 1 : 0 })
}

private func median(_ values: [Float]) -> Double {
    var v = values.map(Double.init)
    return DepthFuser.median(&v)
}

@Suite("Depth fusion replica (spec.md#fusion)")
struct DepthFusionTests {
    @Test("An exactly affine patch is fitted exactly; the box depth is the median ẑ")
    func exactFit() throws {
        var fuser = DepthFuser()
        let g = grid()
        let r = fuser.fuse(g)
        #expect(r.fallback == nil && r.pairs == 256)
        let fit = try #require(r.fit)
        #expect(abs(fit.x - 0.5) < 1e-5 && abs(fit.y - 0.05) < 1e-5)
        #expect(abs(r.depth! - median(g.lidarDepth)) < 1e-5)
    }

    @Test("Residuals beyond 2σ are dropped and the model refitted once")
    func twoSigmaRefit() throws {
        var g = grid()
        for k in stride(from: 0, to: 256, by: 32) { g.lidarDepth[k] *= 1.6 }  // 8 edge-noise samples
        var fuser = DepthFuser()
        let r = fuser.fuse(g)
        #expect(r.fallback == nil && r.pairs == 256 && r.inliers == 248)
        let fit = try #require(r.fit)
        // The refit on the inliers is exact again; a single fit with the outliers is not.
        #expect(abs(fit.x - 0.5) < 1e-5 && abs(fit.y - 0.05) < 1e-5)
        let refused = fuser.fuse(g, configuration: DepthFusionConfiguration(outlierSigmas: 100))
        #expect(refused.inliers == 256 && abs(refused.fit!.x - 0.5) > 1e-3)
    }

    @Test("Fewer than eight pairs fall back to the raw LiDAR median")
    func fewerThanEightPairsFallBack() {
        var fuser = DepthFuser()
        let seven = grid(depth: { 2 + Float($0) * 0.1 }, mask: { $0 < 7 })
        let r7 = fuser.fuse(seven)
        #expect(r7.fallback == .tooFewPairs && r7.pairs == 7 && r7.fit == nil)
        #expect(r7.depth == Double(Float(2) + Float(3) * 0.1))  // raw median of 2.0, 2.1, …, 2.6 (float32)
        let eight = fuser.fuse(grid(depth: { 2 + Float($0) * 0.1 }, mask: { $0 < 8 }))
        #expect(eight.fallback == nil && eight.fit != nil)
    }

    @Test("Samples outside the mask, unconfident or outside 0.1–8 m are not pairs")
    func sampleFilters() {
        var g = grid()
        g.lidarConfidence[0] = 1
        g.lidarDepth[1] = 0.05
        g.lidarDepth[2] = 8.5
        g.lidarDepth[3] = .nan
        g.inMask[4] = 0
        var fuser = DepthFuser()
        #expect(fuser.fuse(g).pairs == 251)
    }

    @Test("The guard var(d) > 1e-6(1 + d̄²) refuses a constant patch")
    func conditioningGuard() {
        var g = grid()
        g.relativeInverseDepth = [Float](repeating: 0.9, count: 256)
        var fuser = DepthFuser()
        let r = fuser.fuse(g)
        #expect(r.fallback == .illConditioned && r.fit == nil)
        #expect(r.depth == median(g.lidarDepth))
        // Barely varying d: var(d) ≈ 2.5e-7 < 1e-6·(1 + 0.81) — still refused.
        g.relativeInverseDepth = (0..<256).map { 0.9 + ($0 % 2 == 0 ? 5e-4 : -5e-4) }
        #expect(fuser.fuse(g).fallback == .illConditioned)
    }

    @Test("ẑ = 1/(s·d + t) with the denominator floored")
    func flooredDenominator() {
        var fuser = DepthFuser()
        let r = fuser.fuse(grid(), configuration: DepthFusionConfiguration(denominatorFloor: 1 / 1.5))
        #expect(abs(r.depth! - 1.5) < 1e-9)
    }

    @Test("Unprojection: camera looks down −z, y up, v down; extent w = w_px·ẑ/f_x")
    func unprojectionAndExtent() {
        let frame = Fixture.frame(0, at: SIMD3(1, 2, 3))
        let detection = Fixture.detection(1, frame: 0, x: 400, y: 100, width: 40, height: 80)
        let fusion = DepthFusionResult(depth: 2, fallback: nil, fit: nil, pairs: 8, inliers: 8, maskCentroid: SIMD2(420, 140))
        let o = FusedObservation.place(detection, fusion: fusion, frame: frame)!
        #expect(abs(o.position.x - 1.4) < 1e-12 && abs(o.position.y - 2.4) < 1e-12 && abs(o.position.z - 1) < 1e-12)
        #expect(abs(o.extent.x - 0.16) < 1e-12 && abs(o.extent.y - 0.32) < 1e-12)
        let back = CameraGeometry.project(o.position, frame: frame)!
        #expect(abs(back.pixel.x - 420) < 1e-9 && abs(back.pixel.y - 140) < 1e-9 && abs(back.depth - 2) < 1e-12)
    }

    @Test("Without a mask the box centre is unprojected")
    func boxCentreWithoutMask() {
        let frame = Fixture.frame(0)
        let detection = Fixture.detection(1, frame: 0, x: 300, y: 200, width: 40, height: 80)
        let fusion = DepthFusionResult(depth: 1, fallback: .tooFewPairs, fit: nil, pairs: 0, inliers: 0, maskCentroid: nil)
        let o = FusedObservation.place(detection, fusion: fusion, frame: frame)!
        #expect(o.position == SIMD3(0, 0, -1))
    }
}
