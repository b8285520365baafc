import Foundation
import EvalMetrics
import EvalNumerics
import Recording

/// `spatial-eval ate`: evo's absolute pose error (translation part) of a TUM trajectory.
struct ATECommand: Command {
    let name = "ate"
    let summary = "Absolute trajectory error of a TUM estimate against a TUM reference (evo's APE)."
    let usage = ["ate --ref REF.tum --est EST.tum [--align none|se3|sim3] [--max-diff S] [--offset S] [--format table|json]"]
    let discussion = """
        Reproduces evo 1.38.1's `evo_ape tum REF EST` with the translation-part relation: poses \
        are associated by timestamp (for each stamp of the shorter trajectory the nearest stamp \
        of the other within --max-diff, after adding --offset to the estimate's stamps; not \
        one-to-one), the estimate's positions are aligned onto the reference's with Umeyama's \
        method (se3 = evo -a, sim3 = evo -as; scale applied first), and the per-pose error is \
        the distance between positions. Statistics follow evo: rmse, mean, median, population \
        std, min, max, sse. Exit status: 0 success, 1 bad input, 64 usage error.
        """
    let options = [
        OptionSpec("ref", "FILE", "Reference (ground-truth) trajectory, TUM format."),
        OptionSpec("est", "FILE", "Estimated trajectory, TUM format."),
        OptionSpec("align", "KIND", "Alignment fitted before measuring (default none).", choices: AlignmentKind.allCases.map(\.rawValue)),
        OptionSpec("max-diff", "S", "Largest timestamp difference of an associated pair, seconds (default 0.01)."),
        OptionSpec("offset", "S", "Seconds added to the estimate's timestamps before association (default 0)."),
        OptionSpec("format", "FORMAT", "Output format.", choices: ["table", "json"]),
    ]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        guard let referencePath = arguments.value("ref"), let estimatePath = arguments.value("est") else {
            throw UsageError("give both --ref and --est")
        }
        guard arguments.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(arguments.positionals[0])'")
        }
        let maxDifference = try Self.number(arguments, "max-diff", default: 0.01, minimum: 0)
        let offset = try Self.number(arguments, "offset", default: 0, minimum: -.infinity)
        let kind = AlignmentKind(rawValue: arguments.value("align") ?? "none")!
        let reference = try Self.read(referencePath)
        let estimate = try Self.read(estimatePath)
        let result: AbsoluteTrajectoryError
        do {
            result = try AbsoluteTrajectoryError(
                reference: reference, estimate: estimate, alignment: kind, maxDifference: maxDifference, offset: offset)
        } catch {
            throw InputError(file: estimatePath, message: error.description)
        }
        let report = ATEReport(referencePath: referencePath, estimatePath: estimatePath,
                               maxDifference: maxDifference, offset: offset, result: result)
        output.out(arguments.value("format") == "json" ? report.json : report.table)
        return .success
    }

    private static func read(_ path: String) throws(InputError) -> [TUMPose] {
        let poses = try TUMTrajectory.read(path: path, order: .nonDecreasing)
        guard !poses.isEmpty else { throw InputError(file: path, message: "no poses") }
        return poses
    }

    private static func number(
        _ arguments: ParsedArguments, _ name: String, default value: Double, minimum: Double
    ) throws(UsageError) -> Double {
        guard let text = arguments.value(name) else { return value }
        guard let number = Double(text), number.isFinite, number >= minimum else {
            throw UsageError("--\(name) expects a finite number\(minimum > -.infinity ? " ≥ \(minimum)" : ""), got '\(text)'")
        }
        return number
    }
}
