import Foundation
import Recording
import Warmth

/// A warmth protocol file (Docs/warmth.md#protocol).
public struct WarmthProtocol: Codable {
    public var name: String
    public var description: String?
    /// Whether the corpus is simulated (every figure is then labelled so).
    public var simulated: Bool
    /// The corpus index, relative to the protocol file.
    public var corpus: String
    public var horizons: [Double]
    public var minWarmS: Double
    /// The shipped (baseline) parameters; missing keys keep the shipped values.
    public var baseline: FinderParameters
    public var grid: WarmthGrid
    public var constraints: WarmthConstraints
    public var gate: WarmthGateConfig
    public var bootstrapResamples: Int
    public var bootstrapSeed: UInt64

    /// Creates the value from each of its stored properties.
    public init(name: String, description: String? = nil, simulated: Bool, corpus: String, horizons: [Double], minWarmS: Double, baseline: FinderParameters, grid: WarmthGrid, constraints: WarmthConstraints, gate: WarmthGateConfig, bootstrapResamples: Int, bootstrapSeed: UInt64) {
        self.name = name
        self.description = description
        self.simulated = simulated
        self.corpus = corpus
        self.horizons = horizons
        self.minWarmS = minWarmS
        self.baseline = baseline
        self.grid = grid
        self.constraints = constraints
        self.gate = gate
        self.bootstrapResamples = bootstrapResamples
        self.bootstrapSeed = bootstrapSeed
    }

    public static func load(_ path: String) throws -> (WarmthProtocol, corpus: String) {
        let data = TextFile.withoutByteOrderMark(try TextFile.read(path, kind: "a warmth protocol"))
        let p: WarmthProtocol
        do { p = try JSONDecoder().decode(WarmthProtocol.self, from: data) } catch {
            throw InputError(file: path, message: "not a warmth protocol: \(error)")
        }
        if let problem = p.grid.problem { throw InputError(file: path, message: "grid: \(problem)") }
        if let problem = p.baseline.problem { throw InputError(file: path, message: "baseline: \(problem)") }
        guard !p.horizons.isEmpty, p.horizons.allSatisfy({ $0 > 0 }) else { throw InputError(file: path, message: "horizons must be positive seconds") }
        guard (0...BootstrapSettings.maximumReplicates).contains(p.bootstrapResamples) else {
            throw InputError(file: path, message: "key 'bootstrapResamples': must be from 0 to \(BootstrapSettings.maximumReplicates) (spec.md#limits-bootstrap)")
        }
        let corpus = p.corpus.hasPrefix("/") ? p.corpus : ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(p.corpus)
        return (p, corpus)
    }
}

/// Everything the warmth job computes, as written to `results.h5` (layout `warmth/1`,
/// ``WarmthResultsFile``).
public struct WarmthResults: Codable {
    /// The protocol's name.
    public var protocolName: String
    /// Whether the trials are simulated.
    public var simulated: Bool
    /// Trials replayed.
    public var trials: Int
    /// Sessions they come from.
    public var sessions: Int
    /// Points of the grid.
    public var gridPoints: Int
    /// The fidelity check.
    public var fidelity: FidelityOutcome
    /// The shipped constants.
    public var baseline: FinderParameters
    /// Every metric with the shipped constants.
    public var baselineSummary: WarmthSummary
    /// The recommended constants, nil when no point meets the constraints.
    public var recommended: FinderParameters?
    /// Every metric with the recommended constants.
    public var recommendedSummary: WarmthSummary?
    /// Whether every grid neighbour of the recommended point meets the constraints too.
    public var robust: Bool
    /// Points meeting the constraints.
    public var feasiblePoints: Int
    /// The best feasible point ignoring its neighbours, and its median time-to-find.
    public var bestFeasiblePoint: String?
    /// Median time-to-find of ``bestFeasiblePoint``.
    public var bestFeasibleMedianTTF: Double?
    /// Per constant: recommended value and the range the leave-one-session-out folds chose.
    public var constants: [ConstantRow]
    /// Every metric of the held-out trials, each replayed with its fold's choice.
    public var heldOutSummary: WarmthSummary?
    /// The leave-one-session-out folds.
    public var folds: [Fold]
    /// The recommended point and its grid neighbours.
    public var neighbours: [Neighbour]
    /// The Pareto front of median time-to-find against false finds per minute.
    public var pareto: [ParetoPoint]
    /// The recommended constants against the shipped ones, trial by trial.
    public var paired: PairedFinds?
    /// The release gate.
    public var gate: WarmthGateResult?
    /// Warnings about the corpus and the run.
    public var warnings: [String]
    /// Every grid point's compared figures, flat grid order (empty when the sweep did not run).
    public var points: [PointRow] = []
    /// The trials' ids, corpus order.
    public var trialIds: [String] = []
    /// The trials' sessions, corpus order.
    public var trialSessions: [String] = []
    /// The trials' presence: 1 present, 0 absent, NaN unknown.
    public var trialPresence: [Double] = []
    /// `components[point][trial][component]`, the ``WarmthTrialComponent`` values the sweep
    /// recorded (empty when it did not run).
    public var components: [[[Double]]] = []
    /// Points taken from a checkpoint of an interrupted run.
    public var resumedPoints = 0

    /// Creates the value from its leading properties; the per-point data start empty.
    public init(protocolName: String, simulated: Bool, trials: Int, sessions: Int, gridPoints: Int, fidelity: FidelityOutcome, baseline: FinderParameters, baselineSummary: WarmthSummary, recommended: FinderParameters? = nil, recommendedSummary: WarmthSummary? = nil, robust: Bool, feasiblePoints: Int, bestFeasiblePoint: String? = nil, bestFeasibleMedianTTF: Double? = nil, constants: [ConstantRow], heldOutSummary: WarmthSummary? = nil, folds: [Fold], neighbours: [Neighbour], pareto: [ParetoPoint], paired: PairedFinds? = nil, gate: WarmthGateResult? = nil, warnings: [String]) {
        self.protocolName = protocolName
        self.simulated = simulated
        self.trials = trials
        self.sessions = sessions
        self.gridPoints = gridPoints
        self.fidelity = fidelity
        self.baseline = baseline
        self.baselineSummary = baselineSummary
        self.recommended = recommended
        self.recommendedSummary = recommendedSummary
        self.robust = robust
        self.feasiblePoints = feasiblePoints
        self.bestFeasiblePoint = bestFeasiblePoint
        self.bestFeasibleMedianTTF = bestFeasibleMedianTTF
        self.constants = constants
        self.heldOutSummary = heldOutSummary
        self.folds = folds
        self.neighbours = neighbours
        self.pareto = pareto
        self.paired = paired
        self.gate = gate
        self.warnings = warnings
    }

    /// One grid point of the sweep: its indices into the grid's values and its figures.
    public struct PointRow: Codable, Equatable {
        /// Per dimension of ``WarmthGrid/names``, the index of the point's value.
        public var indices: [Int]
        /// Median time-to-find, nil when not reached.
        public var medianTTF: Double?
        /// P(found by the first horizon).
        public var foundByFirstHorizon: Double
        /// Upper Wilson bounds of the absent and present trials with a false find.
        public var falseFindUpperAbsent: Double
        /// See ``falseFindUpperAbsent``.
        public var falseFindUpperPresent: Double
        /// False finds per minute and its upper Garwood bound.
        public var falseFindsPerMin: Double
        /// See ``falseFindsPerMin``.
        public var falseFindsPerMinUpper: Double
        /// Warm-without-target time share.
        public var warmWithoutTargetShare: Double
        /// Warm toggles per minute.
        public var warmTogglesPerMin: Double
        /// Whether the point meets every constraint.
        public var feasible: Bool

        /// The row of the point at `indices` with `figures`.
        public init(indices: [Int], figures f: WarmthPointFigures, feasible: Bool) {
            self.init(indices: indices, medianTTF: f.ttf.median, foundByFirstHorizon: f.ttf.foundBy.first ?? .nan,
                      falseFindUpperAbsent: f.falseFindTrialsAbsent.upper, falseFindUpperPresent: f.falseFindTrialsPresent.upper,
                      falseFindsPerMin: f.falseFindsPerMinute.perMinute, falseFindsPerMinUpper: f.falseFindsPerMinute.upper,
                      warmWithoutTargetShare: f.warmWithoutTargetShare, warmTogglesPerMin: f.warmTogglesPerMinute, feasible: feasible)
        }

        /// The row from each of its fields.
        public init(indices: [Int], medianTTF: Double?, foundByFirstHorizon: Double, falseFindUpperAbsent: Double, falseFindUpperPresent: Double,
                    falseFindsPerMin: Double, falseFindsPerMinUpper: Double, warmWithoutTargetShare: Double, warmTogglesPerMin: Double, feasible: Bool) {
            self.indices = indices
            self.medianTTF = medianTTF
            self.foundByFirstHorizon = foundByFirstHorizon
            self.falseFindUpperAbsent = falseFindUpperAbsent
            self.falseFindUpperPresent = falseFindUpperPresent
            self.falseFindsPerMin = falseFindsPerMin
            self.falseFindsPerMinUpper = falseFindsPerMinUpper
            self.warmWithoutTargetShare = warmWithoutTargetShare
            self.warmTogglesPerMin = warmTogglesPerMin
            self.feasible = feasible
        }
    }

    /// One row of ``WarmthResults``.
    public struct ConstantRow: Codable, Equatable {
        public var name: String
        public var shipped: String
        public var recommended: String
        public var foldLow: String
        public var foldHigh: String
        /// Creates the row from each of its fields.
        public init(name: String, shipped: String, recommended: String, foldLow: String, foldHigh: String) {
            self.name = name
            self.shipped = shipped
            self.recommended = recommended
            self.foldLow = foldLow
            self.foldHigh = foldHigh
        }
    }
    /// One row of ``WarmthResults``.
    public struct Fold: Codable, Equatable {
        public var heldOut: String
        public var chosen: String?
        public var heldOutTrials: Int
        /// Creates the row from each of its fields.
        public init(heldOut: String, chosen: String?, heldOutTrials: Int) {
            self.heldOut = heldOut
            self.chosen = chosen
            self.heldOutTrials = heldOutTrials
        }
    }
    /// One row of ``WarmthResults``.
    public struct Neighbour: Codable, Equatable {
        public var point: String
        public var medianTTF: Double?
        public var falseFindUpperAbsent: Double
        public var falseFindsPerMinUpper: Double
        public var feasible: Bool
        /// Creates the row from each of its fields.
        public init(point: String, medianTTF: Double?, falseFindUpperAbsent: Double, falseFindsPerMinUpper: Double, feasible: Bool) {
            self.point = point
            self.medianTTF = medianTTF
            self.falseFindUpperAbsent = falseFindUpperAbsent
            self.falseFindsPerMinUpper = falseFindsPerMinUpper
            self.feasible = feasible
        }
    }
    /// One row of ``WarmthResults``.
    public struct ParetoPoint: Codable, Equatable {
        public var point: String
        public var medianTTF: Double?
        public var falseFindsPerMin: Double
        /// Creates the row from each of its fields.
        public init(point: String, medianTTF: Double?, falseFindsPerMin: Double) {
            self.point = point
            self.medianTTF = medianTTF
            self.falseFindsPerMin = falseFindsPerMin
        }
    }
}
