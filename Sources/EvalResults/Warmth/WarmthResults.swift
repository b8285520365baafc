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

/// Everything the warmth job computes, as written to `results.json`.
public struct WarmthResults: Codable {
    public var protocolName: String
    public var simulated: Bool
    public var trials: Int
    public var sessions: Int
    public var gridPoints: Int
    public var fidelity: FidelityOutcome
    public var baseline: FinderParameters
    public var baselineSummary: WarmthSummary
    public var recommended: FinderParameters?
    public var recommendedSummary: WarmthSummary?
    public var robust: Bool
    public var feasiblePoints: Int
    /// The best feasible point ignoring its neighbours, and its median time-to-find.
    public var bestFeasiblePoint: String?
    public var bestFeasibleMedianTTF: Double?
    /// Per constant: recommended value and the range the leave-one-session-out folds chose.
    public var constants: [ConstantRow]
    public var heldOutSummary: WarmthSummary?
    public var folds: [Fold]
    public var neighbours: [Neighbour]
    public var pareto: [ParetoPoint]
    public var paired: PairedFinds?
    public var gate: WarmthGateResult?
    public var warnings: [String]

    /// Creates the value from each of its stored properties.
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

    /// One row of ``WarmthResults``.
    public struct ConstantRow: Codable {
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
    public struct Fold: Codable {
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
    public struct Neighbour: Codable {
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
    public struct ParetoPoint: Codable {
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
