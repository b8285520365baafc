import Foundation
import Simulation
import EvalResults
import EvalJobs
import EvalReports

/// `spatial-eval simulate-corpus`: generates the recordings of a corpus spec into a folder.
struct SimulateCorpusCommand: Command {
    let name = "simulate-corpus"
    let summary = "Simulate a corpus of recordings from a spec (scenario mix, count, seed) with its event counts."
    let discussion = """
        Recording k is drawn from (spec seed, k) alone: its scenario (by the arms' weights), \
        its duration and its simulator seed, so the corpus is deterministic. Missing recordings \
        are simulated on all cores, each written atomically; a killed run leaves only complete \
        files and a re-run completes what is missing. DIR records the spec's SHA-256 \
        (spec.sha256); a re-run with the same spec reuses the files, a folder of another spec is \
        refused. Prints the corpus summary (removals of anchored objects, guidance requests with \
        the target in memory, twin pairs closer than 1 m, genuine moves of 0.3–1.5 m, low-light \
        and multi-room recordings) and writes it as DIR/corpus.json. Progress goes to standard \
        error when it is a terminal. Docs/simulator.md#corpus. Exit status: 0 written, 1 bad \
        spec or write failure, 64 usage error.
        """
    static let spec = Positional<String>("SPEC.json", "A corpus spec: name, count, seed and arms (Docs/simulator.md#corpus).")
    static let out = OptionKey<String?>("out", "DIR", "Folder of the corpus (default .build/corpora/<spec hash>).")
    let positionals: [any CommandPositional] = [Self.spec]
    let options: [any CommandOption] = [Self.out]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let spec = try CorpusBuilder.spec(at: arguments[Self.spec])
        let folder = try arguments[Self.out] ?? CorpusBuilder.cacheFolder(spec, root: ".build/corpora")
        let summary = try CorpusBuilder.build(spec, into: folder, progress: Self.progress())
        output.out(summary.text)
        output.err("corpus: \(folder) (corpus.json)\n")
        return .success
    }

    /// A progress line on standard error when it is a terminal.
    static func progress() -> @Sendable (Int, Int) -> Void {
        guard isatty(STDERR_FILENO) != 0 else { return { _, _ in } }
        return { done, total in
            FileHandle.standardError.write(Data(("\rcorpus: \(done)/\(total) recordings" + (done == total ? "\n" : "")).utf8))
        }
    }
}
