import Foundation

/// The one way the suite turns an `Encodable` value into JSON: keys sorted, so the same value
/// always gives the same bytes (hashes, byte-identical reports), and non-finite numbers written
/// as the strings "NaN", "Infinity" and "-Infinity" as ``JSONWriter`` writes them.
public enum JSONText {
    /// How the JSON is laid out.
    public enum Style: Sendable {
        /// Indented, for people and committed files.
        case pretty
        /// One line, for attributes inside results files.
        case compact
        /// One line with `/` unescaped: the canonical form whose SHA-256 identifies a value (shard plans).
        case canonical
    }

    /// `value` as JSON bytes.
    public static func data<T: Encodable>(_ value: T, _ style: Style = .pretty) throws -> Data {
        let encoder = JSONEncoder()
        switch style {
        case .pretty: encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        case .compact: encoder.outputFormatting = [.sortedKeys]
        case .canonical: encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        }
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return try encoder.encode(value)
    }

    /// `value` as JSON text (no trailing newline).
    public static func string<T: Encodable>(_ value: T, _ style: Style = .pretty) throws -> String {
        String(decoding: try data(value, style), as: UTF8.self)
    }

    /// The value of type `type` that ``data(_:_:)`` wrote as `text` (non-finite numbers read
    /// back from their strings).
    public static func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return try decoder.decode(type, from: Data(text.utf8))
    }
}
