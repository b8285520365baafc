import EvalResults
import EvalJobs
import EvalReports
/// The `--format` most commands accept: an aligned text table or JSON.
public enum OutputFormat: String, CaseIterable, Sendable, OptionValue {
    /// Text for a person.
    case table
    /// JSON for a program.
    case json
}
