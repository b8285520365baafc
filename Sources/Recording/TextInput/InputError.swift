/// A problem with an input file, located as precisely as possible.
///
/// The description reads `file:line: message` (or `file: message` when no single
/// line is at fault), the form editors and terminals recognise.
public struct InputError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file at fault.
    public var file: String
    /// The 1-based line number, when one line is at fault.
    public var line: Int?
    /// What is wrong, in words.
    public var message: String

    /// Creates an error for `file`, optionally at `line`.
    public init(file: String, line: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}
