import EvalNumerics

/// The one verdict a sweep gives a swept constant (spec.md#sweep-verdict).
public struct Verdict: Sendable, Equatable {
    /// What the evidence says.
    public enum Kind: String, Sendable {
        /// The interval over whole-recording resamples excludes the shipped value.
        case decided
        /// The interval holds the shipped value and is narrower than half the swept range.
        case consistentWithShipped = "consistent with shipped"
        /// The interval holds the shipped value and spans half the swept range or more (or no
        /// point meets the rule): the recordings do not pin the constant down.
        case notIdentifiable = "not identifiable with this corpus"
    }

    /// The verdict.
    public var kind: Kind
    /// The events the decision rests on now (the rule metric's evidence at the recommended point).
    public var events: Int
    /// Power estimate: the events needed for the interval's half-width to shrink below the
    /// distance to resolve (|recommended − shipped|, at least one grid step), assuming it
    /// shrinks as 1/√events; nil when there is no interval.
    public var eventsNeeded: Int?

    /// The verdict on one axis.
    ///
    /// - Parameters:
    ///   - shipped: the shipped value.
    ///   - recommended: the recommended value (nil when no point meets the rule).
    ///   - interval: its interval over resamples (ties as a range).
    ///   - axisValues: the values swept on the axis.
    ///   - events: the evidence count now.
    public init(shipped: Double, recommended: Double?, interval: BootstrapInterval?, axisValues: [Double], events: Int) {
        self.events = events
        guard let recommended, let interval else {
            kind = .notIdentifiable
            eventsNeeded = nil
            return
        }
        let sorted = Array(Set(axisValues)).sorted()
        let span = (sorted.last ?? 0) - (sorted.first ?? 0)
        let step = zip(sorted, sorted.dropFirst()).map { $1 - $0 }.min() ?? max(span, 1)
        let halfWidth = (interval.upper - interval.lower) / 2
        let resolve = max(abs(recommended - shipped), step)
        let scale = halfWidth / resolve
        eventsNeeded = Int((Double(max(events, 1)) * max(1, scale * scale)).rounded(.up))
        if shipped < interval.lower || shipped > interval.upper {
            kind = .decided
            eventsNeeded = events
        } else if span > 0 && interval.upper - interval.lower >= span / 2 {
            kind = .notIdentifiable
        } else {
            kind = .consistentWithShipped
        }
    }
}
