import Replay

/// Which part of the staged pipeline a configuration key changes.
///
/// Stages run in this order, and a key invalidates only its own stage and the ones after
/// it: tracking and fusion do not depend on the merge cosine, so a sweep over registry keys
/// computes them once per recording (issue 6).
public enum SweepStage: Int, Comparable, Sendable, Codable {
    /// Tracker replica, depth fusion and the observation stream they make (`tracker.*`,
    /// `depthFusion.*`, and `guidance.refreshPeriod`, which adds the guided-class re-captures).
    case upstream
    /// The anchor registry replayed over the fused observations (`anchors.*`).
    case registry
    /// The absence sweep over the registry's anchors (`absence.*`).
    case absence
    /// Lock-on and arrival over the registry's events, starting from instances the absence
    /// stage does not show as missing (`guidance.*` but the refresh period).
    case guidance
    /// RealityRogue's label anchoring replayed over the same observations, the second policy
    /// (`labelAnchoring.*`, spec.md#policy-comparison); nothing else depends on it.
    case labelAnchoring

    /// Pipeline order.
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// A configuration key a sweep may vary, named by its JSON key path in
/// ``ReplayConfiguration`` (e.g. `anchors.nearCosine`).
public struct SweepKey: Sendable {
    /// The key path, as protocol files spell it.
    public let name: String
    /// The stage it changes.
    public let stage: SweepStage
    /// Whether the field is an integer (values are then rounded to the nearest integer).
    public let isInteger: Bool
    private let write: @Sendable (inout ReplayConfiguration, Double) -> Void
    private let read: @Sendable (ReplayConfiguration) -> Double

    private init(_ name: String, _ stage: SweepStage, _ path: WritableKeyPath<ReplayConfiguration, Double> & Sendable) {
        self.name = name
        self.stage = stage
        isInteger = false
        write = { $0[keyPath: path] = $1 }
        read = { $0[keyPath: path] }
    }

    private init(_ name: String, _ stage: SweepStage, integer path: WritableKeyPath<ReplayConfiguration, Int> & Sendable) {
        self.name = name
        self.stage = stage
        isInteger = true
        write = { $0[keyPath: path] = Int($1.rounded()) }
        read = { Double($0[keyPath: path]) }
    }

    /// `configuration` with this key set to `value`.
    public func applied(_ value: Double, to configuration: ReplayConfiguration) -> ReplayConfiguration {
        var copy = configuration
        write(&copy, value)
        return copy
    }

    /// The key's value in `configuration` (the shipped constant for the defaults).
    public func value(in configuration: ReplayConfiguration) -> Double { read(configuration) }

    /// Every key a sweep can vary, in documentation order.
    public static let all: [SweepKey] = [
        SweepKey("anchors.nearCosine", .registry, \.anchors.nearCosine),
        SweepKey("anchors.nearRadius", .registry, \.anchors.nearRadius),
        SweepKey("anchors.farCosine", .registry, \.anchors.farCosine),
        SweepKey("anchors.farRadius", .registry, \.anchors.farRadius),
        SweepKey("anchors.emaWeight", .registry, \.anchors.emaWeight),
        SweepKey("anchors.stepClamp", .registry, \.anchors.stepClamp),
        SweepKey("anchors.consensusCount", .registry, integer: \.anchors.consensusCount),
        SweepKey("anchors.consensusMinDistance", .registry, \.anchors.consensusMinDistance),
        SweepKey("anchors.consensusAgreement", .registry, \.anchors.consensusAgreement),
        SweepKey("absence.rangePerSize", .absence, \.absence.rangePerSize),
        SweepKey("absence.minRange", .absence, \.absence.minRange),
        SweepKey("absence.maxRange", .absence, \.absence.maxRange),
        SweepKey("absence.absentSamples", .absence, integer: \.absence.absentSamples),
        SweepKey("absence.minSampleSpacing", .absence, \.absence.minSampleSpacing),
        SweepKey("absence.sightlineTolerance", .absence, \.absence.sightlineTolerance),
        SweepKey("absence.budgetPerPass", .absence, integer: \.absence.budgetPerPass),
        SweepKey("guidance.lockOnRadius", .guidance, \.guidance.lockOnRadius),
        SweepKey("guidance.lockOnCosine", .guidance, \.guidance.lockOnCosine),
        SweepKey("guidance.arrivalRadius", .guidance, \.guidance.arrivalRadius),
        SweepKey("guidance.departureRadius", .guidance, \.guidance.departureRadius),
        SweepKey("guidance.confirmationWindow", .guidance, \.guidance.confirmationWindow),
        SweepKey("guidance.refreshPeriod", .upstream, \.guidance.refreshPeriod),
        SweepKey("tracker.highScore", .upstream, \.tracker.highScore),
        SweepKey("tracker.lowScore", .upstream, \.tracker.lowScore),
        SweepKey("tracker.iouGate", .upstream, \.tracker.iouGate),
        SweepKey("tracker.maxCoastFrames", .upstream, integer: \.tracker.maxCoastFrames),
        SweepKey("tracker.minHits", .upstream, integer: \.tracker.minHits),
        SweepKey("tracker.detectEvery", .upstream, integer: \.tracker.detectEvery),
        SweepKey("depthFusion.minLidarDepth", .upstream, \.depthFusion.minLidarDepth),
        SweepKey("depthFusion.maxLidarDepth", .upstream, \.depthFusion.maxLidarDepth),
        SweepKey("depthFusion.minPairs", .upstream, integer: \.depthFusion.minPairs),
        SweepKey("depthFusion.outlierSigmas", .upstream, \.depthFusion.outlierSigmas),
        SweepKey("depthFusion.denominatorFloor", .upstream, \.depthFusion.denominatorFloor),
        SweepKey("labelAnchoring.radiusPerMetre", .labelAnchoring, \.labelAnchoring.radiusPerMetre),
        SweepKey("labelAnchoring.confirmHits", .labelAnchoring, integer: \.labelAnchoring.confirmHits),
        SweepKey("labelAnchoring.emaWeight", .labelAnchoring, \.labelAnchoring.emaWeight),
        SweepKey("labelAnchoring.expireAfterMisses", .labelAnchoring, integer: \.labelAnchoring.expireAfterMisses),
    ]

    /// The key named `name`, if a sweep can vary it.
    public static func named(_ name: String) -> SweepKey? { all.first { $0.name == name } }
}
