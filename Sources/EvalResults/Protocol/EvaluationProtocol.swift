import Foundation
import EvalNumerics
import Replay
import Sweeps

/// A protocol file: which recordings the main job evaluates, with which replica
/// configuration, how intervals are bootstrapped and which gates the run must pass
/// (`Docs/protocols.md`).
///
/// Decoding is strict: an unknown key anywhere is an error naming its key path.
public struct EvaluationProtocol: Codable, Sendable, Equatable {
    /// The protocol's name; the default output folder is `Reports/<name>`.
    public var name: String
    /// Recording files (SQLite), relative to the protocol file's folder.
    public var recordings: [String]
    /// A corpus spec (relative to the protocol file's folder) whose generated recordings the
    /// sweeps run over instead of `recordings` (spec.md#sim-corpus); nil for none.
    public var corpus: String?
    /// A measures file (`spatial-eval measure`, relative to the protocol file's folder) whose
    /// measured assumptions a corpus sweep places on its pivots (spec.md#sweep-pivot-measured).
    public var measures: String?
    /// The replicas' configuration: the shipped defaults with the protocol's `replay`
    /// object laid over them (filled in by ``ProtocolLoader``, not by `Codable`).
    public var replay: ReplayConfiguration
    /// How the bootstrap intervals are computed.
    public var bootstrap: BootstrapSettings
    /// Conditions the run must meet; a failed gate makes `run` exit 2.
    public var gates: [Gate]
    /// Events a gate on a rate needs before it decides; with fewer it reports "not enough
    /// events to decide" and does not fail the run (spec.md#gate-decisions). Default 10.
    public var minimumEvents: Int = 10
    /// The depth-fusion variant comparison, when the protocol asks for one.
    public var fusion: FusionStudySettings?
    /// The report of the run these results belong to, relative to this protocol's report
    /// folder (e.g. `../default/report.html`): a report with a fusion study links to it
    /// instead of repeating the run's detail (spec.md#report-layout); nil for none.
    public var runReport: String?
    /// Threshold sweeps run by `spatial-eval sweep` (`Docs/sweeps.md`); `run` ignores them.
    public var sweeps: [SweepDefinition] = []
    /// The thresholds of the sweeps' verdicts and grid widening (spec.md#sweep-verdict).
    public var verdict = VerdictRules()

    /// Creates a protocol from its parts.
    public init(
        name: String, recordings: [String], replay: ReplayConfiguration = .init(),
        bootstrap: BootstrapSettings = .init(), gates: [Gate] = [], fusion: FusionStudySettings? = nil
    ) {
        self.name = name
        self.recordings = recordings
        self.replay = replay
        self.bootstrap = bootstrap
        self.gates = gates
        self.fusion = fusion
    }

    /// The keys the file format allows (unknown keys are refused naming them).
    public enum CodingKeys: String, CodingKey, CaseIterable {
        case name, description, recordings, corpus, measures, replay, bootstrap, gates, fusion, sweeps, verdict
        case minimumEvents = "minimum_events"
        case runReport = "run_report"
    }

    /// Decodes every key but `replay`, rejecting unknown keys and bad values.
    public init(from decoder: any Decoder) throws {
        try StrictKeys.check(decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decodeName(forKey: .name)
        corpus = try c.decodeIfPresent(String.self, forKey: .corpus)
        measures = try c.decodeIfPresent(String.self, forKey: .measures)
        recordings = try corpus == nil ? c.decode([String].self, forKey: .recordings) : c.decodeIfPresent([String].self, forKey: .recordings) ?? []
        guard recordings.isEmpty != (corpus == nil) else {
            throw DecodingError.dataCorruptedError(
                forKey: .recordings, in: c, debugDescription: corpus == nil ? "must name at least one recording" : "give recordings or a corpus, not both")
        }
        replay = ReplayConfiguration()
        bootstrap = try c.decodeIfPresent(BootstrapSettings.self, forKey: .bootstrap) ?? BootstrapSettings()
        gates = try c.decodeIfPresent([Gate].self, forKey: .gates) ?? []
        minimumEvents = try c.decodeIfPresent(Int.self, forKey: .minimumEvents) ?? 10
        guard minimumEvents >= 0 else {
            throw DecodingError.dataCorruptedError(forKey: .minimumEvents, in: c, debugDescription: "must be 0 or more")
        }
        fusion = try c.decodeIfPresent(FusionStudySettings.self, forKey: .fusion)
        runReport = try c.decodeIfPresent(String.self, forKey: .runReport)
        sweeps = try c.decodeIfPresent([SweepDefinition].self, forKey: .sweeps) ?? []
        verdict = try c.decodeIfPresent(VerdictRulesFile.self, forKey: .verdict)?.rules ?? VerdictRules()
        let names = sweeps.map(\.name)
        if let repeated = names.first(where: { name in names.count { $0 == name } > 1 }) {
            throw DecodingError.dataCorruptedError(forKey: .sweeps, in: c, debugDescription: "two sweeps are named '\(repeated)'")
        }
    }

    /// Encodes the protocol, effective replay configuration included.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(recordings, forKey: .recordings)
        try c.encodeIfPresent(corpus, forKey: .corpus)
        try c.encodeIfPresent(measures, forKey: .measures)
        try c.encode(replay, forKey: .replay)
        try c.encode(bootstrap, forKey: .bootstrap)
        try c.encode(gates, forKey: .gates)
        try c.encode(minimumEvents, forKey: .minimumEvents)
        try c.encodeIfPresent(fusion, forKey: .fusion)
        try c.encodeIfPresent(runReport, forKey: .runReport)
        if !sweeps.isEmpty { try c.encode(sweeps, forKey: .sweeps) }
        if verdict != VerdictRules() { try c.encode(verdict, forKey: .verdict) }
    }
}

/// A protocol's `verdict` object: every key optional (the defaults of ``VerdictRules``), unknown
/// keys and out-of-range values rejected.
public struct VerdictRulesFile: Decodable {
    /// The thresholds read.
    public var rules: VerdictRules

    /// The keys the file format allows (unknown keys are refused naming them).
    public enum CodingKeys: String, CodingKey, CaseIterable {
        case stabilityFloor, variantWidthFactor, widenings, widenSteps, minimumSessions, minimumEvents
    }

    public init(from decoder: any Decoder) throws {
        try StrictKeys.check(decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        rules = try VerdictRules(from: decoder)
        if let problem = rules.problem {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: problem))
        }
    }
}

/// Bootstrap settings of the gap intervals (whole instances are the resampling units).
public struct BootstrapSettings: Codable, Sendable, Equatable {
    /// Number of bootstrap replicates.
    public var replicates: Int
    /// Seed of the resampling stream.
    public var seed: UInt64
    /// Confidence level of the two-sided intervals, in (0, 1).
    public var confidence: Double
    /// `bca` or `percentile`.
    public var method: String

    /// The most bootstrap replicates a protocol or a `--resamples` option may ask for
    /// (`spec.md#limits-bootstrap`).
    public static let maximumReplicates = 1_000_000

    /// Creates settings; the defaults are 2000 BCa replicates at 95 % with seed 1.
    public init(replicates: Int = 2000, seed: UInt64 = 1, confidence: Double = 0.95, method: String = "bca") {
        self.replicates = replicates
        self.seed = seed
        self.confidence = confidence
        self.method = method
    }

    /// The interval method named by `method`.
    public var bootstrapMethod: BootstrapMethod { BootstrapMethod(rawValue: method) ?? .bca }

    /// The keys the file format allows (unknown keys are refused naming them).
    public enum CodingKeys: String, CodingKey, CaseIterable { case replicates, seed, confidence, method }

    /// Decodes with defaults for missing keys; rejects unknown keys and bad values.
    public init(from decoder: any Decoder) throws {
        try StrictKeys.check(decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = BootstrapSettings()
        replicates = try c.decodeIfPresent(Int.self, forKey: .replicates) ?? defaults.replicates
        seed = try c.decodeSeedIfPresent(forKey: .seed) ?? defaults.seed
        confidence = try c.decodeIfPresent(Double.self, forKey: .confidence) ?? defaults.confidence
        method = try c.decodeIfPresent(String.self, forKey: .method) ?? defaults.method
        guard (10...Self.maximumReplicates).contains(replicates) else {
            throw DecodingError.dataCorruptedError(
                forKey: .replicates, in: c, debugDescription: "must be from 10 to \(Self.maximumReplicates)")
        }
        guard confidence.isFinite else {
            throw DecodingError.dataCorruptedError(forKey: .confidence, in: c, debugDescription: "must lie in (0, 1)")
        }
        guard confidence > 0, confidence < 1 else {
            throw DecodingError.dataCorruptedError(forKey: .confidence, in: c, debugDescription: "must lie in (0, 1)")
        }
        guard BootstrapMethod(rawValue: method) != nil else {
            throw DecodingError.dataCorruptedError(forKey: .method, in: c, debugDescription: "must be bca or percentile")
        }
    }
}

/// Rejects keys a `Codable` type does not know, which `JSONDecoder` would silently ignore.
public enum StrictKeys {
    private struct AnyKey: CodingKey {
        public var stringValue: String
        public var intValue: Int? { nil }
        public init(stringValue: String) { self.stringValue = stringValue }
        public init?(intValue: Int) { nil }
    }

    public static func check(_ decoder: any Decoder, allowed: [String]) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        if let unknown = container.allKeys.map(\.stringValue).sorted().first(where: { !allowed.contains($0) }) {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath + [AnyKey(stringValue: unknown)],
                debugDescription: "unknown key (allowed: \(allowed.joined(separator: ", ")))"))
        }
    }
}
