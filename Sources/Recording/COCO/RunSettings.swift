import Foundation

/// A run's settings file (`spec.md#parity-gate`): one JSON object whose top-level keys name
/// what must be the same on both sides of a comparison (letterbox size and padding, resize
/// filter, channel order, normalisation, NMS, score floor, …). Values are kept as canonical
/// JSON text (object keys sorted, numbers as read), so two files compare key by key.
public struct RunSettings: Equatable, Sendable {
    /// Top-level key → canonical JSON text of its value.
    public var values: [String: String]

    /// Reads a settings file.
    public static func read(from path: String) throws -> RunSettings {
        try JSONPullParser.parse(contentsOf: path) { parser in
            var values: [String: String] = [:]
            try parser.beginObject("a settings file")
            while let key = try parser.nextKey() { values[key] = try canonical(&parser) }
            return RunSettings(values: values)
        }
    }

    /// The keys whose values differ or that only one side has, sorted.
    public func differences(from other: RunSettings) -> [String] {
        Set(values.keys).union(other.values.keys).filter { values[$0] != other.values[$0] }.sorted()
    }

    private static func canonical(_ parser: inout JSONPullParser) throws -> String {
        switch try parser.peek() {
        case .object:
            var members: [(String, String)] = []
            try parser.beginObject("a value")
            while let key = try parser.nextKey() { members.append((key, try canonical(&parser))) }
            return "{" + members.sorted { $0.0 < $1.0 }.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
        case .array:
            var items: [String] = []
            try parser.beginArray("a value")
            while try parser.nextElement() { items.append(try canonical(&parser)) }
            return "[" + items.joined(separator: ",") + "]"
        case .string: return "\"" + (try parser.string()) + "\""
        case .number: return "\(try parser.number("a value"))"
        case .bool: return "\(try parser.bool("a value"))"
        case .null:
            _ = try parser.null()
            return "null"
        }
    }
}
