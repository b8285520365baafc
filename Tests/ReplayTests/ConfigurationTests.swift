import Foundation
import Testing
@testable import Replay

@Suite("Replay configuration")
struct ConfigurationTests {
    @Test("Defaults are the shipped constants of spec.md#shipped-constants")
    func defaultsAreShippedConstants() {
        let c = ReplayConfiguration()
        #expect(c.anchors.stepClamp == 0.15)
        #expect(c.anchors.nearCosine == 0.80 && c.anchors.nearRadius == 0.35)
        #expect(c.anchors.farCosine == 0.92 && c.anchors.farRadius == 1.0)
        #expect(c.anchors.consensusCount == 3 && c.anchors.consensusMinDistance == 0.5 && c.anchors.consensusAgreement == 0.3)
        #expect(c.depthFusion.minPairs == 8 && c.depthFusion.outlierSigmas == 2 && c.depthFusion.conditioningEpsilon == 1e-6)
        #expect(c.depthFusion.minLidarDepth == 0.1 && c.depthFusion.maxLidarDepth == 8)
        #expect(c.absence.budgetPerPass == 3 && c.absence.absentSamples == 3 && c.absence.minSampleSpacing == 1)
        #expect(c.absence.rangePerSize == 10 && c.absence.minRange == 2 && c.absence.maxRange == 4)
        #expect(c.guidance.lockOnRadius == 0.35 && c.guidance.arrivalRadius == 0.85 && c.guidance.departureRadius == 1.1)
        let rogue = LabelAnchoringConfiguration()
        #expect(rogue.radiusPerMetre == 0.15 && rogue.confirmHits == 3 && rogue.emaWeight == 0.25)
    }

    @Test("A configuration round-trips through JSON")
    func codableRoundTrip() throws {
        var c = ReplayConfiguration()
        c.tracker.detectEvery = 4
        c.anchors.stepClamp = 0.2
        let data = try JSONEncoder().encode(c)
        #expect(try JSONDecoder().decode(ReplayConfiguration.self, from: data) == c)
    }

    @Test("Keys a JSON object leaves out keep their shipped defaults")
    func partialJSONKeepsDefaults() throws {
        let json = #"{"anchors": {"stepClamp": 0.2}, "tracker": {"detectEvery": 3}}"#
        let c = try ConfigurationDecoding.decode(ReplayConfiguration.self, from: Data(json.utf8), defaults: ReplayConfiguration())
        var expected = ReplayConfiguration()
        expected.anchors.stepClamp = 0.2
        expected.tracker.detectEvery = 3
        #expect(c == expected)
        #expect(try ConfigurationDecoding.decode(
            LabelAnchoringConfiguration.self, from: Data("{}".utf8), defaults: LabelAnchoringConfiguration()) == LabelAnchoringConfiguration())
        #expect(throws: ConfigurationDecoding.Mismatch.self) {
            try ConfigurationDecoding.decode(ReplayConfiguration.self, from: Data(#"{"anchors": 3}"#.utf8), defaults: ReplayConfiguration())
        }
    }
}
