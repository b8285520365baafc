import Foundation
import EvalMetrics
import EvalNumerics
import Recording
import Testing

/// The repository root of this checkout.
private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The evo test data (`SPATIAL_EVAL_REFERENCE_DATA`, else shared/data/reference beside the checkout).
private let evoData: String = (ProcessInfo.processInfo.environment["SPATIAL_EVAL_REFERENCE_DATA"]
    ?? repository.deletingLastPathComponent().appendingPathComponent("shared/data/reference").path) + "/evo_testdata"

/// The simulator's pose-error source (`Data/error-models/pose-residuals.json`, derived in numpy)
/// agrees with the package's own association and Umeyama SE(3) alignment (`EvalMetrics`,
/// conformant with evo) on the same TUM files.
@Suite struct PoseResidualSourceTests {
    @Test(.enabled(if: FileManager.default.fileExists(atPath: evoData), "needs the reference data"))
    func derivedResidualsMatchTheAbsoluteTrajectoryError() throws {
        let data = try Data(contentsOf: repository.appendingPathComponent("Data/error-models/pose-residuals.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let sequences = try #require(json["sequences"] as? [[String: Any]])
        #expect(sequences.count == 2)
        for sequence in sequences {
            let truth = try TUMTrajectory.read(path: evoData + "/" + (sequence["truth"] as! String), order: .nonDecreasing)
            let estimate = try TUMTrajectory.read(path: evoData + "/" + (sequence["estimate"] as! String), order: .nonDecreasing)
            let ate = try AbsoluteTrajectoryError(reference: truth, estimate: estimate, alignment: .se3)
            #expect(ate.association.count == sequence["associated_poses"] as? Int, "\(sequence["name"]!)")
            let rmse = try #require(sequence["ate_rmse_m"] as? Double)
            #expect(abs(ate.statistics.rmse - rmse) < 1e-5, "\(sequence["name"]!): EvalMetrics \(ate.statistics.rmse), derive.py \(rmse)")
        }
    }
}
