import Foundation
import Recording
@testable import EvalResults
@testable import EvalJobs
@testable import EvalReports
@testable import EvalCommandLine
import TestSupport
import Testing

/// The libhdf5 crash boundary (`ForeignResultsFile`, spec.md#limits-results-files): a file is
/// read first by a child process, and refused when the child dies of a signal or runs out of
/// time. The boundary's decisions are driven here with small shell probes (a crash cannot be
/// provoked in libhdf5 on demand); the real probe is the built `spatial-eval` itself.
@Suite("Crash boundary around libhdf5")
struct CrashBoundaryTests {
    func shell(_ script: String, timeLimit: TimeInterval = 30) -> ForeignResultsFile.Probe {
        ForeignResultsFile.Probe(executable: "/bin/sh", arguments: ["-c", script, "probe"], timeLimit: timeLimit)
    }

    @Test("a probe that dies of a signal refuses the file, naming it and the signal")
    func crashedProbe() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("not read in process", to: "damaged.h5")
        do {
            try ForeignResultsFile.check(file, with: shell("kill -SEGV $$"))
            Issue.record("a crashed probe let the file through")
        } catch let error as InputError {
            #expect(error.file == file)
            #expect(error.message.contains("crashed") && error.message.contains("signal 11"), "\(error)")
        }
    }

    @Test("a probe that outlives its time limit is stopped and the file refused")
    func slowProbe() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("x", to: "slow.h5")
        let started = Date()
        do {
            try ForeignResultsFile.check(file, with: shell("exec sleep 20", timeLimit: 0.3))
            Issue.record("a probe past its limit let the file through")
        } catch let error as InputError {
            #expect(error.file == file && error.message.contains("did not finish within 0.30 s"), "\(error)")
        }
        #expect(Date().timeIntervalSince(started) < 15, "the probe was not stopped at its limit")
    }

    @Test("a probe that exits (with any status) lets the file through; so does a missing file or probe")
    func passingProbes() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("x", to: "fine.h5")
        try ForeignResultsFile.check(file, with: shell("exit 0"))
        try ForeignResultsFile.check(file, with: shell("exit 3"))
        try ForeignResultsFile.check(folder.file("missing.h5"), with: shell("kill -SEGV $$"))
        try ForeignResultsFile.check(file, with: .init(executable: folder.file("no-such-probe"), arguments: [], timeLimit: 1))
    }

    @Test("the built spatial-eval is its own probe: it reads a results file and a garbage file and exits 0")
    func realProbe() throws {
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [runner, runner.deletingLastPathComponent(), runner.deletingLastPathComponent().deletingLastPathComponent()]
            .map { $0.appendingPathComponent("spatial-eval").path }
        let executable = try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0) },
                                      "no built spatial-eval beside the test runner (\(candidates))")
        let probe = ForeignResultsFile.Probe(executable: executable, arguments: [ForeignResultsFile.probeArgument], timeLimit: 60)
        let folder = try TemporaryDirectory()
        let files = [try ResultsFileFixtures.runFile(in: folder), try folder.write(String(repeating: "\u{1}HDF", count: 1000), to: "garbage.h5")]
        for file in files {
            try ForeignResultsFile.check(file, with: probe)
            // The check lets any exit status through, so ask the binary directly: the hidden
            // probe argument must be handled (exit 0), not taken for an unknown command (64).
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = [ForeignResultsFile.probeArgument, file]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(file): status \(process.terminationStatus)")
        }
    }
}
