import EvalNumerics
import Recording

/// Reading the COCO files of a detection command, the two files at the same time.
enum DetectionInputs {
    /// A ground-truth file and a results file, read in parallel.
    static func read(groundTruth: String, results: String) throws -> (COCOGroundTruth, COCOResults) {
        let (gt, dt) = inParallel(
            { Result { try COCOGroundTruth.read(from: groundTruth) } },
            { Result { try COCOResults.read(from: results) } })
        return (try gt.get(), try dt.get())
    }

    /// Two results files, read in parallel.
    static func read(results first: String, _ second: String) throws -> (COCOResults, COCOResults) {
        let (a, b) = inParallel(
            { Result { try COCOResults.read(from: first) } },
            { Result { try COCOResults.read(from: second) } })
        return (try a.get(), try b.get())
    }
}
