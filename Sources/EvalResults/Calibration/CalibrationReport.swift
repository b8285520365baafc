import Foundation
import EvalMetrics
import EvalNumerics
import Evaluation
import Simulation

/// What `spatial-eval calibrate` simulates and how it summarises it.
public struct CalibrationSettings: Equatable, Sendable {
    /// Number of simulated sessions (seeds `firstSeed + seedOffset`, `firstSeed + seedOffset + 1`, …).
    public var sessions: Int = 20
    /// Seed of the first session (before `seedOffset`).
    public var firstSeed: UInt64 = 1
    /// Added to every session's seed, so the table can be made on seeds disjoint from those used
    /// while developing the simulator (Docs/simulator.md#calibration).
    public var seedOffset: UInt64 = 0
    /// Session length, seconds (nil: the scenario's nominal 60 s).
    public var duration: Double?
    /// Bootstrap resamples of whole sessions.
    public var resamples: Int = 2000
    /// Seed of the bootstrap.
    public var bootstrapSeed: UInt64 = 20_261_201
    /// Sessions (the first ones) re-simulated with the other fast-pass bound.
    public var boundSessions: Int = 5
    /// The simulator's configuration (its defaults: nothing is tuned to the app's figures).
    public var configuration = SimulationConfiguration()

    /// The default settings.
    public init() {}

    /// The seed of session `index` (0-based): `firstSeed + seedOffset + index`, wrapping.
    public func sessionSeed(_ index: Int) -> UInt64 {
        firstSeed &+ seedOffset &+ UInt64(index)
    }
}

/// One figure the app reports next to the simulator's: the pooled simulated value with a
/// bootstrap interval over whole sessions, and the range one session falls in.
public struct CalibrationRow: Equatable, Sendable {
    /// What is compared.
    public var figure: String
    /// The app's figure, as it reported it (spec.md#seed-figures).
    public var app: String
    /// The app's value, when it is one number on the row's scale.
    public var appValue: Double?
    /// The statistic over all simulated sessions pooled.
    public var pooled: Double
    /// 95 % percentile bootstrap interval of `pooled` over whole sessions.
    public var interval: ClosedRange<Double>
    /// The central 95 % of the statistic over single sessions (what one session like the
    /// app's shows), when the statistic is defined per session.
    public var perSession: ClosedRange<Double>?
    /// How the app's figure sits against the simulation.
    public var verdict: String

    /// Creates the value from each of its stored properties.
    public init(figure: String, app: String, appValue: Double? = nil, pooled: Double, interval: ClosedRange<Double>, perSession: ClosedRange<Double>? = nil, verdict: String) {
        self.figure = figure
        self.app = app
        self.appValue = appValue
        self.pooled = pooled
        self.interval = interval
        self.perSession = perSession
        self.verdict = verdict
    }
}

/// The calibration of the simulator against the app's reported figures (spec.md#seed-figures).
public struct CalibrationReport: Equatable, Sendable {
    /// The settings used.
    public var settings: CalibrationSettings
    /// The sessions measured (default configuration).
    public var sessions: [CalibrationSession]
    /// The sessions re-simulated with the shared-residual fast pass.
    public var sharedBoundSessions: [CalibrationSession]
    /// One row per figure.
    public var rows: [CalibrationRow]

    /// Creates the value from each of its stored properties.
    public init(settings: CalibrationSettings, sessions: [CalibrationSession], sharedBoundSessions: [CalibrationSession], rows: [CalibrationRow]) {
        self.settings = settings
        self.sessions = sessions
        self.sharedBoundSessions = sharedBoundSessions
        self.rows = rows
    }
}
