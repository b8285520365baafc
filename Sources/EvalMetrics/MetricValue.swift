/// One reported metric value: a count, a real number, or a per-threshold array.
public enum MetricValue: Sendable, Equatable {
    /// A count.
    case integer(Int)
    /// A real number (may be NaN or ±∞ under the motmetrics convention).
    case real(Double)
    /// One value per HOTA localisation threshold α.
    case reals([Double])

    /// The value as a double (counts converted; nil for arrays).
    public var scalar: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        case .reals: nil
        }
    }
}
