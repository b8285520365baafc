import Foundation

/// `spatial-eval calibrate`: the app's reported figures next to the simulator's.
struct CalibrateCommand: Command {
    let name = "calibrate"
    let summary = "Set the app's reported figures beside simulated ones (walk-away sessions, bootstrap intervals)."
    let usage = ["calibrate [--sessions N] [--seed N] [--duration SECONDS] [--resamples N]"]
    let discussion = """
        Simulates N sessions of walkaway-reapproach (seeds N0, N0 + 1, …) with the default \
        simulator configuration, replays them with the shipped constants, and prints a Markdown \
        table: re-anchor gap median / p90 / max, fast-vs-full depth network agreement, recall \
        on a bottle near 3.1 m, and the twin cosine evidence, each next to the app's figure \
        (Docs/spec.md#seed-figures), with 95 % bootstrap intervals over whole sessions. Every \
        simulated number is labelled simulated. Docs/simulator.md holds the committed table.
        """
    let options = [
        OptionSpec("sessions", "N", "Simulated sessions (default 20)."),
        OptionSpec("seed", "N", "Seed of the first session (default 1)."),
        OptionSpec("duration", "SECONDS", "Session length (default: the scenario's 60 s)."),
        OptionSpec("resamples", "N", "Bootstrap resamples (default 2000)."),
    ]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        var settings = CalibrationSettings()
        settings.sessions = try arguments.integer("sessions", minimum: 2) ?? settings.sessions
        settings.firstSeed = UInt64(try arguments.integer("seed", minimum: 0) ?? Int(settings.firstSeed))
        settings.resamples = try arguments.integer("resamples", minimum: 100) ?? settings.resamples
        settings.duration = try arguments.integer("duration", minimum: 10).map(Double.init)
        output.out(SimulatorCalibration.run(settings).markdown)
        return .success
    }
}
