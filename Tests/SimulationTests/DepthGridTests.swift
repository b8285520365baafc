import EvalNumerics
import Recording
import Testing
@testable import Simulation

@Suite struct DepthGridTests {
    let capture = SimulationFixtures.walkaway

    /// Pearson correlation of two equally long samples.
    func pearson(_ x: [Double], _ y: [Double]) -> Double {
        let (mx, my) = (x.reduce(0, +) / Double(x.count), y.reduce(0, +) / Double(y.count))
        let sxy = zip(x, y).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }
        let sxx = x.reduce(0) { $0 + ($1 - mx) * ($1 - mx) }, syy = y.reduce(0) { $0 + ($1 - my) * ($1 - my) }
        return sxy / (sxx * syy).squareRoot()
    }

    /// The centre sample's ground-truth depth, unprojected through the true pose, lands on the
    /// subject whenever the mask marks it. The predicted mask leaks onto the background by design
    /// (`SegmentationModel.leakShare`, flips at silhouettes), so a few marked centres are
    /// background: at most 10 % of them, where a convention error would miss nearly all.
    @Test func groundTruthDepthUnprojectsOntoTheSubject() throws {
        let camera = PinholeCamera.iPhonePortrait
        let detections = Dictionary(uniqueKeysWithValues: capture.recording.detections.enumerated().map { ($1.id, $0) })
        var checked = 0, marked = 0, missed = 0
        for grid in capture.recording.depthGrids {
            let index = try #require(detections[grid.detection])
            let detection = capture.recording.detections[index]
            guard let source = capture.detectionCauses[index].source else { continue }
            let view = capture.cameras[Int(detection.frame - 1)]
            let box = try #require(capture.scene.objects.first { $0.id == source }?.box(at: view.time))
            let truth = try #require(grid.groundTruthDepth)
            let centre = (grid.rows / 2) * grid.columns + grid.columns / 2
            let point = view.truePose.worldPoint(fromCamera: camera.unproject(
                u: Double(grid.u[centre]), v: Double(grid.v[centre]), depth: Double(truth[centre])))
            let hitsSubject = Box3(center: box.center, extent: box.extent + 1e-4).contains(point)
            if grid.inMask[centre] == 1 {
                marked += 1
                if !hitsSubject { missed += 1 }
            }
            checked += 1
        }
        #expect(checked > 20 && marked > 20)
        #expect(Double(missed) <= 0.1 * Double(marked), "mask says subject, depth does not land on it: \(missed) of \(marked)")
    }

    @Test func lidarIsValidOnlyInRangeAndNoisierFarAway() throws {
        var nearErrors: [Double] = [], farErrors: [Double] = []
        for grid in capture.recording.depthGrids {
            let truth = try #require(grid.groundTruthDepth)
            for i in 0..<truth.count {
                let (z, l) = (Double(truth[i]), Double(grid.lidarDepth[i]))
                let range = LidarModel().validRange
                if z < range[0] || z > range[1] { #expect(l.isNaN && grid.lidarConfidence[i] == 0) }
                guard !l.isNaN, grid.lidarConfidence[i] == 2 else { continue }
                if z < 1.5 { nearErrors.append(abs(l - z)) } else if z > 2.5 { farErrors.append(abs(l - z)) }
            }
            #expect(grid.lidarConfidence.allSatisfy { $0 <= 2 } && grid.inMask.allSatisfy { $0 <= 1 })
        }
        let mean = { (v: [Double]) in v.reduce(0, +) / Double(max(v.count, 1)) }
        #expect(nearErrors.count > 100 && farErrors.count > 100)
        #expect(mean(nearErrors) < mean(farErrors))
    }

    @Test func relativeInverseDepthIsAffineInTrueInverseDepth() throws {
        var correlations: [Double] = []
        for grid in capture.recording.depthGrids {
            let truth = try #require(grid.groundTruthDepth).map { 1 / Double($0) }
            let network = grid.relativeInverseDepth.map(Double.init)
            guard let low = truth.min(), let high = truth.max(), high - low > 0.05 else { continue }
            correlations.append(pearson(truth, network))
        }
        #expect(correlations.count > 20)
        let sorted = correlations.sorted()
        #expect(sorted[sorted.count / 2] > 0.95, "median r \(sorted[sorted.count / 2])")
    }

    /// The network's output carries the measured residual field: (d − t)/(s/z) − 1 is the
    /// field value under the sample (spec.md#sim-depth-network).
    @Test func networkOutputCarriesTheMeasuredResidual() {
        var random = SplitMix64(seed: 12)
        let frame = DepthNetworkFrame(model: DepthNetworkModel(), random: &random)
        let field = DepthResidualField.measured
        var residuals: [Double] = []
        for index in 0..<2000 {
            let box = PixelBox(x: 100, y: 200, width: 300, height: 400)
            let patch = frame.patch(for: box, focal: 1450, random: &random)
            let (u, v) = (box.x + Double(index % 40) * 7, box.y + Double(index / 40) * 8)
            let point = patch.sourcePixel(u: u, v: v, corner: SIMD2(box.x, box.y))
            let depth = 0.5 + Double(index % 17) * 0.3
            let d = frame.inverseDepth(depth: depth, residual: frame.residual(at: point))
            let recovered = (d - frame.shift) / (frame.scale / depth) - 1
            #expect(abs(recovered - field.value(field.residual, at: point)) < 1e-9)
            residuals.append(abs(recovered))
        }
        let nonzero = field.residual.filter { $0 != 0 }.map(abs)
        let fieldMean = nonzero.reduce(0, +) / Double(nonzero.count)
        let mean = residuals.reduce(0, +) / Double(residuals.count)
        #expect(fieldMean > 0.015 && fieldMean < 0.035, "priorda sample-1: mean |ρ| ≈ 0.023, got \(fieldMean)")
        #expect(abs(mean - fieldMean) < 0.006, "sampled mean |ρ| \(mean) vs field \(fieldMean)")
    }

    /// The fast pass differs from the full one by the resolution loss alone when the errors are
    /// shared, and by an independent residual on top when they are not (spec.md#sim-fast-pass).
    @Test(arguments: FastPassResidual.allCases)
    func fastPassDiffersByItsResidualModel(mode: FastPassResidual) {
        var model = DepthNetworkModel()
        model.fastPassResidual = mode
        var random = SplitMix64(seed: 3)
        let frame = DepthNetworkFrame(model: model, random: &random)
        let field = DepthResidualField.measured
        var differences: [Double] = []
        for index in 0..<4000 {
            let point = SIMD2(Double(index % 64) * 10 + 1, Double(index / 64) * 7 + 1)
            let other = SIMD2(Double((index * 37) % 640), Double((index * 53) % 480))
            let full = field.value(field.residual, at: point)
            let fast = frame.fastResidual(at: point, independent: other)
            if mode == .shared { #expect(abs(fast - full - field.value(field.resolutionLoss, at: point)) < 1e-12) }
            differences.append(abs(fast - full))
        }
        let mean = differences.reduce(0, +) / Double(differences.count)
        if mode == .shared { #expect(mean < 0.005, "shared: \(mean)") } else { #expect(mean > 0.01, "independent: \(mean)") }
    }
}
