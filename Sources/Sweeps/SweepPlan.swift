import Evaluation
import Recording
import Replay

/// A sweep ready to run: its name, its space with the keys resolved, and the configuration
/// every point starts from.
public struct SweepPlan: Sendable {
    /// The sweep's name (its group in `sweep.h5`).
    public var name: String
    /// The points' space.
    public var space: ParameterSpace
    /// The configuration the points are laid over (the protocol's replay configuration).
    public var base: ReplayConfiguration
    /// The swept keys, one per axis.
    public var keys: [SweepKey]
    /// The points, one value per axis each.
    public var points: [[Double]]

    /// An unknown key in the space.
    public struct UnknownKey: Error, CustomStringConvertible {
        /// The key as written.
        public var key: String
        public var description: String {
            "unknown sweep key '\(key)' (known: \(SweepKey.all.map(\.name).joined(separator: ", ")))"
        }
    }

    /// Resolves `space`'s keys; throws ``UnknownKey`` for a key no sweep can vary.
    public init(name: String, space: ParameterSpace, base: ReplayConfiguration = .init()) throws {
        self.name = name
        self.space = space
        self.base = base
        keys = try space.axes.map { axis in
            guard let key = SweepKey.named(axis.key) else { throw UnknownKey(key: axis.key) }
            return key
        }
        points = space.points
    }

    /// The configuration of point `values`.
    public func configuration(_ values: [Double]) -> ReplayConfiguration {
        zip(keys, values).reduce(base) { $1.0.applied($1.1, to: $0) }
    }

    /// The values of the upstream keys of a point (points that share them share the
    /// tracker and fusion output).
    public func upstreamSignature(_ values: [Double]) -> [Double] {
        signature(values, stages: [.upstream])
    }

    /// The value of every upstream key (``SweepStage/upstream``) in the configuration of
    /// point `values`: the tracker and fusion output depends on nothing else the base does not
    /// fix, so it keys that output across the plans of one base (the sweeps of a protocol).
    public func upstreamKey(_ values: [Double]) -> [Double] {
        Self.upstreamKey(of: configuration(values))
    }

    /// The value of every upstream key in `configuration`: the key of its tracker and fusion
    /// output (``upstreamKey(_:)``).
    public static func upstreamKey(of configuration: ReplayConfiguration) -> [Double] {
        SweepKey.all.filter { $0.stage == .upstream }.map { $0.value(in: configuration) }
    }

    /// The values of the keys of `stages` of a point: two points with the same signature
    /// over a stage and the stages it depends on share that stage's output.
    public func signature(_ values: [Double], stages: Set<SweepStage>) -> [Double] {
        zip(keys, values).filter { stages.contains($0.0.stage) }.map(\.1)
    }

    /// The base configuration's value of every swept key (the shipped constants).
    public var shipped: [Double] { keys.map { $0.value(in: base) } }
}

/// One recording prepared for sweeping.
public struct SweepInput: Sendable {
    /// Its name in results.
    public var name: String
    /// The recording.
    public var recording: Recording
    /// Its ground truth, prepared once.
    public var truth: RecordingTruth
    /// The recording indexed for the absence stage, prepared once.
    public var absenceScene: AbsenceScene

    /// Prepares `recording`; its ground truth by whichever route it comes
    /// (spec.md#ground-truth-route): on the marks route `recording` holds the projected boxes.
    public init(name: String, recording: Recording) {
        let resolved = RecordingGroundTruth(recording)
        self.name = name
        self.recording = resolved.recording
        truth = RecordingTruth(resolved)
        absenceScene = AbsenceScene(recording)
    }
}
