import EvalResults
import EvalJobs
import EvalReports
/// One way of calling a command, shown as a usage line by `--help`: the positionals, then
/// `required` options bare and `optional` ones in brackets. Commands whose options combine
/// in alternative ways (`import --jsonl …` or `import --tum …`) declare one form per way;
/// others get a single form from their declarations.
public struct UsageForm: Sendable {
    /// Options this way of calling needs.
    public var required: [any CommandOption]
    /// Options this way of calling accepts.
    public var optional: [any CommandOption]

    /// A form with `required` and `optional` options.
    public init(_ required: [any CommandOption], optional: [any CommandOption] = []) {
        self.required = required
        self.optional = optional
    }
}
