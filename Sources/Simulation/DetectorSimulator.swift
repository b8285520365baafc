import Foundation
import EvalNumerics
import Recording

/// A simulated detector output before it gets an id: what was reported and what caused it.
public struct SimulatedDetection: Equatable, Sendable {
    /// The object that caused it, or nil for a false positive.
    public var source: Int64?
    /// Reported class label.
    public var label: String
    /// Reported score.
    public var score: Double
    /// Reported box (inside the image).
    public var box: PixelBox
    /// The detection probability the model gave the object (0 for false positives).
    public var probability: Double
}

/// Runs the detector error model (`DetectorModel`) on one frame's ground-truth sightings.
public struct DetectorSimulator: Sendable {
    /// The error model.
    public var model: DetectorModel
    /// The camera (for image bounds and false-positive boxes).
    public var camera: PinholeCamera

    /// Creates a detector simulator.
    public init(model: DetectorModel, camera: PinholeCamera) {
        self.model = model
        self.camera = camera
    }

    /// The detection probability of one sighting seen by a camera moving as `motion`.
    public func probability(of sighting: ObjectSighting, lowLight: Bool, motion: CameraMotion = .still) -> Double {
        let blur = model.blurPixels(
            angularSpeed: motion.angularSpeed, speed: motion.speed, depth: sighting.depth, focal: camera.fx, lowLight: lowLight)
        return model.detectionProbability(
            boxArea: sighting.box.width * sighting.box.height, boxSide: min(sighting.box.width, sighting.box.height),
            imageLongSide: Double(max(camera.width, camera.height)), visibility: sighting.visibility, blurPixels: blur,
            lowLight: lowLight)
    }

    /// The detections of one frame: one draw per sighting, then false positives.
    public func detect(
        _ sightings: [ObjectSighting], lowLight: Bool, motion: CameraMotion = .still, random: inout SplitMix64
    ) -> [SimulatedDetection] {
        var detections: [SimulatedDetection] = []
        for sighting in sightings {
            let probability = probability(of: sighting, lowLight: lowLight, motion: motion)
            let fires = random.chance(probability)
            let confused = random.chance(model.confusionProbability)
            let scoreNoise = random.gaussian()
            let box = jittered(sighting.box, random: &random)
            guard fires, let box else { continue }
            let label = confused ? (model.lookAlike(of: sighting.kind.label) ?? sighting.kind.label) : sighting.kind.label
            let score = min(max(model.scoreBase + model.scoreSlope * probability + model.scoreNoise * scoreNoise, model.scoreFloor), 0.99)
            detections.append(SimulatedDetection(source: sighting.object, label: label, score: score, box: box, probability: probability))
        }
        for _ in 0..<random.poisson(model.falsePositivesPerRun) {
            detections.append(falsePositive(random: &random))
        }
        return detections
    }

    /// `box` with Gaussian jitter on each edge, clipped to the image; nil if it vanishes.
    func jittered(_ box: PixelBox, random: inout SplitMix64) -> PixelBox? {
        let sigmaX = model.jitterPixels + model.jitterFraction * box.width
        let sigmaY = model.jitterPixels + model.jitterFraction * box.height
        let left = max(0, box.x + sigmaX * random.gaussian())
        let right = min(Double(camera.width), box.x + box.width + sigmaX * random.gaussian())
        let top = max(0, box.y + sigmaY * random.gaussian())
        let bottom = min(Double(camera.height), box.y + box.height + sigmaY * random.gaussian())
        guard right - left >= 1, bottom - top >= 1 else { return nil }
        return PixelBox(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// A false positive: a random label, a low score and a random box of 40–400 px.
    func falsePositive(random: inout SplitMix64) -> SimulatedDetection {
        let labels = model.falsePositiveLabels.isEmpty ? ["bottle"] : model.falsePositiveLabels
        let label = labels[random.index(below: labels.count)]
        let width = min(random.uniform(40, 400), Double(camera.width))
        let height = min(random.uniform(40, 400), Double(camera.height))
        let box = PixelBox(
            x: random.uniform(0, Double(camera.width) - width), y: random.uniform(0, Double(camera.height) - height),
            width: width, height: height)
        let score = min(model.scoreFloor - model.falsePositiveScoreMean * log(max(random.nextUnit(), 1e-12)), 0.9)
        return SimulatedDetection(source: nil, label: label, score: score, box: box, probability: 0)
    }
}

/// How fast the camera moves during one exposure (for motion blur).
public struct CameraMotion: Equatable, Sendable {
    /// Angular speed of the viewing direction, rad/s.
    public var angularSpeed: Double
    /// Speed of the camera centre, m/s.
    public var speed: Double

    /// Creates a motion from its parts.
    public init(angularSpeed: Double, speed: Double) {
        self.angularSpeed = angularSpeed
        self.speed = speed
    }

    /// A camera at rest.
    public static let still = CameraMotion(angularSpeed: 0, speed: 0)
}
