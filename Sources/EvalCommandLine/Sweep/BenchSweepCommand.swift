import Foundation
import EvalNumerics
import Recording
import Sweeps
import EvalResults
import EvalJobs
import EvalReports

/// `spatial-eval bench-sweep`: points per second of the staged sweep engine against
/// re-running the whole pipeline per point, in one process (used by `Benchmarks/sweep_speed.sh`).
struct BenchSweepCommand: Command {
    let name = "bench-sweep"
    let summary = "Time one sweep staged vs re-running the whole pipeline per point; prints JSON with the ratio of medians."
    let discussion = """
        Loads the protocol's recordings once, then RUNS times (default 3): the whole sweep NAME \
        (default: the first) with the staged engine (tracker and fusion once per recording, the \
        registry per point, all cores), and its first K points (default 64) naively, every point \
        re-running SpatialReplay.run and the metrics on every recording (also on all cores). \
        Prints {"sweep", "points", "recordings", "staged_runs_s", "staged_median_s", \
        "staged_points_per_s", "naive_points", "naive_runs_s", "naive_median_s", \
        "naive_points_per_s", "ratio", "identical"}; ratio = staged / naive points per second \
        from the medians; identical = 1 when the naive components equal the staged ones on those points. \
        Exit status: 0 success, 1 bad input or differing results, 64 usage error.
        """
    static let protocolFile = Positional<String>("PROTOCOL.json", "A protocol with a \"sweeps\" list.")
    static let sweep = OptionKey<String?>("sweep", "NAME", "The sweep to time (default: the protocol's first).")
    static let runs = OptionKey<Int>("runs", "N", "Timed repetitions of each engine.", default: 3, bounds: .within(1...10_000))
    static let naivePoints = OptionKey<Int>("naive-points", "K", "Points of the naive run.", default: 64,
        bounds: .within(1...SweepDefinition.maximumPoints))
    let positionals: [any CommandPositional] = [Self.protocolFile]
    let options: [any CommandOption] = [Self.sweep, Self.runs, Self.naivePoints]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let path = arguments[Self.protocolFile]
        let runs = arguments[Self.runs]
        let naiveCount = arguments[Self.naivePoints]
        let loaded = try ProtocolLoader.load(path)
        let spec = loaded.evaluationProtocol
        let wanted = arguments[Self.sweep] ?? spec.sweeps.first?.name
        guard let definition = spec.sweeps.first(where: { $0.name == wanted }) else {
            throw InputError(file: path, message: "key 'sweeps': no sweep named '\(wanted ?? "")'")
        }
        let inputs = try zip(spec.recordings, loaded.recordingPaths).map { given, file in
            SweepInput(name: ProtocolLoader.recordingName(given), recording: try RecordingStore.readValidated(from: file))
        }
        let plan = try SweepPlan(name: definition.name, space: definition.space, base: spec.replay)
        let sample = Array(plan.points.indices.prefix(naiveCount))
        var staged: [Double] = [], naive: [Double] = []
        var stagedOutcome: SweepOutcome?
        var naiveComponents: [[[Double]]] = []
        for _ in 0..<runs {
            staged.append(try seconds { stagedOutcome = try SweepRunner(plan: plan, inputs: inputs).run()?.outcome })
            naive.append(try seconds { naiveComponents = try Self.naive(plan, inputs: inputs, points: sample) })
        }
        let identical = sample.enumerated().allSatisfy { k, p in stagedOutcome.map { Array($0.components[p]) } == naiveComponents[k] }
        let stagedRate = Double(plan.points.count) / median(staged), naiveRate = Double(sample.count) / median(naive)
        var json = JSONWriter()
        json.beginObject()
        json.string("sweep", definition.name)
        json.integer("points", plan.points.count)
        json.integer("recordings", inputs.count)
        json.numbers("staged_runs_s", staged)
        json.number("staged_median_s", median(staged))
        json.number("staged_points_per_s", stagedRate)
        json.integer("naive_points", sample.count)
        json.numbers("naive_runs_s", naive)
        json.number("naive_median_s", median(naive))
        json.number("naive_points_per_s", naiveRate)
        json.number("ratio", stagedRate / naiveRate)
        json.integer("identical", identical ? 1 : 0)
        json.endObject()
        output.out(json.text + "\n")
        return identical ? .success : .failure
    }

    /// The components of `points`, each from the whole pipeline on every recording, in parallel.
    static func naive(_ plan: SweepPlan, inputs: [SweepInput], points: [Int]) throws -> [[[Double]]] {
        let chunks = inChunks(of: points.count, minimumChunk: 1) { range in
            range.map { k -> Result<[[Double]], InputError> in
                let configuration = plan.configuration(plan.points[points[k]])
                do throws(InputError) {
                    return .success(try inputs.map { input throws(InputError) in
                        try SweepStages.naive(input.recording, truth: input.truth, configuration: configuration)
                    })
                } catch {
                    return .failure(error)
                }
            }
        }
        return try chunks.flatMap { $0 }.map { try $0.get() }
    }

    private func seconds(_ body: () throws -> Void) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    private func median(_ values: [Double]) -> Double { Quantile.linear(values, 0.5) }
}
