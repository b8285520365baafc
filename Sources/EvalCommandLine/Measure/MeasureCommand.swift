import Foundation
import Recording
import EvalResults
import EvalJobs

/// `spatial-eval measure`: the simulator assumptions measured from recorded sessions
/// (spec.md#sweep-pivot-measured), written as the measures file a corpus sweep names.
struct MeasureCommand: Command {
    let name = "measure"
    let summary = "Measure the simulator's assumptions (twin cross-cosine, detector recall, drift) from recorded sessions."
    let discussion = """
        Reads the recordings (recorded sessions: ground truth from their marks, or labelled \
        boxes), computes every pivot probe exactly as a corpus sweep computes it on its \
        simulated pivot steps: the median detection cross-cosine between marked twins, the \
        detector's recall of large (≥ 192² px in its 640-px input), visible (≥ 0.75), sharp \
        (camera turning < 0.3 rad/s) views of marked objects in normal light, and says why \
        drift is not measurable from marks. Each value gets a percentile interval over \
        resampled sessions (sessions sharing meta.room resampled together). Writes \
        MEASURES.json, which a corpus sweep protocol names with "measures" to place each \
        value on its pivot (Docs/sweeps.md#measured-assumptions), and prints one line per \
        probe. Exit status: 0 success, 1 bad input, 64 usage error.
        """
    static let recordings = Positional<[String]>("RECORDING.sqlite", "Recorded sessions (one or more).")
    static let out = OptionKey<String>("out", "MEASURES.json", "The measures file to write.")
    static let replicates = OptionKey<Int>("replicates", "N", "Bootstrap resamples of the sessions.", default: 2000, bounds: .within(10...100_000))
    static let seed = OptionKey<UInt64>("seed", "N", "Seed of the resampling stream.", default: 1)
    let positionals: [any CommandPositional] = [Self.recordings]
    let options: [any CommandOption] = [Self.out, Self.replicates, Self.seed]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let settings = BootstrapSettings(replicates: arguments[Self.replicates], seed: arguments[Self.seed], confidence: 0.95, method: "percentile")
        let measures = try MeasureJob.run(paths: arguments[Self.recordings], bootstrap: settings) { output.err($0 + "\n") }
        let path = arguments[Self.out]
        try AtomicFile.write(try measures.json(), to: path)
        for m in measures.measures {
            let value = m.value.isFinite
                ? ReportNumber.fixed(m.value) + " [" + ReportNumber.fixed(m.lower) + ", " + ReportNumber.fixed(m.upper) + "]"
                    + " from \(m.sessions) session\(m.sessions == 1 ? "" : "s"), \(m.events) \(m.unit)"
                : (m.notMeasurable ?? "no events (\(m.unit)) in these sessions")
            output.out("\(m.probe.rawValue)  \(m.measure): \(value)\n")
        }
        output.err("wrote \(path)\n")
        return .success
    }
}
