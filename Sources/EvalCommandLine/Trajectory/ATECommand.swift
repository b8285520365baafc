import Foundation
import EvalMetrics
import EvalNumerics
import Recording
import EvalResults
import EvalJobs
import EvalReports

/// `spatial-eval ate`: evo's absolute pose error (translation part) of a TUM trajectory.
struct ATECommand: Command {
    let name = "ate"
    let summary = "Absolute trajectory error of a TUM estimate against a TUM reference (evo's APE)."
    let discussion = """
        Reproduces evo 1.38.1's `evo_ape tum REF EST` with the translation-part relation: poses \
        are associated by timestamp (for each stamp of the shorter trajectory the nearest stamp \
        of the other within --max-diff, after adding --offset to the estimate's stamps; not \
        one-to-one), the estimate's positions are aligned onto the reference's with Umeyama's \
        method (se3 = evo -a, sim3 = evo -as; scale applied first), and the per-pose error is \
        the distance between positions. Statistics follow evo: rmse, mean, median, population \
        std, min, max, sse. Exit status: 0 success, 1 bad input, 64 usage error.
        """
    static let ref = OptionKey<String>("ref", "REF.tum", "Reference (ground-truth) trajectory, TUM format.")
    static let est = OptionKey<String>("est", "EST.tum", "Estimated trajectory, TUM format.")
    static let align = OptionKey<AlignmentKind>("align", "KIND", "Alignment fitted before measuring.", default: AlignmentKind.none)
    static let maxDiff = OptionKey<Double>(
        "max-diff", "S", "Largest timestamp difference of an associated pair, seconds.", default: 0.01, bounds: .atLeast(0))
    static let offset = OptionKey<Double>("offset", "S", "Seconds added to the estimate's timestamps before association.", default: 0)
    static let format = OptionKey<OutputFormat>("format", "FORMAT", "Output format.", default: .table)
    let positionals: [any CommandPositional] = []
    let options: [any CommandOption] = [Self.ref, Self.est, Self.align, Self.maxDiff, Self.offset, Self.format]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let referencePath = arguments[Self.ref], estimatePath = arguments[Self.est]
        let maxDifference = arguments[Self.maxDiff]
        let offset = arguments[Self.offset]
        let kind = arguments[Self.align]
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
        output.out(arguments[Self.format] == .json ? report.json : report.table)
        return .success
    }

    private static func read(_ path: String) throws(InputError) -> [TUMPose] {
        let poses = try TUMTrajectory.read(path: path, order: .nonDecreasing)
        guard !poses.isEmpty else { throw InputError(file: path, message: "no poses") }
        return poses
    }
}

extension AlignmentKind: OptionValue {}
