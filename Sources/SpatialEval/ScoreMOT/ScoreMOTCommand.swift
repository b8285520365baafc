import Foundation
import EvalMetrics
import Recording

/// `spatial-eval score-mot`: CLEAR / Identity / HOTA scores of MOTChallenge files.
struct ScoreMOTCommand: Command {
    let name = "score-mot"
    let summary = "Score MOTChallenge tracker output against ground truth (CLEAR, Identity, HOTA)."
    let usage = [
        "score-mot --gt GT.txt --hyp HYP.txt [--seq-length N] [options]",
        "score-mot --benchmark DIR --tracker DIR [options]",
    ]
    let discussion = """
        A single pair, or a benchmark layout: DIR/<seq>/gt/gt.txt with DIR/<seq>/seqinfo.ini, \
        scored against TRACKER/<seq>.txt, per sequence plus a combined row from summed counts.
        The default convention reproduces TrackEval 1.3.0 (the MOTChallenge kit); \
        --convention motmetrics reproduces py-motmetrics 1.4.0 (MOTP as mean distance, \
        its frame counting, an OVERALL row). Without seqinfo.ini or --seq-length, a pair's \
        length is its last frame. Exit status: 0 success, 1 bad input, 64 usage error.
        """
    let options = [
        OptionSpec("gt", "FILE", "Ground-truth file of a single pair."),
        OptionSpec("hyp", "FILE", "Tracker file of a single pair."),
        OptionSpec("seq-length", "N", "Number of frames (overrides seqinfo.ini)."),
        OptionSpec("benchmark", "DIR", "Benchmark folder: <seq>/gt/gt.txt and <seq>/seqinfo.ini."),
        OptionSpec("tracker", "DIR", "Tracker folder with <seq>.txt for every sequence."),
        OptionSpec("convention", "NAME", "Whose rules to follow.", choices: ScoringConvention.allCases.map(\.rawValue)),
        OptionSpec("format", "FORMAT", "Output format.", choices: ["table", "json", "csv"]),
        OptionSpec("out", "FILE", "Also write raw results (summary, events, per-α arrays) to this HDF5 file."),
    ]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let sources = try Self.sources(arguments)
        let convention = ScoringConvention(rawValue: arguments.value("convention") ?? "trackeval")!
        let outPath = arguments.value("out")
        let job = ScoreMOTJob(
            sources: sources, lengthOverride: try arguments.integer("seq-length", minimum: 1),
            convention: convention, recordEvents: outPath != nil)
        let report = try job.run()
        if let outPath {
            try ScoreMOTResultsFile.write(report, sources: sources, to: outPath)
        }
        switch arguments.value("format") ?? "table" {
        case "json": output.out(ScoreMOTFormatting.json(report))
        case "csv": output.out(ScoreMOTFormatting.csv(report))
        default: output.out(ScoreMOTFormatting.table(report))
        }
        return .success
    }

    static func sources(_ arguments: ParsedArguments) throws -> [MOTSequenceSource] {
        let pair = (arguments.value("gt"), arguments.value("hyp"))
        let folders = (arguments.value("benchmark"), arguments.value("tracker"))
        switch (pair, folders) {
        case ((let gt?, let hyp?), (nil, nil)):
            let stem = ((hyp as NSString).lastPathComponent as NSString).deletingPathExtension
            return [MOTSequenceSource(name: stem, groundTruthPath: gt, trackerPath: hyp)]
        case ((nil, nil), (let benchmark?, let tracker?)):
            if arguments.value("seq-length") != nil {
                throw UsageError("--seq-length applies to a single pair; benchmark sequences use seqinfo.ini")
            }
            return try MOTSequenceSource.benchmark(at: benchmark, tracker: tracker)
        default:
            throw UsageError("give either --gt and --hyp, or --benchmark and --tracker")
        }
    }
}
