import EvalResults
import EvalJobs
import EvalReports
/// A typed positional argument of a command, declared once as a static constant and read
/// back with `arguments[Self.key]`. Its value type fixes how many arguments it takes:
/// `Positional<String>` exactly one, `Positional<[String]>` a range (one or more by default).
/// The parser checks the counts of all a command's positionals before the command runs.
public struct Positional<Value: Sendable>: CommandPositional {
    public let name: String
    public let help: String
    public let minimum: Int
    public let maximum: Int?
    /// The value from the arguments assigned to this positional (their count already checked).
    let value: @Sendable ([String]) -> Value
}

extension Positional where Value == String {
    /// Exactly one argument.
    public init(_ name: String, _ help: String) {
        self.init(name: name, help: help, minimum: 1, maximum: 1) { $0[0] }
    }
}

extension Positional where Value == [String] {
    /// Between `minimum` and `maximum` (nil: any number of) arguments.
    public init(_ name: String, _ help: String, minimum: Int = 1, maximum: Int? = nil) {
        precondition(minimum >= 0 && (maximum ?? minimum) >= minimum, "bad count of positional \(name)")
        self.init(name: name, help: help, minimum: minimum, maximum: maximum) { $0 }
    }
}
