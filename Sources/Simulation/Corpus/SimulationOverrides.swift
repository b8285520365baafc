import Foundation

/// One value set on a simulator parameter by a corpus variant (spec.md#sweep-variants): a
/// number, a list of numbers, a list of strings, a flag or a string, as the parameter's JSON.
public enum SimulationOverride: Equatable, Sendable, Codable {
    /// A number.
    case number(Double)
    /// A list of numbers.
    case numbers([Double])
    /// A list of strings.
    case strings([String])
    /// A flag.
    case flag(Bool)
    /// A string.
    case text(String)

    /// Decodes whichever of the cases the JSON value is.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let v = try? c.decode(Bool.self) { self = .flag(v) } else if let v = try? c.decode(Double.self) { self = .number(v) } else if let v = try? c.decode([Double].self) {
            self = .numbers(v)
        } else if let v = try? c.decode([String].self) { self = .strings(v) } else if let v = try? c.decode(String.self) { self = .text(v) } else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "expected a number, a list of numbers or strings, a flag or a string")
        }
    }

    /// Encodes the value as its JSON.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .number(let v): try c.encode(v)
        case .numbers(let v): try c.encode(v)
        case .strings(let v): try c.encode(v)
        case .flag(let v): try c.encode(v)
        case .text(let v): try c.encode(v)
        }
    }

    /// The value in words (report headers): `3`, `[0.93, 0.99]`, `true`.
    public var text: String {
        switch self {
        case .number(let v): return Self.format(v)
        case .numbers(let v): return "[" + v.map(Self.format).joined(separator: ", ") + "]"
        case .strings(let v): return "[" + v.joined(separator: ", ") + "]"
        case .flag(let v): return v ? "true" : "false"
        case .text(let v): return v
        }
    }

    private static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
    }

    fileprivate var json: Any {
        switch self {
        case .number(let v): return v
        case .numbers(let v): return v
        case .strings(let v): return v
        case .flag(let v): return v
        case .text(let v): return v
        }
    }
}

/// Why a set of overrides cannot be applied: the key path and the reason.
public struct SimulationOverrideError: Error, Equatable, CustomStringConvertible {
    /// The dotted key path, e.g. `drift.errorScale`.
    public var key: String
    /// What is wrong.
    public var reason: String
    /// The message.
    public var description: String { "simulation key '\(key)': \(reason)" }
}

extension SimulationConfiguration {
    /// This configuration with each dotted key path (`drift.errorScale`,
    /// `embeddings.twinCosineRange`) set to its value; every key must name an existing
    /// parameter and the value must have its type.
    public func applying(_ overrides: [String: SimulationOverride]) throws -> SimulationConfiguration {
        guard !overrides.isEmpty else { return self }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard var tree = try JSONSerialization.jsonObject(with: try encoder.encode(self)) as? [String: Any] else {
            throw SimulationOverrideError(key: "", reason: "the configuration does not encode as a JSON object")
        }
        for key in overrides.keys.sorted() {
            let path = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard path.allSatisfy({ !$0.isEmpty }) else { throw SimulationOverrideError(key: key, reason: "empty path component") }
            tree = try Self.set(overrides[key]!.json, at: path[...], in: tree, key: key)
        }
        do {
            return try JSONDecoder().decode(SimulationConfiguration.self, from: try JSONSerialization.data(withJSONObject: tree))
        } catch {
            throw SimulationOverrideError(key: overrides.keys.sorted().joined(separator: ", "), reason: "a value has the wrong type (\(error))")
        }
    }

    private static func set(_ value: Any, at path: ArraySlice<String>, in object: [String: Any], key: String) throws -> [String: Any] {
        var object = object
        let head = path.first!
        guard let current = object[head] else { throw SimulationOverrideError(key: key, reason: "no parameter '\(head)'") }
        if path.count == 1 {
            if current is [String: Any] { throw SimulationOverrideError(key: key, reason: "'\(head)' is a group, not a parameter") }
            object[head] = value
        } else {
            guard let inner = current as? [String: Any] else { throw SimulationOverrideError(key: key, reason: "'\(head)' is a parameter, not a group") }
            object[head] = try set(value, at: path.dropFirst(), in: inner, key: key)
        }
        return object
    }
}
