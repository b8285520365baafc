import Foundation
import SpatialEval

let status = CommandLineTool().run(Array(CommandLine.arguments.dropFirst()), output: StandardStreams())
exit(status)
