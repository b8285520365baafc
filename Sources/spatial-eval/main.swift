import CMalloc
import Foundation
import EvalResults
import EvalJobs
import EvalReports
import EvalCommandLine

// A child process reading a results file the tool did not write (ForeignResultsFile).
if CommandLine.arguments.count == 3 && CommandLine.arguments[1] == ForeignResultsFile.probeArgument {
    exit(ForeignResultsFile.probe(CommandLine.arguments[2]))
}

// For `calibrate` the allocator keeps freed memory for reuse instead of returning it to the
// system after every large free: its bootstrap allocates and frees arrays of several MB per
// replicate, and glibc's defaults unmapped and re-faulted them each time (more system than
// user time, 87.6 s against 23.3 s; Docs/benchmarks.md#main-job). Other commands keep the
// defaults, which give a lower peak memory (score-mot's is a benchmark figure).
if CommandLine.arguments.dropFirst().first == "calibrate" {
    mallopt(M_MMAP_THRESHOLD, 32 << 20)
    mallopt(M_TRIM_THRESHOLD, 1 << 30)
}

let status = CommandLineTool().run(Array(CommandLine.arguments.dropFirst()), output: StandardStreams())
exit(status)
