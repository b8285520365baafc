/// A results file that does not have the layout its schema declares (or that a reader
/// cannot use): names the file and the object at fault.
public struct ResultsLayoutError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The results file.
    public var file: String
    /// The HDF5 path of the group, dataset or attribute at fault (`/gates/value`, `/@layout`,
    /// `/pooled/runs_differ/@p_value`, `/recordings/r/gaps/gap_m@units`).
    public var object: String
    /// What is wrong.
    public var message: String

    /// Creates an error about `object` of `file`.
    public init(file: String, object: String, message: String) {
        self.file = file
        self.object = object
        self.message = message
    }

    /// `file: object: message`.
    public var description: String { "\(file): \(object): \(message)" }
}
