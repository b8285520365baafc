/// A defect in one field of one JSON Lines record, before the file and line are known.
///
/// `field` is a path such as `detections[3].box`; the reader turns it into an
/// `InputError` reading `FILE:LINE: detections[3].box: expected 4 numbers, found 3`.
struct JSONLinesFieldError: Error, Equatable {
    /// The field's path inside the record, e.g. `detections[3].depth.u[7]`; empty for
    /// the line as a whole.
    var field: String
    /// What is wrong.
    var message: String

    /// The text after `FILE:LINE: `.
    var text: String { field.isEmpty ? message : "\(field): \(message)" }

    /// Describes a failure of `JSONDecoder`, naming the field it stopped at.
    init(decoding error: DecodingError) {
        switch error {
        case .typeMismatch(let type, let context):
            self.init(field: Self.path(context.codingPath), message: "expected \(Self.noun(for: type))")
        case .valueNotFound(let type, let context):
            self.init(field: Self.path(context.codingPath), message: "expected \(Self.noun(for: type)), found null")
        case .keyNotFound(let key, let context):
            self.init(field: Self.path(context.codingPath + [key]), message: "missing")
        case .dataCorrupted(let context):
            self.init(field: Self.path(context.codingPath), message: Self.firstSentence(of: context))
        @unknown default:
            self.init(field: "", message: "\(error)")
        }
    }

    /// Describes a failure of `JSONEncoder` (a value JSON cannot hold, such as NaN).
    init(encoding error: EncodingError) {
        switch error {
        case .invalidValue(let value, let context):
            self.init(field: Self.path(context.codingPath), message: "\(value) cannot be written as a JSON number")
        @unknown default:
            self.init(field: "", message: "\(error)")
        }
    }

    /// Creates an error for `field`.
    init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    /// `detections[3].box` from the coding keys of a decoder or encoder.
    static func path(_ keys: [any CodingKey]) -> String {
        keys.reduce(into: "") { text, key in
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
    }

    private static func noun(for type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Float.Type, is Float?.Type, is Double?.Type: "a number"
        case is Int.Type, is Int64.Type, is UInt8.Type: "an integer"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is [String: String].Type: "an object of strings"
        default:
            String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }

    private static func firstSentence(of context: DecodingError.Context) -> String {
        let text = context.debugDescription
        guard let end = text.firstIndex(of: "\n") else { return text }
        return String(text[..<end])
    }
}
