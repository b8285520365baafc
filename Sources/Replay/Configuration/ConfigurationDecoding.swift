import Foundation

/// Reads configurations from JSON that may leave out any key.
///
/// The JSON is laid over the encoded defaults, object by object, and the result is decoded
/// with the type's own `Codable` conformance, so a protocol can write
/// `{"anchors": {"stepClamp": 0.2}}` and keep every other shipped constant.
public enum ConfigurationDecoding {
    /// A JSON document that is not an object where the defaults have one.
    public struct Mismatch: Error, CustomStringConvertible {
        /// The key path at fault, e.g. `anchors.stepClamp`.
        public var path: String
        public var description: String { "\(path): expected an object" }
    }

    /// Decodes `T` from `data`, taking every key `data` leaves out from `defaults`.
    public static func decode<T: Codable>(_ type: T.Type, from data: Data, defaults: T) throws -> T {
        let base = try JSONSerialization.jsonObject(with: JSONEncoder().encode(defaults))
        let overlay = try JSONSerialization.jsonObject(with: data)
        let merged = try merge(base, overlay, path: "")
        return try JSONDecoder().decode(T.self, from: JSONSerialization.data(withJSONObject: merged))
    }

    private static func merge(_ base: Any, _ overlay: Any, path: String) throws -> Any {
        guard let baseObject = base as? [String: Any] else { return overlay }
        guard let overlayObject = overlay as? [String: Any] else { throw Mismatch(path: path.isEmpty ? "(top level)" : path) }
        var result = baseObject
        for (key, value) in overlayObject {
            let keyPath = path.isEmpty ? key : "\(path).\(key)"
            result[key] = try baseObject[key].map { try merge($0, value, path: keyPath) } ?? value
        }
        return result
    }
}
