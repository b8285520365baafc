import Foundation
import EvalMetrics
import Recording
import EvalResults
import EvalJobs
import EvalReports

/// `spatial-eval score-mot`: CLEAR / Identity / HOTA scores of MOTChallenge files.
struct ScoreMOTCommand: Command {
    let name = "score-mot"
    let summary = "Score MOTChallenge tracker output against ground truth (CLEAR, Identity, HOTA)."
    let discussion = """
        A single pair, or a benchmark layout: DIR/<seq>/gt/gt.txt with DIR/<seq>/seqinfo.ini, \
        scored against TRACKER/<seq>.txt, per sequence plus a combined row from summed counts.
        The default convention reproduces TrackEval 1.3.0 (the MOTChallenge kit); \
        --convention motmetrics reproduces py-motmetrics 1.4.0 (MOTP as mean distance, \
        its frame counting, an OVERALL row). Without seqinfo.ini or --seq-length, a pair's \
        length is its last frame. Exit status: 0 success, 1 bad input, 64 usage error.
        """
    static let gt = OptionKey<String?>("gt", "GT.txt", "Ground-truth file of a single pair.")
    static let hyp = OptionKey<String?>("hyp", "HYP.txt", "Tracker file of a single pair.")
    static let seqLength = OptionKey<Int?>(
        "seq-length", "N", "Number of frames (overrides seqinfo.ini).", bounds: .within(1...MOTChallengeReader.maximumFrame))
    static let benchmark = OptionKey<String?>("benchmark", "DIR", "Benchmark folder: <seq>/gt/gt.txt and <seq>/seqinfo.ini.")
    static let tracker = OptionKey<String?>("tracker", "DIR", "Tracker folder with <seq>.txt for every sequence.")
    static let convention = OptionKey<ScoringConvention>("convention", "NAME", "Whose rules to follow.", default: .trackeval)
    static let format = OptionKey<Format>("format", "FORMAT", "Output format.", default: .table)
    static let out = OptionKey<String?>("out", "FILE", "Also write raw results (summary, events, per-α arrays) to this HDF5 file.")
    let positionals: [any CommandPositional] = []
    let options: [any CommandOption] = [
        Self.gt, Self.hyp, Self.seqLength, Self.benchmark, Self.tracker, Self.convention, Self.format, Self.out,
    ]
    let usageForms = [
        UsageForm([Self.gt, Self.hyp], optional: [Self.seqLength, Self.convention, Self.format, Self.out]),
        UsageForm([Self.benchmark, Self.tracker], optional: [Self.convention, Self.format, Self.out]),
    ]

    /// What `score-mot` prints.
    enum Format: String, CaseIterable, OptionValue {
        /// Aligned tables.
        case table
        /// One JSON document.
        case json
        /// One CSV row per sequence.
        case csv
    }

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let sources = try Self.sources(arguments)
        let outPath = arguments[Self.out]
        let job = ScoreMOTJob(
            sources: sources, lengthOverride: arguments[Self.seqLength],
            convention: arguments[Self.convention], recordEvents: outPath != nil)
        let report = try job.run()
        if let outPath {
            try ScoreMOTResultsFile.write(report, sources: sources, to: outPath)
        }
        switch arguments[Self.format] {
        case .json: output.out(ScoreMOTFormatting.json(report))
        case .csv: output.out(ScoreMOTFormatting.csv(report))
        case .table: output.out(ScoreMOTFormatting.table(report))
        }
        return .success
    }

    static func sources(_ arguments: ParsedArguments) throws -> [MOTSequenceSource] {
        let pair = (arguments[gt], arguments[hyp])
        let folders = (arguments[benchmark], arguments[tracker])
        switch (pair, folders) {
        case ((let gt?, let hyp?), (nil, nil)):
            let stem = ((hyp as NSString).lastPathComponent as NSString).deletingPathExtension
            return [MOTSequenceSource(name: stem, groundTruthPath: gt, trackerPath: hyp)]
        case ((nil, nil), (let benchmark?, let tracker?)):
            if arguments[seqLength] != nil {
                throw UsageError("--seq-length applies to a single pair; benchmark sequences use seqinfo.ini")
            }
            return try MOTSequenceSource.benchmark(at: benchmark, tracker: tracker)
        default:
            throw UsageError("give either --gt and --hyp, or --benchmark and --tracker")
        }
    }
}

extension ScoringConvention: OptionValue {}
