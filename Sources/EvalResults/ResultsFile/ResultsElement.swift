import ResultStore

/// The element type a results-file schema requires of a dataset or attribute.
public enum ResultsElement: String, Sendable, Equatable, CaseIterable {
    /// IEEE double (`float64`).
    case float64
    /// 64-bit signed integer (`int64`).
    case int64
    /// Variable-length UTF-8 text.
    case string
    /// `float64` or `int64` (columns whose type depends on the metric, such as score-mot's summary).
    case number

    /// Whether data stored with `stored` elements satisfies this requirement.
    public func accepts(_ stored: ResultObjectInfo.ElementClass) -> Bool {
        switch self {
        case .float64: stored == .float
        case .int64: stored == .integer
        case .string: stored == .string
        case .number: stored == .float || stored == .integer
        }
    }
}
