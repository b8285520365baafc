import Foundation

/// Finds the field at fault when `JSONDecoder` only says "not valid JSON".
///
/// That happens for text that is not JSON (NaN, Infinity, a cut-off line) and for
/// numbers JSON allows but the field's type cannot hold (1.5 as a frame number, 300 as a
/// confidence byte, 1e50 as a float32). The line is parsed again with `JSONSerialization`,
/// whose messages say where the JSON breaks, and the parsed values are checked against
/// the numeric type of each key.
enum JSONLinesDiagnosis {
    /// Keys whose values are 64-bit integers.
    private static let integerKeys: Set<String> = [
        "frame", "id", "width", "height", "rows", "cols", "track_id", "twin_group", "object", "version", "detection", "samples",
    ]
    /// Keys whose values are arrays of bytes.
    private static let byteArrayKeys: Set<String> = ["lidar_confidence", "in_mask", "confidence"]
    /// Keys whose values are arrays of float32.
    private static let floatArrayKeys: Set<String> = ["u", "v", "lidar_depth", "inverse_depth", "gt_depth", "embedding", "depth"]

    /// The best description of what is wrong with `line`.
    static func explain(_ line: Data) -> JSONLinesFieldError {
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: line)
        } catch {
            return notJSON(line, detail: (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String)
        }
        return check(parsed, key: nil, path: "")
            ?? JSONLinesFieldError(field: "", message: "a value does not fit its field's type")
    }

    private static func notJSON(_ line: Data, detail: String?) -> JSONLinesFieldError {
        let text = String(decoding: line, as: UTF8.self)
        let nonFinite = #"(?<![A-Za-z0-9_."])-?(NaN|nan|Infinity|inf)(?![A-Za-z0-9_"])"#
        var token = text.range(of: nonFinite, options: .regularExpression)
        if token == nil, let detail, let match = detail.firstMatch(of: #/Number (\S+) is not representable/#) {
            token = text.range(of: String(match.1))  // a number too large for a Double, e.g. 1e999
        }
        if let token {
            return JSONLinesFieldError(
                field: lastKey(in: text[..<token.lowerBound]) ?? "",
                message: "\(text[token]) is not a finite number (NaN and infinities are rejected)")
        }
        return JSONLinesFieldError(field: "", message: "not valid JSON" + (detail.map { ": \($0)" } ?? ""))
    }

    /// The last `"key":` in `prefix`, i.e. the field a value that follows belongs to.
    private static func lastKey(in prefix: Substring) -> String? {
        let keys = prefix.ranges(of: #/"([^"\\]*)"\s*:/#)
        guard let last = keys.last, let match = prefix[last].firstMatch(of: #/"([^"\\]*)"/#) else { return nil }
        return String(match.1)
    }

    private static func check(_ value: Any, key: String?, path: String) -> JSONLinesFieldError? {
        if let object = value as? [String: Any] {
            for name in object.keys.sorted() {
                if let error = check(object[name]!, key: name, path: path.isEmpty ? name : "\(path).\(name)") {
                    return error
                }
            }
            return nil
        }
        if let array = value as? [Any] {
            for (index, element) in array.enumerated() {
                if let number = element as? NSNumber, let key, let problem = problem(number, inArrayOf: key) {
                    return JSONLinesFieldError(field: "\(path)[\(index)]", message: problem)
                }
                if let error = check(element, key: nil, path: "\(path)[\(index)]") { return error }
            }
            return nil
        }
        if let number = value as? NSNumber, let key, integerKeys.contains(key), !isInteger(number, in: -9.2e18...9.2e18) {
            return JSONLinesFieldError(field: path, message: "expected an integer, found \(number)")
        }
        return nil
    }

    private static func problem(_ number: NSNumber, inArrayOf key: String) -> String? {
        if byteArrayKeys.contains(key), !isInteger(number, in: 0...255) {
            return "expected an integer 0…255, found \(number)"
        }
        if floatArrayKeys.contains(key), !Float(number.doubleValue).isFinite {
            return "\(number) is outside the float32 range"
        }
        return nil
    }

    private static func isInteger(_ number: NSNumber, in range: ClosedRange<Double>) -> Bool {
        let value = number.doubleValue
        return value.rounded() == value && range.contains(value)
    }
}
