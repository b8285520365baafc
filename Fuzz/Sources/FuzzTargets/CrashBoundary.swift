import Foundation
import ResultStore

/// The argument that makes the fuzz binary a probe instead of a fuzzer (see ``fuzzTargetsMain``).
let probeArgument = "--probe-results-file"

/// The tool's crash boundary around libhdf5 (`ForeignResultsFile`: a child process reads the
/// whole file first, and a file that kills the child is refused as bad input), for the hdf5
/// target. libhdf5 trusts the references inside a file (variable-length string heap indices
/// among them) and can crash on a damaged one; the tool never reads such a file in process, so
/// the target does not either. A fresh child of this binary (started with ``probeArgument``,
/// so libFuzzer's handlers are not installed in it) walks the file with
/// `ResultFileWalk.readEverything`; only a file it survives (exit status 0, no signal, no
/// sanitizer report, within 30 s) reaches the readers in this process, where a crash is ours
/// (Docs/fuzzing.md#hdf5).
func survivesLibHDF5(_ path: String) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
    process.arguments = [probeArgument, path]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    let deadline = Date().addingTimeInterval(30)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.002) }
    if process.isRunning {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return false
    }
    return process.terminationReason == .exit && process.terminationStatus == 0
}

/// The probe's body: reads everything in `path` and exits 0 unless the process dies.
func probeResultsFile(_ path: String) -> Int32 {
    try? ResultFileWalk.readEverything(atPath: path)
    return 0
}
