import Foundation

extension ParsedArguments {
    /// The finite number given as `--name`, if any; a usage error when it is not one.
    public func number(_ name: String, minimum: Double = -.infinity) throws(UsageError) -> Double? {
        guard let text = values[name] else { return nil }
        guard let number = Double(text), number.isFinite, number >= minimum else {
            throw UsageError("--\(name) expects a finite number ≥ \(minimum), got '\(text)'")
        }
        return number
    }

    /// The value of `--name`, or a usage error saying it is needed.
    public func required(_ name: String, _ why: String) throws(UsageError) -> String {
        guard let value = values[name] else { throw UsageError("give --\(name) \(why)") }
        return value
    }

    /// Exactly one of the options `names` with its value, or a usage error listing them.
    public func oneOf(_ names: [String]) throws(UsageError) -> (name: String, value: String) {
        let given = names.filter { values[$0] != nil }
        guard given.count == 1, let name = given.first, let value = values[name] else {
            throw UsageError("give exactly one of " + names.map { "--\($0)" }.joined(separator: ", "))
        }
        return (name, value)
    }
}
