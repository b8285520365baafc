import Foundation
import EvalResults
import EvalJobs
import EvalReports

/// `spatial-eval calibrate`: the app's reported figures next to the simulator's.
struct CalibrateCommand: Command {
    let name = "calibrate"
    let summary = "Set the app's reported figures beside simulated ones (walk-away sessions, bootstrap intervals)."
    let discussion = """
        Simulates N sessions of walkaway-reapproach (seeds N0 + K, N0 + K + 1, … for --seed N0 \
        and --seed-offset K) with the default \
        simulator configuration, replays them with the shipped constants, and prints a Markdown \
        table: re-anchor gap median / p90 / max, fast-vs-full depth network agreement, recall \
        on a bottle near 3.1 m, and the twin cosine evidence, each next to the app's figure \
        (Docs/spec.md#seed-figures), with 95 % bootstrap intervals over whole sessions. Every \
        simulated number is labelled simulated. Docs/simulator.md holds the committed table.
        """
    static let sessions = OptionKey<Int>("sessions", "N", "Simulated sessions.", default: 20, bounds: .within(2...10_000))
    static let seed = OptionKey<UInt64>("seed", "N", "Seed of the first session.", default: 1)
    static let seedOffset = OptionKey<UInt64>(
        "seed-offset", "K", "Added to every session's seed: seeds disjoint from those used while tuning.", default: 0)
    static let duration = OptionKey<Double?>(
        "duration", "SECONDS", "Session length (default: the scenario's 60 s).", bounds: .within(10...3_600))
    static let resamples = OptionKey<Int>("resamples", "N", "Bootstrap resamples.", default: 2_000, bounds: .within(100...1_000_000))
    let positionals: [any CommandPositional] = []
    let options: [any CommandOption] = [Self.sessions, Self.seed, Self.seedOffset, Self.duration, Self.resamples]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        var settings = CalibrationSettings()
        settings.sessions = arguments[Self.sessions]
        settings.firstSeed = arguments[Self.seed]
        settings.seedOffset = arguments[Self.seedOffset]
        settings.resamples = arguments[Self.resamples]
        settings.duration = arguments[Self.duration]
        output.out(SimulatorCalibration.run(settings).markdown)
        return .success
    }
}
