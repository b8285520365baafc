/// The identifiers used so far in one table of a JSON Lines recording.
///
/// A record that gives an id keeps it (it must be unused); one that omits it gets one
/// more than the largest id seen so far in the table (1 for the first).
struct IdentifierTable {
    /// The record kind, for messages (`detection`, `gt_box`, …).
    let table: String
    private var lines: [Int64: Int] = [:]
    private var largest: Int64 = 0

    /// An empty table for records of kind `table`.
    init(table: String) {
        self.table = table
    }

    /// The id of a record on `line`: `given` when unused, else the next free one.
    mutating func assign(_ given: Int64?, field: String, line: Int) throws(JSONLinesFieldError) -> Int64 {
        let id: Int64
        if let given {
            id = given
        } else {
            guard largest < .max else {
                throw JSONLinesFieldError(field: field, message: "missing, and no id is left after \(largest)")
            }
            id = max(largest, 0) + 1
        }
        if let earlier = lines[id] {
            throw JSONLinesFieldError(field: field, message: "\(id) is already the id of a \(table) on line \(earlier)")
        }
        lines[id] = line
        largest = max(largest, id)
        return id
    }
}
