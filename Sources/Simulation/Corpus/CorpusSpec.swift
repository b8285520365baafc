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
    /// Simulator parameters set for every recording (dotted key paths of
    /// `SimulationConfiguration`); nil or empty: the default configuration.
    public var simulation: [String: SimulationOverride]?
    /// Simulator-assumption variants (spec.md#sweep-variants): smaller corpora with the same
    /// members but other error models, over which a sweep checks whether its recommendations
    /// hold. They are not part of this corpus's recordings or hash.
    public var variants: CorpusVariants?
    /// Write every recording as an app records it (spec.md#as-recorded-sessions): marks only,
    /// no labelled boxes; nil: as the simulator writes them. Part of the hash.
    public var asRecorded: AsRecordedCorpus?

    /// How a corpus's recordings are written as recorded (`as_recorded` in a spec).
    public struct AsRecordedCorpus: Equatable, Sendable, Codable {
        /// Where the marks put the objects.
        public var marks: MarkFrame
        /// The marks' error bound, metres.
        public var errorBound: Double

        /// Creates the setting.
        public init(marks: MarkFrame, errorBound: Double) {
            self.marks = marks
            self.errorBound = errorBound
        }

        private enum CodingKeys: String, CodingKey {
            case marks
            case errorBound = "error_bound"
        }
    }

    private enum CodingKeys: String, CodingKey {
        case name, count, seed, arms, simulation, variants
        case asRecorded = "as_recorded"
    }

    /// Creates a spec.
    public init(name: String, count: Int, seed: UInt64, arms: [Arm], simulation: [String: SimulationOverride]? = nil,
                variants: CorpusVariants? = nil) {
        self.name = name
        self.count = count
        self.seed = seed
        self.arms = arms
        self.simulation = simulation
        self.variants = variants
    }

    /// The spec without its variants: what the recordings depend on (the hash covers this).
    public var recordingsSpec: CorpusSpec {
        var spec = self
        spec.variants = nil
        if spec.simulation?.isEmpty == true { spec.simulation = nil }
        return spec
    }

    /// The simulator configuration of every recording: the default with ``simulation`` set.
    public func configuration() throws -> SimulationConfiguration {
        try SimulationConfiguration().applying(simulation ?? [:])
    }

    /// The corpus of variant `variant`: the first `variants.count` members of this corpus
    /// (same scenarios, seeds and durations) simulated with the variant's parameters on top
    /// of this spec's.
    public func variantSpec(_ variant: CorpusVariants.Model) -> CorpusSpec {
        var overrides = simulation ?? [:]
        for (key, value) in variant.simulation { overrides[key] = value }
        return CorpusSpec(name: "\(name)-\(variant.name)", count: min(count, variants?.count ?? count), seed: seed, arms: arms,
                          simulation: overrides)
    }

    /// Why the spec cannot be used, or nil when it can.
    /// The most recordings a corpus may ask for (`spec.md#limits-simulator`).
    public static let maximumCount = 100_000

    /// The first problem with the spec, or nil (see ``asRecordedProblem`` too).
    public var problem: String? {
        if let asRecorded {
            if !(asRecorded.errorBound >= 0 && asRecorded.errorBound <= 1) { return "key 'as_recorded.error_bound' must lie in [0, 1] metres" }
            if variants != nil { return "key 'as_recorded': a corpus written as recorded has no simulator-assumption variants" }
        }
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
        do {
            _ = try configuration()
        } catch {
            return "key 'simulation': \(error)"
        }
        if let variants {
            if variants.count < 1 { return "key 'variants.count' must be at least 1" }
            var names = Set<String>()
            for (k, model) in variants.models.enumerated() {
                if model.name.isEmpty || model.name.contains("/") || !names.insert(model.name).inserted {
                    return "key 'variants.models[\(k)].name': must be non-empty, without '/', and unique"
                }
                if model.family.isEmpty { return "key 'variants.models[\(k)].family' must not be empty" }
                do {
                    _ = try variantSpec(model).configuration()
                } catch {
                    return "key 'variants.models[\(k)].simulation': \(error)"
                }
            }
            for (k, pivot) in (variants.pivots ?? []).enumerated() {
                let at = "key 'variants.pivots[\(k)]"
                if !variants.models.contains(where: { $0.family == pivot.family }) { return "\(at).family': '\(pivot.family)' is not the family of any variant" }
                if pivot.steps.count < 5 || pivot.steps.count > 20 { return "\(at).steps' must list 5 to 20 steps" }
                if let probe = pivot.probe, !CorpusVariants.Pivot.probes.contains(probe) {
                    return "\(at).probe': unknown probe '\(probe)' (known: \(CorpusVariants.Pivot.probes.joined(separator: ", ")))"
                }
                if let probe = pivot.measuredBy, !CorpusVariants.Pivot.measureProbes.contains(probe) {
                    return "\(at).measured_by': unknown probe '\(probe)' (known: \(CorpusVariants.Pivot.measureProbes.joined(separator: ", ")))"
                }
                for (j, step) in pivot.steps.enumerated() {
                    if !step.value.isFinite { return "\(at).steps[\(j)].value' must be finite" }
                    guard let model = pivot.model(j, among: variants.models) else { continue }
                    do {
                        _ = try variantSpec(model).configuration()
                    } catch {
                        return "\(at).steps[\(j)].simulation': \(error)"
                    }
                }
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

/// The simulator-assumption variants of a corpus (spec.md#sweep-variants).
public struct CorpusVariants: Equatable, Sendable, Codable {
    /// One variant: a name, the assumption family it varies and the parameters it sets.
    public struct Model: Equatable, Sendable, Codable {
        /// Unique name (folder and report rows).
        public var name: String
        /// The assumption varied: `drift`, `twin appearance`, `detector`, ….
        public var family: String
        /// Why this alternative is plausible, in words (printed in the report).
        public var description: String?
        /// Parameters set (dotted key paths of `SimulationConfiguration`).
        public var simulation: [String: SimulationOverride]

        /// Creates a variant.
        public init(name: String, family: String, description: String? = nil, simulation: [String: SimulationOverride]) {
            self.name = name
            self.family = family
            self.description = description
            self.simulation = simulation
        }

        /// The parameters in words, sorted by key: `drift.errorScale = 3`.
        public var settingsText: String {
            simulation.keys.sorted().map { "\($0) = \(simulation[$0]!.text)" }.joined(separator: ", ")
        }
    }

    /// A scan of one assumption along its axis (spec.md#sweep-pivot): corpora that step the
    /// assumption from one end of its plausible range to the other, over which a sweep whose
    /// verdict depends on the family shows its recommendation as a function of the assumption.
    public struct Pivot: Equatable, Sendable, Codable {
        /// One step: its value on the axis and the parameters that realise it.
        public struct Step: Equatable, Sendable, Codable {
            /// The step's value on the axis (the stated one; see ``Pivot/probe``).
            public var value: Double
            /// Parameters set (dotted key paths of `SimulationConfiguration`); empty: the
            /// corpus's own assumption.
            public var simulation: [String: SimulationOverride]

            /// Creates a step.
            public init(value: Double, simulation: [String: SimulationOverride]) {
                self.value = value
                self.simulation = simulation
            }
        }

        /// The family scanned; it must name a family of ``CorpusVariants/models``.
        public var family: String
        /// What the axis measures, in words (the report's x axis and pivot phrase).
        public var measure: String
        /// What was known of it before any measurement, in words, cited (a prior, never a
        /// measurement: spec.md#sweep-pivot-measured); nil: "none". Read from `prior` (or the
        /// older key `measured`).
        public var prior: String?
        /// How a step's value on the axis is read: nil uses the stated ``Step/value``;
        /// `twin-cross-cosine-median` measures it on the step's recordings (the median cosine
        /// between detections of two twins, what a real capture can measure too).
        public var probe: String?
        /// How the assumption is measured from recorded sessions (`spatial-eval measure`): a
        /// probe computed on each step's recordings too, so a measured value is placed on the
        /// axis between the steps; defaults to ``probe``.
        public var measuredBy: String?
        /// The steps, at least five.
        public var steps: [Step]

        /// The probes a pivot may name as its axis.
        public static let probes = ["twin-cross-cosine-median"]
        /// The probes that measure an assumption from recorded sessions (`AssumptionProbe`).
        public static let measureProbes = ["twin-cross-cosine-median", "detector-recall-large", "drift"]

        /// The probe that measures the assumption: ``measuredBy``, else ``probe``.
        public var measuringProbe: String? { measuredBy ?? probe }

        /// Creates a pivot.
        public init(family: String, measure: String, prior: String? = nil, probe: String? = nil, measuredBy: String? = nil, steps: [Step]) {
            self.family = family
            self.measure = measure
            self.prior = prior
            self.probe = probe
            self.measuredBy = measuredBy
            self.steps = steps
        }

        private enum CodingKeys: String, CodingKey {
            case family, measure, prior, measured, probe, steps
            case measuredBy = "measured_by"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            family = try c.decode(String.self, forKey: .family)
            measure = try c.decode(String.self, forKey: .measure)
            prior = try c.decodeIfPresent(String.self, forKey: .prior) ?? c.decodeIfPresent(String.self, forKey: .measured)
            probe = try c.decodeIfPresent(String.self, forKey: .probe)
            measuredBy = try c.decodeIfPresent(String.self, forKey: .measuredBy)
            steps = try c.decode([Step].self, forKey: .steps)
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(family, forKey: .family)
            try c.encode(measure, forKey: .measure)
            try c.encodeIfPresent(prior, forKey: .prior)
            try c.encodeIfPresent(probe, forKey: .probe)
            try c.encodeIfPresent(measuredBy, forKey: .measuredBy)
            try c.encode(steps, forKey: .steps)
        }

        /// The variant model of step `k`: the variant of `models` with the same parameters when
        /// there is one (its corpus is then shared), else one named after the family and step;
        /// nil for a step with no parameters (the corpus's own assumption).
        public func model(_ k: Int, among models: [Model]) -> Model? {
            let step = steps[k]
            guard !step.simulation.isEmpty else { return nil }
            if let same = models.first(where: { $0.simulation == step.simulation && $0.family == family }) { return same }
            let slug = family.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
            return Model(name: "\(String(slug))-\(k + 1)", family: family, simulation: step.simulation)
        }
    }

    /// Recordings per variant (the first ones of the corpus).
    public var count: Int
    /// The variants.
    public var models: [Model]
    /// Scans of assumption families (none by default).
    public var pivots: [Pivot]?

    /// Creates the variants.
    public init(count: Int, models: [Model], pivots: [Pivot]? = nil) {
        self.count = count
        self.models = models
        self.pivots = pivots
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
