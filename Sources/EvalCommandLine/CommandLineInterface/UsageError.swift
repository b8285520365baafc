import EvalResults
import EvalJobs
import EvalReports
/// A usage mistake on the command line; the tool exits with status 64 (`EX_USAGE`).
public struct UsageError: Error, CustomStringConvertible, Equatable {
    /// What is wrong.
    public var message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
