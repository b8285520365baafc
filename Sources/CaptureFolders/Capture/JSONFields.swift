import Foundation
import Recording

/// The top-level fields of a small JSON object file (a 3D Scanner App frame or `info.json`),
/// read with errors that name the file and the key.
struct JSONFields {
    /// The file, for messages.
    let file: String
    /// The decoded object.
    private let object: [String: Any]

    /// The largest such file read, in bytes (a frame's JSON is about 1 KB).
    static let maximumBytes = 1 << 20

    /// Reads the JSON object file at `path`.
    /// - Throws: `InputError` naming the file: missing, too large, not JSON, not an object.
    init(path: String) throws(InputError) {
        let data = try TextFile.read(path, kind: "a JSON file", maximumBytes: Self.maximumBytes)
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            throw InputError(file: path, message: "is not valid JSON (\((error as NSError).localizedDescription))")
        }
        guard let object = value as? [String: Any] else { throw InputError(file: path, message: "is not a JSON object") }
        self.file = path
        self.object = object
    }

    /// Whether the object has `key`.
    func has(_ key: String) -> Bool { object[key] != nil }

    /// The finite number under `key`.
    func number(_ key: String) throws(InputError) -> Double {
        guard let value = object[key] else { throw fail(key, "missing") }
        return try finite(value, key)
    }

    /// The `count` finite numbers of the array under `key` (nil when the key is absent and not `required`).
    func numbers(_ key: String, count: Int, required: Bool = true) throws(InputError) -> [Double]? {
        guard let value = object[key] else {
            if required { throw fail(key, "missing") }
            return nil
        }
        guard let array = value as? [Any] else { throw fail(key, "expected an array of \(count) numbers") }
        guard array.count == count else { throw fail(key, "expected \(count) numbers, found \(array.count)") }
        var result: [Double] = []
        for (k, element) in array.enumerated() { result.append(try finite(element, "\(key)[\(k)]")) }
        return result
    }

    /// The string under `key`, nil when absent.
    func string(_ key: String) throws(InputError) -> String? {
        guard let value = object[key] else { return nil }
        guard let text = value as? String else { throw fail(key, "expected a string") }
        return text
    }

    private func finite(_ value: Any, _ key: String) throws(InputError) -> Double {
        guard !(value is String), let number = value as? NSNumber else { throw fail(key, "'\(TextFile.excerpt(String(describing: value)))' is not a number") }
        let double = number.doubleValue
        guard double.isFinite else { throw fail(key, "\(double) is not a finite number") }
        return double
    }

    private func fail(_ key: String, _ message: String) -> InputError { InputError(file: file, message: "\(key): \(message)") }
}
