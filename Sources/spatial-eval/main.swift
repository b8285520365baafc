import Foundation
import EvalResults
import EvalJobs
import EvalReports
import EvalCommandLine

// A child process reading a results file the tool did not write (ForeignResultsFile).
if CommandLine.arguments.count == 3 && CommandLine.arguments[1] == ForeignResultsFile.probeArgument {
    exit(ForeignResultsFile.probe(CommandLine.arguments[2]))
}

let status = CommandLineTool().run(Array(CommandLine.arguments.dropFirst()), output: StandardStreams())
exit(status)
