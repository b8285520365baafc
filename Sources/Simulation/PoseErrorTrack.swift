import Foundation
import EvalNumerics

/// A camera-pose error as a function of distance travelled, replayed from real tracking
/// residuals in blocks (`DriftModel`, Data/error-models/SOURCES.md).
///
/// The residual increments of the TUM sequences (one per `ErrorModelTables.poseStepMetres` of
/// travel) are cut into blocks of `DriftModel.blockMetres`; blocks are drawn with replacement,
/// uniformly over every block start of every sequence, and concatenated from zero error at the
/// start (ARKit's origin is where the session starts). Within a block the real sequence's
/// structure survives exactly; across blocks the error accumulates like the real one per block.
public struct PoseErrorTrack: Equatable, Sendable {
    /// Metres of travel between two stations.
    public let step: Double
    /// Position error at each station, metres (world frame).
    public let position: [SIMD3<Double>]
    /// Rotation error at each station, as a rotation vector in radians (world frame).
    public let rotation: [SIMD3<Double>]

    /// Creates a track from its stations.
    public init(step: Double, position: [SIMD3<Double>], rotation: [SIMD3<Double>]) {
        self.step = step
        self.position = position
        self.rotation = rotation
    }

    /// The measured increments of each sequence: (position, rotation) per step.
    static let sequences: [(name: String, steps: [(SIMD3<Double>, SIMD3<Double>)])] = ErrorModelTables.poseIncrements.map { entry in
        let values = entry.values.map(Double.init)
        let steps = stride(from: 0, to: values.count - 5, by: 6).map { i in
            (SIMD3(values[i], values[i + 1], values[i + 2]) * 1e-4, SIMD3(values[i + 3], values[i + 4], values[i + 5]) * 1e-5)
        }
        return (name: entry.name, steps: steps)
    }

    /// A track covering `distance` metres drawn from `model`'s sequences with `random`.
    public init(distance: Double, model: DriftModel, random: inout SplitMix64) {
        step = ErrorModelTables.poseStepMetres
        let chosen = Self.sequences.filter { model.residualSequences.contains($0.name) }
        let blockSteps = max(1, Int((model.blockMetres / step).rounded()))
        let starts = chosen.enumerated().flatMap { index, sequence in
            (0...max(0, sequence.steps.count - blockSteps)).map { (index, $0) }
        }
        let count = Int((max(distance, 0) / step).rounded(.up)) + 1
        var position = [SIMD3<Double>.zero], rotation = [SIMD3<Double>.zero]
        while position.count < count, !starts.isEmpty {
            let (sequence, start) = starts[random.index(below: starts.count)]
            let steps = chosen[sequence].steps
            for (dp, dr) in steps[start..<min(start + blockSteps, steps.count)] where position.count < count {
                position.append(position[position.count - 1] + dp * model.errorScale)
                rotation.append(rotation[rotation.count - 1] + (model.rotationError ? dr * model.errorScale : .zero))
            }
        }
        self.position = position
        self.rotation = rotation
    }

    /// The error after `distance` metres of travel, linearly interpolated between stations
    /// (the last station's beyond the end; zero for an empty track).
    public func error(at distance: Double) -> (position: SIMD3<Double>, rotation: SIMD3<Double>) {
        guard let lastIndex = position.indices.last else { return (.zero, .zero) }
        let x = max(distance, 0) / step
        let i = min(Int(x.rounded(.down)), lastIndex)
        guard i < lastIndex else { return (position[lastIndex], rotation[lastIndex]) }
        let f = x - Double(i)
        return (position[i] + (position[i + 1] - position[i]) * f, rotation[i] + (rotation[i + 1] - rotation[i]) * f)
    }
}
