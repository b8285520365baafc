import Foundation
import Recording
import Replay
import Sweeps

/// One entry of a protocol's `"sweeps"` list (`Docs/sweeps.md`): the keys and values to
/// sweep, how points are sampled, and the rule that picks the recommended point.
///
/// Decoding is strict (unknown keys are errors naming their path) and validates keys,
/// metrics, ranges and sizes, so a sweep fails at load time rather than mid-run.
public struct SweepDefinition: Codable, Sendable, Equatable {
    /// The sweep's name: its group in `sweep.h5` and its section in the report.
    public var name: String
    /// What the family is about and the incident behind it, with its spec.md anchors (printed in the report).
    public var description: String
    /// The points.
    public var space: ParameterSpace
    /// The recommendation rule.
    public var objective: Objective

    /// Largest number of points a sweep may have.
    public static let maximumPoints = 1_000_000

    /// Creates a definition from its parts.
    public init(name: String, description: String = "", space: ParameterSpace, objective: Objective) {
        self.name = name
        self.description = description
        self.space = space
        self.objective = objective
    }

    /// The keys the file format allows (unknown keys are refused naming them).
    public enum CodingKeys: String, CodingKey, CaseIterable { case name, description, axes, sampling, samples, seed, objective }
    /// The keys of one axis.
    public enum AxisKeys: String, CodingKey, CaseIterable { case key, values, from, to, count }
    /// The keys of an objective.
    public enum ObjectiveKeys: String, CodingKey, CaseIterable { case optimise, caps, then, pareto, practical, reason }

    /// Decodes and validates one sweep.
    public init(from decoder: any Decoder) throws {
        try StrictKeys.check(decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decodeName(forKey: .name)
        description = try c.decodeIfPresent(String.self, forKey: .description) ?? ""
        var axesContainer = try c.nestedUnkeyedContainer(forKey: .axes)
        var axes: [SweepAxis] = []
        while !axesContainer.isAtEnd { axes.append(try Self.axis(axesContainer.superDecoder())) }
        guard !axes.isEmpty else { throw DecodingError.dataCorruptedError(forKey: .axes, in: c, debugDescription: "must list at least one axis") }
        let keys = axes.map(\.key)
        if let repeated = keys.first(where: { key in keys.count { $0 == key } > 1 }) {
            throw DecodingError.dataCorruptedError(forKey: .axes, in: c, debugDescription: "key '\(repeated)' appears twice")
        }
        let samplingName = try c.decodeIfPresent(String.self, forKey: .sampling) ?? "grid"
        let samples = try c.decodeIfPresent(Int.self, forKey: .samples)
        let seed = try c.decodeSeedIfPresent(forKey: .seed) ?? 1
        let sampling: Sampling
        switch samplingName {
        case "grid":
            guard samples == nil else { throw DecodingError.dataCorruptedError(forKey: .samples, in: c, debugDescription: "only for random or latin-hypercube sampling") }
            sampling = .grid
        case "random", "latin-hypercube":
            guard let samples, samples >= 1 else {
                throw DecodingError.dataCorruptedError(forKey: .samples, in: c, debugDescription: "must be a positive number of points")
            }
            guard axes.allSatisfy({ $0.values.count == 2 }) else {
                throw DecodingError.dataCorruptedError(forKey: .axes, in: c, debugDescription: "sampled axes need a range: \"from\" and \"to\"")
            }
            sampling = samplingName == "random" ? .random(count: samples) : .latinHypercube(count: samples)
        default:
            throw DecodingError.dataCorruptedError(forKey: .sampling, in: c, debugDescription: "must be grid, random or latin-hypercube")
        }
        // The grid's size, saturating instead of overflowing (spec.md#limits-sweep-points).
        let count = sampling == .grid
            ? axes.reduce(1) { product, axis in
                let (next, overflow) = product.multipliedReportingOverflow(by: axis.values.count)
                return overflow ? Int.max : next
            }
            : samples!
        guard count <= Self.maximumPoints else {
            throw DecodingError.dataCorruptedError(forKey: .axes, in: c, debugDescription: "\(count) points exceed the limit of \(Self.maximumPoints)")
        }
        space = ParameterSpace(axes: axes, sampling: sampling, seed: seed)
        objective = try Self.objective(c.superDecoder(forKey: .objective))
    }

    /// An axis whose every value is in range for its key (spec.md#limits-settings): an
    /// integer key's values are rounded, so they must fit an integer first.
    private static func axis(_ decoder: any Decoder) throws -> SweepAxis {
        let axis = try uncheckedAxis(decoder)
        guard let key = SweepKey.named(axis.key) else { return axis }
        for value in axis.values {
            let fits = !key.isInteger || abs(value) <= Double(ReplayConfiguration.maximumCount)
            let problem = fits ? key.applied(value, to: ReplayConfiguration()).valueProblems().first { $0.key == axis.key }
                : ReplayConfiguration.Problem(key: axis.key, message: "\(value) is outside the integer range of the key")
            if let problem {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "sweep value \(problem.description)"))
            }
        }
        return axis
    }

    private static func uncheckedAxis(_ decoder: any Decoder) throws -> SweepAxis {
        try StrictKeys.check(decoder, allowed: AxisKeys.allCases.map(\.rawValue))
        let c = try decoder.container(keyedBy: AxisKeys.self)
        let key = try c.decode(String.self, forKey: .key)
        guard SweepKey.named(key) != nil else {
            throw DecodingError.dataCorruptedError(forKey: .key, in: c, debugDescription: "unknown sweep key '\(key)' (known: \(SweepKey.all.map(\.name).joined(separator: ", ")))")
        }
        if let values = try c.decodeIfPresent([Double].self, forKey: .values) {
            guard !values.isEmpty, values.allSatisfy(\.isFinite) else {
                throw DecodingError.dataCorruptedError(forKey: .values, in: c, debugDescription: "must be a non-empty list of finite numbers")
            }
            guard !c.contains(.from), !c.contains(.to), !c.contains(.count) else {
                throw DecodingError.dataCorruptedError(forKey: .values, in: c, debugDescription: "give either values or from/to/count, not both")
            }
            return SweepAxis(key: key, values: values)
        }
        let from = try c.decode(Double.self, forKey: .from), to = try c.decode(Double.self, forKey: .to)
        guard from.isFinite, to.isFinite, from <= to else {
            throw DecodingError.dataCorruptedError(forKey: .to, in: c, debugDescription: "must be finite and at least 'from'")
        }
        guard let count = try c.decodeIfPresent(Int.self, forKey: .count) else { return SweepAxis(key: key, values: [from, to]) }
        guard count >= 1 else { throw DecodingError.dataCorruptedError(forKey: .count, in: c, debugDescription: "must be at least 1") }
        guard count <= maximumPoints else {
            // Checked before the axis's values are made (spec.md#limits-sweep-points).
            throw DecodingError.dataCorruptedError(forKey: .count, in: c, debugDescription: "\(count) values exceed the limit of \(maximumPoints) points")
        }
        return SweepAxis.range(key, from: from, to: to, count: count)
    }

    private static func objective(_ decoder: any Decoder) throws -> Objective {
        try StrictKeys.check(decoder, allowed: ObjectiveKeys.allCases.map(\.rawValue))
        let c = try decoder.container(keyedBy: ObjectiveKeys.self)
        let minimise = try c.decode(SweepMetric.self, forKey: .optimise)
        var capsContainer = try c.nestedUnkeyedContainerIfPresent(forKey: .caps)
        var caps: [MetricCap] = []
        while let container = capsContainer, !container.isAtEnd {
            let capDecoder = try capsContainer!.superDecoder()
            try StrictKeys.check(capDecoder, allowed: ["metric", "max", "min"])
            let cap = try MetricCap(from: capDecoder)
            guard cap.max != nil || cap.min != nil else {
                throw DecodingError.dataCorrupted(.init(codingPath: capDecoder.codingPath, debugDescription: "give max, min or both"))
            }
            caps.append(cap)
        }
        let pareto = try c.decode([SweepMetric].self, forKey: .pareto)
        guard pareto.count == 2 else { throw DecodingError.dataCorruptedError(forKey: .pareto, in: c, debugDescription: "must name exactly two metrics") }
        let then = try c.decodeIfPresent([SweepMetric].self, forKey: .then) ?? []
        let practical = try c.decodeIfPresent(Double.self, forKey: .practical)
        if let practical, !(practical.isFinite && practical >= 0) {
            throw DecodingError.dataCorruptedError(forKey: .practical, in: c, debugDescription: "must be a finite number at least 0")
        }
        let reason = try c.decodeIfPresent(String.self, forKey: .reason) ?? ""
        return Objective(minimise: minimise, caps: caps, pareto: pareto, then: then, practical: practical, reason: reason)
    }

    /// Encodes the definition in the form it is read.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(description, forKey: .description)
        var axes = c.nestedUnkeyedContainer(forKey: .axes)
        for axis in space.axes {
            var a = axes.nestedContainer(keyedBy: AxisKeys.self)
            try a.encode(axis.key, forKey: .key)
            try a.encode(axis.values, forKey: .values)
        }
        switch space.sampling {
        case .grid: try c.encode("grid", forKey: .sampling)
        case .random(let n): try c.encode("random", forKey: .sampling); try c.encode(n, forKey: .samples)
        case .latinHypercube(let n): try c.encode("latin-hypercube", forKey: .sampling); try c.encode(n, forKey: .samples)
        }
        try c.encode(space.seed, forKey: .seed)
        var o = c.nestedContainer(keyedBy: ObjectiveKeys.self, forKey: .objective)
        try o.encode(objective.minimise, forKey: .optimise)
        try o.encode(objective.caps, forKey: .caps)
        try o.encode(objective.then, forKey: .then)
        try o.encode(objective.pareto, forKey: .pareto)
        try o.encodeIfPresent(objective.practical, forKey: .practical)
        if !objective.reason.isEmpty { try o.encode(objective.reason, forKey: .reason) }
    }
}

extension KeyedDecodingContainer {
    /// A name used as a folder or HDF5 group: non-empty and without `/`.
    public func decodeName(forKey key: Key) throws -> String {
        let name = try decode(String.self, forKey: key)
        guard !name.isEmpty, !name.contains("/") else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "must be a non-empty name without '/'")
        }
        return name
    }

    /// A nested unkeyed container when `key` is present.
    public func nestedUnkeyedContainerIfPresent(forKey key: Key) throws -> UnkeyedDecodingContainer? {
        contains(key) ? try nestedUnkeyedContainer(forKey: key) : nil
    }
}
