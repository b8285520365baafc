import Foundation
import EvalNumerics
import Recording
import Testing
@testable import Simulation

@Suite struct DetectorTests {
    let model = DetectorModel()
    let simulator = DetectorSimulator(model: DetectorModel(), camera: .iPhonePortrait)

    /// The documented curve, written out from the configuration's parameters.
    func configuredRecall(size: Double, distance: Double) -> Double {
        let range = min(max(model.rangePerMetreOfSize * size, model.minimumRange), model.maximumRange)
        return model.maximumRecall / (1 + exp(-(range - distance) / (model.softness * range)))
    }

    func sighting(_ kind: ObjectKind, distance: Double) -> ObjectSighting {
        let box = PixelBox(x: 400, y: 600, width: 300, height: 300)
        return ObjectSighting(object: 1, kind: kind, box: box, fullBox: box, visibility: 1, distance: distance, depth: distance)
    }

    @Test(arguments: [ObjectKind.bottle, .monitor, .remote])
    func measuredRecallMatchesTheConfiguredCurve(kind: ObjectKind) {
        var random = SplitMix64(seed: 11)
        let trials = 3000
        for distance in stride(from: 0.5, through: 7.5, by: 0.5) {
            let expected = configuredRecall(size: kind.size, distance: distance)
            let hits = (0..<trials).filter { _ in
                simulator.detect([sighting(kind, distance: distance)], lowLight: false, random: &random).contains { $0.source == 1 }
            }.count
            let measured = Double(hits) / Double(trials)
            let sigma = max((expected * (1 - expected) / Double(trials)).squareRoot(), 1 / Double(trials))
            #expect(abs(measured - expected) <= 4.5 * sigma, "\(kind) at \(distance) m: measured \(measured), configured \(expected)")
        }
    }

    @Test func aBottleIsNotDetectedAtThreePointOneMetres() {
        #expect(configuredRecall(size: ObjectKind.bottle.size, distance: 3.1) < 0.1)
        #expect(configuredRecall(size: ObjectKind.bottle.size, distance: 1.0) > 0.9)
        let far = simulator.probability(of: sighting(.bottle, distance: 3.1), lowLight: false)
        let dim = simulator.probability(of: sighting(.bottle, distance: 1.5), lowLight: true)
        #expect(far < 0.1 && dim < simulator.probability(of: sighting(.bottle, distance: 1.5), lowLight: false))
    }

    @Test func smallBoxesAndOcclusionLowerRecall() {
        var tiny = sighting(.chair, distance: 2)
        tiny.box = PixelBox(x: 0, y: 0, width: 5, height: 5)
        #expect(simulator.probability(of: tiny, lowLight: false) < 0.05)
        var hidden = sighting(.chair, distance: 2)
        hidden.visibility = 0.2
        #expect(simulator.probability(of: hidden, lowLight: false) == 0)
    }

    /// In a whole simulated capture, detections per sighting match the summed probabilities.
    @Test func simulatedCaptureDetectsAsOftenAsConfigured() {
        let capture = SimulationFixtures.walkaway
        let projector = GroundTruthProjector(camera: .iPhonePortrait, rules: GroundTruthRules())
        var expected = 0.0
        var variance = 0.0
        for (offset, frame) in capture.recording.frames.enumerated() where frame.detectorRan {
            let camera = capture.cameras[offset]
            for sighting in projector.sightings(of: capture.scene, pose: camera.truePose, time: camera.time) {
                let p = simulator.probability(of: sighting, lowLight: false)
                expected += p
                variance += p * (1 - p)
            }
        }
        let detected = Double(capture.detectionCauses.filter { $0.source != nil }.count)
        #expect(abs(detected - expected) <= 4 * variance.squareRoot(), "detected \(detected), expected \(expected)")
        #expect(capture.recording.detections.allSatisfy { (model.scoreFloor...0.99).contains($0.score) })
    }
}
