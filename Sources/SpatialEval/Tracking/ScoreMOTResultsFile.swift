import Metrics
import Recording

/// Writes a ``ScoreMOTReport`` as an HDF5 results file (see `Docs/results-layout.md`).
enum ScoreMOTResultsFile {
    static func write(_ report: ScoreMOTReport, sources: [MOTSequenceSource], to path: String) throws {
        throw InputError(file: path, message: "HDF5 output is not available in this build yet")
    }
}
