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

    @Test func groundTruthDepthUnprojectsOntoTheSubject() throws {
        let camera = PinholeCamera.iPhonePortrait
        let detections = Dictionary(uniqueKeysWithValues: capture.recording.detections.enumerated().map { ($1.id, $0) })
        var checked = 0
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
            if grid.inMask[centre] == 1 { #expect(hitsSubject, "mask says subject, depth does not land on it") }
            checked += 1
        }
        #expect(checked > 20)
    }

    @Test func lidarIsValidOnlyInRangeAndNoisierFarAway() throws {
        var nearErrors: [Double] = [], farErrors: [Double] = []
        for grid in capture.recording.depthGrids {
            let truth = try #require(grid.groundTruthDepth)
            for i in 0..<truth.count {
                let (z, l) = (Double(truth[i]), Double(grid.lidarDepth[i]))
                if z < 0.1 || z > 8 { #expect(l.isNaN && grid.lidarConfidence[i] == 0) }
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

    /// spec.md#sim-fast-pass: the fast (364 px) pass agrees with the full one at 3.5 % mean absolute error.
    @Test func fastVariantAgreesWithTheFullOneAsMeasured() {
        var full = DepthNetworkModel()
        full.distortionAmplitude = 0
        var fast = full
        fast.variant = .fast
        var draws = SplitMix64(seed: 12)
        let frame = DepthNetworkFrame(model: full, random: &draws)
        var fastFrame = frame
        fastFrame.noise = fast.effectiveNoise
        var errors: [Double] = []
        for index in 0..<20_000 {
            let depth = 0.5 + Double(index % 100) * 0.05
            let reference = frame.inverseDepth(depth: depth, u: 0.5, v: 0.5, random: &draws) - frame.shift
            let quick = fastFrame.inverseDepth(depth: depth, u: 0.5, v: 0.5, random: &draws) - frame.shift
            errors.append(abs(quick - reference) / reference)
        }
        let mae = errors.reduce(0, +) / Double(errors.count)
        #expect(mae > 0.0335 && mae < 0.0365, "relative MAE \(mae)")
    }
}
