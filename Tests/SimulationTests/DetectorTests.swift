import Foundation
import EvalNumerics
import Recording
import Testing
@testable import Simulation

/// The detector's recall follows apparent size, light and motion blur (spec.md#sim-detector).
@Suite struct DetectorTests {
    let model = DetectorModel()
    let simulator = DetectorSimulator(model: DetectorModel(), camera: .iPhonePortrait)

    /// A fully visible sighting of `kind` at `distance` metres, its box as the camera projects
    /// its front face.
    func sighting(_ kind: ObjectKind, distance: Double) -> ObjectSighting {
        let camera = PinholeCamera.iPhonePortrait
        let (width, height) = (kind.extent.x * camera.fx / distance, kind.extent.y * camera.fy / distance)
        let box = PixelBox(x: 400, y: 600, width: width, height: height)
        return ObjectSighting(object: 1, kind: kind, box: box, fullBox: box, visibility: 1, distance: distance, depth: distance)
    }

    @Test(arguments: [ObjectKind.bottle, .monitor, .remote])
    func measuredRecallMatchesTheModel(kind: ObjectKind) {
        var random = SplitMix64(seed: 11)
        let trials = 3000
        for distance in stride(from: 0.5, through: 7.5, by: 1.0) {
            let expected = simulator.probability(of: sighting(kind, distance: distance), lowLight: false)
            let hits = (0..<trials).filter { _ in
                simulator.detect([sighting(kind, distance: distance)], lowLight: false, random: &random).contains { $0.source == 1 }
            }.count
            let measured = Double(hits) / Double(trials)
            let sigma = max((expected * (1 - expected) / Double(trials)).squareRoot(), 1 / Double(trials))
            #expect(abs(measured - expected) <= 4.5 * sigma, "\(kind) at \(distance) m: measured \(measured), model \(expected)")
        }
    }

    /// Distance acts only through apparent size: there is no range term tied to the object's size.
    @Test func recallFollowsApparentSizeNotDistance() {
        let near = sighting(.bottle, distance: 1)
        var far = sighting(.bottle, distance: 4)
        far.box = near.box
        #expect(simulator.probability(of: far, lowLight: false) == simulator.probability(of: near, lowLight: false))
        let recalls = stride(from: 0.5, through: 8, by: 0.5).map { simulator.probability(of: sighting(.bottle, distance: $0), lowLight: false) }
        #expect(zip(recalls, recalls.dropFirst()).allSatisfy { $0 >= $1 }, "recall falls with distance: \(recalls)")
        #expect(recalls[0] > 0.7 && recalls.last! < 0.3)
        // A monitor keeps nearly its top recall across a room; a bottle at 3.1 m is a COCO "small" object.
        #expect(simulator.probability(of: sighting(.monitor, distance: 3.1), lowLight: false) > 0.9 * model.maximumRecall)
        let bottle = simulator.probability(of: sighting(.bottle, distance: 3.1), lowLight: false)
        #expect(bottle > 0.1 && bottle < model.maximumRecall * model.areaRecallPoints[2][1])
    }

    /// The area curve passes through the COCO bucket ratios it is documented with.
    @Test func sizeCurvePassesThroughTheBucketRatios() {
        #expect(model.sizeFactor(inputArea: 10) == 0)
        #expect(abs(model.sizeFactor(inputArea: 256) - 0.493 / 0.812) < 1e-12)
        #expect(abs(model.sizeFactor(inputArea: 3072) - 0.723 / 0.812) < 1e-12)
        #expect(model.sizeFactor(inputArea: 1e6) == 1)
        let curve = stride(from: 1.0, through: 6.0, by: 0.1).map { model.sizeFactor(inputArea: pow(10, $0)) }
        #expect(zip(curve, curve.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func lowLightBlurSmallBoxesAndOcclusionLowerRecall() {
        let base = sighting(.cup, distance: 1.5)
        let still = simulator.probability(of: base, lowLight: false)
        #expect(simulator.probability(of: base, lowLight: true) < still)
        let panning = simulator.probability(of: base, lowLight: false, motion: CameraMotion(angularSpeed: 1.5, speed: 0))
        #expect(panning < still * 0.6, "a 1.5 rad/s pan smears a cup: \(panning) vs \(still)")
        #expect(simulator.probability(of: base, lowLight: true, motion: CameraMotion(angularSpeed: 1.5, speed: 0)) < panning)
        var tiny = sighting(.chair, distance: 2)
        tiny.box = PixelBox(x: 0, y: 0, width: 5, height: 5)
        #expect(simulator.probability(of: tiny, lowLight: false) == 0)
        var hidden = sighting(.chair, distance: 2)
        hidden.visibility = 0.2
        #expect(simulator.probability(of: hidden, lowLight: false) == 0)
    }

    /// In a whole simulated capture, detections per sighting match the summed probabilities.
    @Test func simulatedCaptureDetectsAsOftenAsModelled() {
        let capture = SimulationFixtures.walkaway
        let projector = GroundTruthProjector(camera: .iPhonePortrait, rules: GroundTruthRules())
        var expected = 0.0
        var variance = 0.0
        for (offset, frame) in capture.recording.frames.enumerated() where frame.detectorRan {
            let camera = capture.cameras[offset]
            let motion = CameraMotion(angularSpeed: camera.angularSpeed, speed: camera.speed)
            for sighting in projector.sightings(of: capture.scene, pose: camera.truePose, time: camera.time) {
                let p = simulator.probability(of: sighting, lowLight: false, motion: motion)
                expected += p
                variance += p * (1 - p)
            }
        }
        let detected = Double(capture.detectionCauses.filter { $0.source != nil }.count)
        #expect(abs(detected - expected) <= 4 * variance.squareRoot(), "detected \(detected), expected \(expected)")
        #expect(capture.recording.detections.allSatisfy { (model.scoreFloor...0.99).contains($0.score) })
    }
}
