/// One thing wrong with a recording, located by table and row.
///
/// The description reads `TABLE:ROW: message` (or `TABLE: message` for file-wide
/// problems such as `PRAGMA integrity_check` output, reported under table `sqlite`).
public struct RecordingProblem: CustomStringConvertible, Equatable, Sendable {
    /// The table at fault, e.g. `frames`, or `sqlite` for the file as a whole.
    public var table: String
    /// The row's key (frame number, detection id, object id, …), when one row is at fault.
    public var row: Int64?
    /// What is wrong, in words.
    public var message: String

    /// Creates a problem.
    public init(table: String, row: Int64?, message: String) {
        self.table = table
        self.row = row
        self.message = message
    }

    public var description: String {
        if let row { return "\(table):\(row): \(message)" }
        return "\(table): \(message)"
    }
}
