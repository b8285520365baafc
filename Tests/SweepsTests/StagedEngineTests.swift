import Foundation
import Replay
import Sweeps
import TestSupport
import Testing

@Suite struct StagedEngineTests {
    /// Replaying only the registry over the cached upstream stream gives exactly the
    /// registry (and the judged components) of the whole pipeline run with that configuration.
    @Test func stagedRegistryEqualsTheWholePipeline() throws {
        let input = try SweepFixtures.input("twins-moved")
        let upstream = try SweepStages.upstream(input.recording, configuration: ReplayConfiguration())
        let variants: [AnchorConfiguration] = [
            AnchorConfiguration(), AnchorConfiguration(nearRadius: 0.6, farCosine: 0.8),
            AnchorConfiguration(emaWeight: 0.7, stepClamp: 0.05, consensusMinDistance: 0.2),
        ]
        var distinct = Set<[Double]>()
        for anchors in variants {
            let configuration = ReplayConfiguration(anchors: anchors)
            let staged = SweepStages.registry(upstream, anchors: anchors)
            let whole = SpatialReplay.run(input.recording, configuration: configuration).registry
            #expect(staged.events == whole.events)
            #expect(staged.instances == whole.instances)
            let components = SweepStages.components(registry: staged, upstream: upstream, truth: input.truth)
            #expect(components == (try SweepStages.naive(input.recording, truth: input.truth, configuration: configuration)))
            distinct.insert(components)
        }
        #expect(distinct.count > 1, "the variants must change the outcome, or this test proves nothing")
    }

    @Test func twinPairsAndMovesComeFromTheGroundTruth() throws {
        let input = try SweepFixtures.input("twins-moved")
        #expect(!input.truth.moves.isEmpty, "bottle B is moved in twins-moved")
        let pairs = input.truth.cosinePairs
        #expect(pairs.sameObject.contains(true) && pairs.sameObject.contains(false))
        #expect(pairs.cosines.allSatisfy { $0 >= -1 && $0 <= 1 })
    }

    /// A sweep stopped after its first batch and resumed from the saved checkpoint ends with
    /// the same components as one that ran straight through.
    @Test func interruptedSweepResumesToIdenticalResults() throws {
        let inputs = [try SweepFixtures.input("twins-moved"), try SweepFixtures.input("absence")]
        let plan = try SweepPlan(name: "merge", space: ParameterSpace(axes: [
            SweepAxis(key: "anchors.farCosine", values: [0.8, 0.88, 0.92, 0.96, 0.99]),
            SweepAxis(key: "anchors.nearRadius", values: [0.2, 0.35, 0.5]),
        ]))
        let runner = SweepRunner(plan: plan, inputs: inputs, batchSize: 4)
        var straight = SweepCheckpoint(fingerprint: "f")
        let full = try #require(try runner.run(checkpoint: &straight))

        let folder = try TemporaryDirectory()
        let path = folder.file("sweep.checkpoint.json")
        var first = SweepCheckpoint(fingerprint: "f")
        let stopped = try runner.run(checkpoint: &first) { checkpoint, done in
            try checkpoint.save(to: path)
            return done < 4
        }
        #expect(stopped == nil)
        var loaded = try #require(SweepCheckpoint.load(from: path, fingerprint: "f"))
        #expect(loaded.points == [0, 1, 2, 3])
        #expect(SweepCheckpoint.load(from: path, fingerprint: "other") == nil)
        var resumedBatches = 0
        let resumed = try #require(try runner.run(checkpoint: &loaded) { _, _ in resumedBatches += 1; return true })
        #expect(resumedBatches == 3, "only the 11 remaining points run, in batches of 4")
        #expect(resumed == full)
        #expect(Set(full.components.map { $0[0] }).count > 1, "the swept keys must matter")
    }
}
