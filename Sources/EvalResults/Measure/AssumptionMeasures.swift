import EvalNumerics
import Evaluation
import Foundation
import Recording

/// Simulator assumptions measured from recorded sessions (`spatial-eval measure`,
/// spec.md#sweep-pivot-measured): each probe's value with an interval over sessions, as the
/// measures file a corpus sweep names (`"measures"` in its protocol) holds it.
public struct AssumptionMeasures: Codable, Sendable, Equatable {
    /// One probe's measurement.
    public struct Measure: Codable, Sendable, Equatable {
        /// The probe (`twin-cross-cosine-median`, `detector-recall-large`, `drift`).
        public var probe: AssumptionProbe
        /// What it measures, in words.
        public var measure: String
        /// The value on all sessions, and its percentile interval over resampled sessions (NaN
        /// when not measurable or without events).
        public var value: Double, lower: Double, upper: Double
        /// Sessions with at least one event, and the events in all.
        public var sessions: Int, events: Int
        /// What the events are.
        public var unit: String
        /// Why the probe cannot be measured, when it cannot.
        public var notMeasurable: String?

        enum CodingKeys: String, CodingKey {
            case probe, measure, value, lower, upper, sessions, events, unit
            case notMeasurable = "not_measurable"
        }

        /// Creates a measurement from its parts.
        public init(probe: AssumptionProbe, value: Double, lower: Double, upper: Double, sessions: Int, events: Int) {
            self.probe = probe
            measure = probe.measure
            self.value = value
            self.lower = lower
            self.upper = upper
            self.sessions = sessions
            self.events = events
            unit = probe.unit
            notMeasurable = probe.notMeasurable
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(probe, forKey: .probe)
            try c.encode(measure, forKey: .measure)
            for (key, v) in [(CodingKeys.value, value), (.lower, lower), (.upper, upper)] {
                if v.isFinite { try c.encode(v, forKey: key) } else { try c.encodeNil(forKey: key) }
            }
            try c.encode(sessions, forKey: .sessions)
            try c.encode(events, forKey: .events)
            try c.encode(unit, forKey: .unit)
            try c.encodeIfPresent(notMeasurable, forKey: .notMeasurable)
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            probe = try c.decode(AssumptionProbe.self, forKey: .probe)
            measure = try c.decodeIfPresent(String.self, forKey: .measure) ?? probe.measure
            value = try c.decodeIfPresent(Double.self, forKey: .value) ?? .nan
            lower = try c.decodeIfPresent(Double.self, forKey: .lower) ?? .nan
            upper = try c.decodeIfPresent(Double.self, forKey: .upper) ?? .nan
            sessions = try c.decode(Int.self, forKey: .sessions)
            events = try c.decode(Int.self, forKey: .events)
            unit = try c.decodeIfPresent(String.self, forKey: .unit) ?? probe.unit
            notMeasurable = try c.decodeIfPresent(String.self, forKey: .notMeasurable)
            guard sessions >= 0, events >= 0, lower.isNaN || upper.isNaN || lower <= upper else {
                throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription: "sessions and events must be ≥ 0 and lower ≤ upper"))
            }
        }

        /// The interval as a bootstrap interval value.
        public var interval: BootstrapInterval {
            var b = BootstrapInterval.percentile(estimate: value, replicates: [value])
            (b.lower, b.upper) = (lower, upper)
            return b
        }
    }

    /// The file's format tag.
    public static let format = "spatial-eval-measures"
    /// The format tag written and required.
    public var format = AssumptionMeasures.format
    /// The recordings measured (names) and their SHA-256.
    public var recordings: [String]
    /// SHA-256 of each recording file, in the same order.
    public var sha256: [String]
    /// Bootstrap settings of the intervals.
    public var replicates: Int, seed: UInt64, confidence: Double
    /// One entry per probe.
    public var measures: [Measure]

    /// Creates measures from their parts.
    public init(recordings: [String], sha256: [String], replicates: Int, seed: UInt64, confidence: Double, measures: [Measure]) {
        self.recordings = recordings
        self.sha256 = sha256
        self.replicates = replicates
        self.seed = seed
        self.confidence = confidence
        self.measures = measures
    }

    /// The measurement of `probe`, when the file holds one with a value.
    public func measured(_ probe: AssumptionProbe) -> Measure? {
        measures.first { $0.probe == probe && $0.value.isFinite }
    }

    /// The file as JSON (keys sorted, one value per line).
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// Reads a measures file; errors name the file.
    public static func read(_ path: String) throws -> AssumptionMeasures {
        let data = try TextFile.read(path, kind: "a measures file")
        let measures: AssumptionMeasures
        do {
            measures = try JSONDecoder().decode(AssumptionMeasures.self, from: data)
        } catch {
            throw InputError(file: path, message: "not a measures file (spatial-eval measure): \(error)")
        }
        guard measures.format == format else { throw InputError(file: path, message: "format '\(measures.format)' is not '\(format)'") }
        return measures
    }
}
