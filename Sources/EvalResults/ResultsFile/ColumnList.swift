/// The columns of a value kept as a struct of arrays (one array per column, as the
/// `/fusion` tables are): declares them in the schema and writes and reads them.
public struct ColumnList<Value> {
    /// Floating-point columns.
    public var doubles: [(String, WritableKeyPath<Value, [Double]>)]
    /// Integer columns.
    public var integers: [(String, WritableKeyPath<Value, [Int64]>)]
    /// Text columns.
    public var strings: [(String, WritableKeyPath<Value, [String]>)] = []
    /// What a column holds, for the columns that need saying (by name).
    public var notes: [String: String] = [:]

    /// The columns as the schema declares them, each as long as `extent`, in write order.
    public func columnSchemas(extent: String) -> [ResultsDatasetSchema] {
        func column(_ name: String, _ element: ResultsElement) -> ResultsDatasetSchema {
            ResultsDatasetSchema(.literal(name), element, [.extent(extent)], about: notes[name] ?? "")
        }
        return doubles.map { column($0.0, .float64) } + integers.map { column($0.0, .int64) } + strings.map { column($0.0, .string) }
    }

    /// Writes the columns of `value` into `group`.
    public func write(_ value: Value, into group: SchemaGroup) throws {
        for (name, path) in doubles { try group.write(value[keyPath: path], to: name) }
        for (name, path) in integers { try group.write(value[keyPath: path], to: name) }
        for (name, path) in strings { try group.write(value[keyPath: path], to: name) }
    }

    /// Reads the columns into `blank`.
    public func read(_ blank: Value, from group: SchemaGroup) throws -> Value {
        var value = blank
        for (name, path) in doubles { value[keyPath: path] = try group.doubles(name) }
        for (name, path) in integers { value[keyPath: path] = try group.int64s(name) }
        for (name, path) in strings { value[keyPath: path] = try group.strings(name) }
        return value
    }
}
