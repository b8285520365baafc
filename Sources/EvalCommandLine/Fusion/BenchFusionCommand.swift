import Foundation
import EvalNumerics
import Recording
import Replay
import EvalResults
import EvalJobs
import EvalReports

/// `spatial-eval bench-fusion`: fits per second of a fusion variant on grids read from a
/// CSV (used by `Benchmarks/fusion_fit.sh`).
struct BenchFusionCommand: Command {
    let name = "bench-fusion"
    let summary = "Time a depth-fusion variant on many grids of pairs (CSV); prints JSON with fits/s and the box depths."
    let discussion = """
        FILE.csv is fit-depth's format with the grids one after another, N rows each \
        (default 256, a 16×16 grid). The file is read and split once; then every grid is \
        fused with the variant (default the app's, affine-inverse-2sigma) --runs times \
        (default 5) in this process, start-up and reading excluded. Prints {"variant", \
        "grids", "runs_s": [...], "median_s", "fits_per_second" (grids / median), "depths": \
        [box depth per grid, NaN when none]}. Exit status: 0 success, 1 bad input, 64 usage.
        """
    static let pairs = OptionKey<String>("pairs", "FILE.csv", "CSV of the grids' pairs.")
    static let gridSize = OptionKey<Int>("grid-size", "N", "Rows per grid.", default: 256, bounds: .within(1...GridShape.maximumSide))
    static let runs = OptionKey<Int>("runs", "N", "Timed passes over all grids.", default: 5, bounds: .within(1...10_000))
    static let variant = OptionKey<DepthFusionVariant>("variant", "NAME", "Fusion variant.", default: .app)
    let positionals: [any CommandPositional] = []
    let options: [any CommandOption] = [Self.pairs, Self.gridSize, Self.runs, Self.variant]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let path = arguments[Self.pairs]
        let size = arguments[Self.gridSize]
        let runs = arguments[Self.runs]
        let variant = arguments[Self.variant]
        let all = try DepthPairsCSV.read(path)
        guard all.depth.count % size == 0 else {
            throw InputError(file: path, message: "\(all.depth.count) rows are not a whole number of \(size)-row grids")
        }
        let grids = stride(from: 0, to: all.depth.count, by: size).map { start in
            let r = start..<(start + size)
            return DepthPairs(depth: Array(all.depth[r]), inverseDepth: Array(all.inverseDepth[r]),
                              confidence: Array(all.confidence[r]), inMask: Array(all.inMask[r]))
        }
        var fuser = VariantFuser()
        let configuration = DepthFusionConfiguration(), settings = FusionVariantSettings()
        var depths = [Double](repeating: .nan, count: grids.count), seconds: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            for k in grids.indices {
                depths[k] = fuser.fuse(grids[k], variant: variant, configuration: configuration, settings: settings).depth ?? .nan
            }
            seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let median = Quantile.median(seconds)
        var w = JSONWriter()
        w.beginObject()
        w.string("variant", variant.rawValue)
        w.integer("grids", grids.count)
        w.beginArray("runs_s")
        for s in seconds { w.number(nil, s) }
        w.endArray()
        w.number("median_s", median)
        w.number("fits_per_second", Double(grids.count) / median)
        w.beginArray("depths")
        for d in depths { w.number(nil, d) }
        w.endArray()
        w.endObject()
        output.out(w.text)
        return .success
    }
}

extension DepthFusionVariant: OptionValue {}
