/// How closely two decisions must agree to count as the same (`spatial-eval parity`).
public struct ParityTolerances: Equatable, Sendable {
    /// Largest distance between two positions, metres (1 mm).
    public var position: Double
    /// Largest difference between two re-anchor gaps, metres (1 mm).
    public var gap: Double
    /// Largest difference between two evidence sample times, seconds (1 µs: both are copies of `frames.t`).
    public var time: Double

    /// The documented defaults.
    public init(position: Double = 0.001, gap: Double = 0.001, time: Double = 1e-6) {
        self.position = position
        self.gap = gap
        self.time = time
    }
}
