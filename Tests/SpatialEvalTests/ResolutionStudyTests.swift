import Foundation
import EvalMetrics
import Recording
import Replay
@testable import EvalResults
@testable import EvalJobs
@testable import EvalReports
@testable import EvalCommandLine
import TestSupport
import Testing

@Suite("Network resolution in the fusion study")
struct ResolutionStudyTests {
    static let recording = try! RecordingStore.read(from: RunReportTests.repository + "/Data/recordings/twins-moved.sqlite")

    @Test("Each box with a fast pass gets the agreement of its samples and the baseline's depth from each pass")
    func perBoxRows() throws {
        let recording = Self.recording
        let results = FusionStudy.run([("twins-moved", recording)], configuration: .init(),
                                      settings: FusionStudySettings(variants: [.app]), bootstrap: BootstrapSettings(replicates: 20))
        let study = results.resolution
        #expect(!study.box.isEmpty && study.box.count == results.boxes.detection.count, "the simulator records a fast pass for every grid")
        let passes = Dictionary(uniqueKeysWithValues: recording.depthNetworkPasses.map { ($0.detection, $0.relativeInverseDepth) })
        let grids = Dictionary(uniqueKeysWithValues: recording.depthGrids.map { ($0.detection, $0) })
        var fuser = VariantFuser()
        for (row, box) in study.box.enumerated().prefix(15) {
            let grid = try #require(grids[results.boxes.detection[Int(box)]])
            let fast = try #require(passes[grid.detection])
            let both = grid.relativeInverseDepth.indices.filter { grid.relativeInverseDepth[$0].isFinite && fast[$0].isFinite }
            let agreement = ResolutionAgreement(low: both.map { Double(fast[$0]) }, high: both.map { Double(grid.relativeInverseDepth[$0]) })
            #expect(study.samples[row] == Int64(both.count) && study.pearsonR[row] == agreement.pearsonR)
            var fastGrid = grid
            fastGrid.relativeInverseDepth = fast
            let fromFast = fuser.fuse(fastGrid, variant: .app).depth ?? .nan
            #expect(study.depthFast[row] == fromFast || (study.depthFast[row].isNaN && fromFast.isNaN))
            #expect(study.depthFull[row] == results.variants[0].depth[Int(box)] || study.depthFull[row].isNaN)
        }
        let pooled = try #require(study.pooled)
        #expect(pooled.count == study.samples.reduce(0) { $0 + Int($1) })
        // The simulated passes differ as the app measured: a few per cent (spec.md#seed-figures: 3.5 %).
        #expect(pooled.meanAbsolutePercentDifference > 2 && pooled.meanAbsolutePercentDifference < 6)
        #expect(pooled.pearsonR > 0.95)
    }

    @Test("A recording without passes gives no resolution rows, and the report says so")
    func withoutPasses() {
        var recording = Self.recording
        recording.depthNetworkPasses = []
        let results = FusionStudy.run([("t", recording)], configuration: .init(), settings: FusionStudySettings(variants: [.app]),
                                      bootstrap: BootstrapSettings(replicates: 20))
        #expect(results.resolution.box.isEmpty && results.resolution.pooled == nil)
        var document = ReportDocument()
        document.fusionResolution(results)
        #expect(document.markdownText.contains("carry no second network pass"))
    }
}
