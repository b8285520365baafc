import Foundation
import Recording
import ResultStore

/// A crash boundary around libhdf5 for results files the tool did not just write (`report`,
/// `compare`, and every shard file `shard-status`, `run-shard` and `merge-shards` read):
/// before the file is read in process, a child process of the same executable reads
/// everything in it; if the child dies of a signal (libhdf5 can crash on a damaged file) or
/// does not finish in time, the file is refused as bad input instead
/// (`spec.md#limits-results-files`).
///
/// The boundary applies when the running executable is `spatial-eval`; run in process by a
/// test runner, the file is read directly (tests drive ``check(_:with:)`` with a probe of
/// their own).
public enum ForeignResultsFile {
    /// The hidden first argument that makes `spatial-eval` a probe: `spatial-eval
    /// __probe-results-file FILE` reads FILE and exits 0 unless the process dies.
    public static let probeArgument = "__probe-results-file"
    /// How long the probe may take.
    public static let timeLimit: TimeInterval = 120

    /// A child process that reads a file: the executable, the arguments before the file's
    /// path, and how long it may run.
    public struct Probe: Sendable {
        /// The program to run.
        public var executable: String
        /// Its arguments; the file's path is appended.
        public var arguments: [String]
        /// How long it may run before the file is refused.
        public var timeLimit: TimeInterval

        /// Creates a probe.
        public init(executable: String, arguments: [String], timeLimit: TimeInterval) {
            self.executable = executable
            self.arguments = arguments
            self.timeLimit = timeLimit
        }

        /// The running `spatial-eval` as its own probe; nil when the process is not
        /// `spatial-eval` (a test runner).
        public static var current: Probe? {
            guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
                  (executable as NSString).lastPathComponent == "spatial-eval" else { return nil }
            return Probe(executable: executable, arguments: [probeArgument], timeLimit: ForeignResultsFile.timeLimit)
        }
    }

    /// The probe's body (called by `main.swift`): reads everything in `path`; errors are not
    /// the probe's concern (the caller reports them when it reads the file itself).
    public static func probe(_ path: String) -> Int32 {
        try? ResultFileWalk.readEverything(atPath: path)
        return 0
    }

    /// Refuses `path` when reading it kills a child process; does nothing in process.
    /// - Throws: `InputError` naming the file.
    public static func check(_ path: String) throws {
        guard let probe = Probe.current else { return }
        try check(path, with: probe)
    }

    /// Runs `probe` on `path` and refuses the file when the probe dies of a signal or
    /// outlives its time limit. A probe that cannot be started, or exits with any status,
    /// lets the file through (the caller's own reading reports ordinary errors).
    /// - Throws: `InputError` naming the file.
    public static func check(_ path: String, with probe: Probe) throws {
        guard FileManager.default.fileExists(atPath: path) else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: probe.executable)
        process.arguments = probe.arguments + [path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return  // no child: read in process as before
        }
        let deadline = Date().addingTimeInterval(probe.timeLimit)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning {
            // SIGKILL, not SIGTERM: a probe only reads, it has nothing to clean up, and a
            // process stuck inside a library may not act on a polite signal.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw InputError(file: path, message: "reading it did not finish within \(Self.seconds(probe.timeLimit)) s; the file is damaged or not a results file")
        }
        if process.terminationReason == .uncaughtSignal {
            throw InputError(file: path, message: "is damaged: the HDF5 library crashed reading it (signal \(process.terminationStatus)), so it is not read")
        }
    }

    private static func seconds(_ interval: TimeInterval) -> String {
        interval >= 1 ? String(Int(interval)) : String(format: "%.2f", interval)
    }
}
