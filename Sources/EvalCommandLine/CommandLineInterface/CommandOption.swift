import EvalResults
import EvalJobs
import EvalReports
/// What the parser and `--help` need of an option, whatever its value type; ``OptionKey``
/// is the one conformance. A command lists its options as `[any CommandOption]`.
public protocol CommandOption: Sendable {
    /// The long name without dashes, e.g. `gt` for `--gt`.
    var name: String { get }
    /// Placeholder of the value (`FILE`), or nil for a flag, which takes none.
    var placeholder: String? { get }
    /// One-line help.
    var help: String { get }
    /// Allowed values, when the set is closed.
    var choices: [String]? { get }
    /// The default as `--help` shows it, when there is one to show.
    var defaultText: String? { get }
    /// Whether the option must be given (no default, not optional, not a flag).
    var isRequired: Bool { get }
    /// The typed value of `text` given to this option; a usage error naming the option and the text.
    func parseValue(_ text: String) throws(UsageError) -> any Sendable
}
