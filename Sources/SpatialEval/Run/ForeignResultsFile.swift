import Foundation
import Recording
import ResultStore

/// A crash boundary around libhdf5 for results files the tool did not just write (`report`,
/// `compare`): before the file is read in process, a child process of the same executable
/// reads everything in it; if the child dies of a signal (libhdf5 can crash on a damaged
/// file) or does not finish in time, the file is refused as bad input instead
/// (`spec.md#limits-results-files`).
///
/// The boundary applies when the running executable is `spatial-eval`; run in process by a
/// test runner, the file is read directly.
public enum ForeignResultsFile {
    /// The hidden first argument that makes `spatial-eval` a probe: `spatial-eval
    /// __probe-results-file FILE` reads FILE and exits 0 unless the process dies.
    public static let probeArgument = "__probe-results-file"
    /// How long the probe may take.
    public static let timeLimit: TimeInterval = 120

    /// The probe's body (called by `main.swift`): reads everything in `path`; errors are not
    /// the probe's concern (the caller reports them when it reads the file itself).
    public static func probe(_ path: String) -> Int32 {
        try? ResultFileWalk.readEverything(atPath: path)
        return 0
    }

    /// Refuses `path` when reading it kills a child process; does nothing in process.
    /// - Throws: `InputError` naming the file.
    public static func check(_ path: String) throws {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
              (executable as NSString).lastPathComponent == "spatial-eval",
              FileManager.default.fileExists(atPath: path) else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [probeArgument, path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return  // no child: read in process as before
        }
        let deadline = Date().addingTimeInterval(timeLimit)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw InputError(file: path, message: "reading it did not finish within \(Int(timeLimit)) s; the file is damaged or not a results file")
        }
        if process.terminationReason == .uncaughtSignal {
            throw InputError(file: path, message: "is damaged: the HDF5 library crashed reading it (signal \(process.terminationStatus)), so it is not read")
        }
    }
}
