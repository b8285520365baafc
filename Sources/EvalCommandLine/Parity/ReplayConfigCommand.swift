import Recording
import Foundation
import Replay
import EvalResults
import EvalJobs
import EvalReports

/// `spatial-eval replay-config`: the shipped replay constants as JSON, the defaults a
/// protocol's `replay` object and a `parity --config` file are laid over.
struct ReplayConfigCommand: Command {
    let name = "replay-config"
    let summary = "Print the shipped replay constants as JSON (the defaults of a protocol's replay object and of parity --config)."
    let discussion = """
        Every key the replicas read, with the value the app ships: tracker, depth fusion, \
        anchors, absence, guidance and label anchoring. A protocol's "replay" object and a \
        'parity --config' file give only the keys they change; the rest keep these values. \
        spec.md#limits-settings gives the range each key must lie in. \
        Exit status: 0 printed, 64 usage error.
        """
    let positionals: [any CommandPositional] = []
    let options: [any CommandOption] = []

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        output.out(try JSONText.string(ReplayConfiguration()) + "\n")
        return .success
    }
}
