import EvalResults
import EvalJobs
import EvalReports
/// What the parser and `--help` need of a positional argument, whatever its value type;
/// ``Positional`` is the one conformance. A command lists its positionals, in order, as
/// `[any CommandPositional]`.
public protocol CommandPositional: Sendable {
    /// Placeholder shown in usage lines, e.g. `PROTOCOL.json`.
    var name: String { get }
    /// One-line help.
    var help: String { get }
    /// Fewest arguments it takes.
    var minimum: Int { get }
    /// Most arguments it takes; nil for no limit.
    var maximum: Int? { get }
}
