import EvalNumerics

/// A corpus of simulated recordings (`spatial-eval simulate-corpus`, spec.md#sim-corpus): a
/// weighted mix of scenarios with duration ranges, a count and a seed. Recording k is a pure
/// function of (seed, k), so any subset can be regenerated alone and in any order.
public struct CorpusSpec: Equatable, Sendable, Codable {
    /// One arm of the mix.
    public struct Arm: Equatable, Sendable, Codable {
        /// The scenario simulated.
        public var scenario: String
        /// Relative weight of the arm in the draw (> 0).
        public var weight: Double
        /// Range of the capture length, seconds (uniform; `[from, to]`).
        public var duration: [Double]

        /// Creates an arm.
        public init(scenario: Scenario, weight: Double, duration: [Double]) {
            self.scenario = scenario.rawValue
            self.weight = weight
            self.duration = duration
        }
    }

    /// The corpus's name (folder names and report headers).
    public var name: String
    /// Number of recordings.
    public var count: Int
    /// Seed of the whole corpus.
    public var seed: UInt64
    /// The scenario mix.
    public var arms: [Arm]

    /// Creates a spec.
    public init(name: String, count: Int, seed: UInt64, arms: [Arm]) {
        self.name = name
        self.count = count
        self.seed = seed
        self.arms = arms
    }

    /// Why the spec cannot be used, or nil when it can.
    /// The most recordings a corpus may ask for (`spec.md#limits-simulator`).
    public static let maximumCount = 100_000

    /// The first problem with the spec, or nil.
    public var problem: String? {
        if count < 1 { return "count must be at least 1" }
        if count > Self.maximumCount { return "count must be at most \(Self.maximumCount)" }
        if arms.isEmpty { return "arms must list at least one scenario" }
        for arm in arms {
            if Scenario(rawValue: arm.scenario) == nil {
                return "unknown scenario '\(arm.scenario)' (known: \(Scenario.allCases.map(\.rawValue).joined(separator: ", ")))"
            }
            if !(arm.weight > 0) { return "arm \(arm.scenario): weight must be positive" }
            if arm.duration.count != 2 || !(arm.duration[0] >= 1) || !(arm.duration[1] >= arm.duration[0]) {
                return "arm \(arm.scenario): duration must be [from, to] with 1 ≤ from ≤ to"
            }
            if !(arm.duration[1] <= SimulationConfiguration.maximumDuration) {
                return "arm \(arm.scenario): duration must be at most \(Int(SimulationConfiguration.maximumDuration)) s"
            }
        }
        return nil
    }

    /// Recording `k`: its scenario, simulator seed and duration, drawn from (seed, k) alone.
    public func member(_ k: Int) -> CorpusMember {
        var random = SplitMix64(seed: seed &+ 0x9E37_79B9_7F4A_7C15 &* UInt64(k + 1))
        let total = arms.reduce(0) { $0 + $1.weight }
        var draw = random.nextUnit() * total
        var arm = arms[arms.count - 1]
        for candidate in arms {
            if draw < candidate.weight { arm = candidate; break }
            draw -= candidate.weight
        }
        let duration = arm.duration[0] + random.nextUnit() * (arm.duration[1] - arm.duration[0])
        let simulatorSeed = random.next()
        return CorpusMember(
            index: k, scenario: Scenario(rawValue: arm.scenario) ?? .walkawayReapproach, seed: simulatorSeed,
            duration: (duration * 10).rounded() / 10)
    }
}

/// One recording of a corpus.
public struct CorpusMember: Equatable, Sendable {
    /// Position in the corpus (0-based).
    public var index: Int
    /// The scenario.
    public var scenario: Scenario
    /// The simulator seed.
    public var seed: UInt64
    /// Capture length, seconds (rounded to 0.1 s).
    public var duration: Double

    /// The file name, e.g. `c0007-twins-moved.sqlite`.
    public var fileName: String { "c" + String(repeating: "0", count: max(0, 4 - String(index).count)) + "\(index)-\(scenario.rawValue).sqlite" }
}
