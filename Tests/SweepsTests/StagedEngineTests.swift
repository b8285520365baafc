import Foundation
import Evaluation
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
        let variants: [ReplayConfiguration] = [
            ReplayConfiguration(), ReplayConfiguration(anchors: AnchorConfiguration(nearRadius: 0.6, farCosine: 0.8)),
            ReplayConfiguration(anchors: AnchorConfiguration(emaWeight: 0.7, stepClamp: 0.05, consensusMinDistance: 0.2),
                                absence: AbsenceConfiguration(rangePerSize: 30, maxRange: 8), guidance: GuidanceConfiguration(lockOnRadius: 1.5)),
        ]
        var distinct = Set<[Double]>()
        for configuration in variants {
            let anchors = configuration.anchors
            let staged = SweepStages.registry(upstream, anchors: anchors)
            let whole = SpatialReplay.run(input.recording, configuration: configuration).registry
            #expect(staged.events == whole.events)
            #expect(staged.instances == whole.instances)
            let components = SweepStages.evaluate(
                registry: staged, upstream: upstream, recording: input.recording, truth: input.truth, configuration: configuration)
            #expect(components == (try SweepStages.naive(input.recording, truth: input.truth, configuration: configuration)))
            distinct.insert(components)
        }
        #expect(distinct.count > 1, "the variants must change the outcome, or this test proves nothing")
    }

    /// Grids for ``runnerReuseEqualsNaivePerPoint(axes:)``. The first sweeps every stage. In the
    /// second the fastest axis is an upstream constant (the tracker's IoU gate) whose two values
    /// leave the registry making the same updates but change the tracking scores, so chunks
    /// hold equal registries over different upstream outputs, which the runner must not share.
    static let reuseGrids: [[SweepAxis]] = [
        [SweepAxis(key: "tracker.detectEvery", values: [1, 2]),
         SweepAxis(key: "anchors.nearRadius", values: [0.2, 0.5, 0.52]),
         SweepAxis(key: "guidance.lockOnRadius", values: [0.35, 1.5]),
         SweepAxis(key: "absence.absentSamples", values: [1, 2, 3])],
        [SweepAxis(key: "anchors.nearRadius", values: [0.35, 0.5]),
         SweepAxis(key: "guidance.lockOnRadius", values: [0.35, 1.5]),
         SweepAxis(key: "tracker.iouGate", values: [0.3, 0.31])],
    ]

    /// The runner's reuse of registry, absence and lock-on outputs between points gives what
    /// the whole pipeline gives point by point, with every stage swept.
    @Test(arguments: reuseGrids)
    func runnerReuseEqualsNaivePerPoint(axes: [SweepAxis]) throws {
        let inputs = [try SweepFixtures.input("absence"), try SweepFixtures.input("twins-moved")]
        let plan = try SweepPlan(name: "reuse", space: ParameterSpace(axes: axes))
        let outcome = try #require(try SweepRunner(plan: plan, inputs: inputs, batchSize: 1).run()).outcome
        var upstreamOf: [[Double]: [UpstreamOutput]] = [:]  // tracker + fusion per upstream key, as in the test above
        var naive: [[[Double]]] = []
        for (p, values) in plan.points.enumerated() {
            let configuration = plan.configuration(values)
            let key = plan.upstreamKey(values)
            if upstreamOf[key] == nil {
                upstreamOf[key] = try inputs.map { try SweepStages.upstream($0.recording, configuration: configuration) }
            }
            let fresh = zip(inputs, upstreamOf[key]!).map { input, up in
                SweepStages.evaluate(registry: SweepStages.registry(up, anchors: configuration.anchors), upstream: up,
                                     recording: input.recording, truth: input.truth, configuration: configuration)
            }
            #expect(Array(outcome.components[p]) == fresh, "point \(values)")
            naive.append(fresh)
        }
        let lastAxis = try #require(axes.last).values.count
        let changedByLastAxis = stride(from: 0, to: plan.points.count, by: lastAxis).contains { first in
            Set(naive[first..<first + lastAxis]).count > 1
        }
        #expect(changedByLastAxis, "the fastest axis must change the components, or the reuse across it is untested")
    }

    /// The runner's test of "the same updates" (all but the events' appearance compared)
    /// agrees with full equality of the events, and both answers occur over the constants tried.
    @Test func sameUpdatesAgreesWithEqualEvents() throws {
        let input = try SweepFixtures.input("twins-moved")
        let upstream = try SweepStages.upstream(input.recording, configuration: ReplayConfiguration())
        let registries = [0.2, 0.35, 0.36, 0.5, 0.52].flatMap { radius in
            [0.8, 0.9, 0.91].map { SweepStages.registry(upstream, anchors: AnchorConfiguration(nearRadius: radius, farCosine: $0)) }
        }
        var answers = Set<Bool>()
        for a in registries {
            for b in registries {
                let same = a.madeSameUpdates(as: b)
                #expect(same == (a.events == b.events && a.instances == b.instances))
                answers.insert(same && a.configuration != b.configuration)
                answers.insert(same)
            }
        }
        #expect(answers == [true, false], "both answers must occur, the first between different constants")
    }

    /// The same-updates region is sound at its edges (Docs/sweeps.md#same-updates-region): each
    /// of the six constants moved to either end of its interval (the last value inside), alone
    /// and all together, replays to exactly the same events and instances; just outside, the
    /// registry no longer claims it. Over these recordings and base constants the region must
    /// have finite ends to probe, or this test proves little.
    @Test func sameUpdatesRegionHoldsAtItsEdges() throws {
        let bases = [AnchorConfiguration(), AnchorConfiguration(nearRadius: 0.6, farCosine: 0.8),
                     AnchorConfiguration(stepClamp: 0.05, consensusMinDistance: 0.2, consensusAgreement: 0.5)]
        typealias Key = WritableKeyPath<AnchorConfiguration, Double>
        var probed = 0
        for name in ["twins-moved", "absence", "walkaway-reapproach"] {
            let input = try SweepFixtures.input(name)
            let upstream = try SweepStages.upstream(input.recording, configuration: ReplayConfiguration())
            for base in bases {
                let registry = SweepStages.registry(upstream, anchors: base)
                let region = registry.sameUpdatesRegion
                #expect(region.contains(base), "a registry's own constants lie in its region")
                func ends(_ r: RadiusInterval) -> (inside: [Double], outside: [Double]) {
                    ([r.atLeast, r.below.nextDown].filter(\.isFinite), [r.atLeast.nextDown, r.below].filter(\.isFinite))
                }
                func ends(_ t: ThresholdInterval) -> (inside: [Double], outside: [Double]) {
                    ([t.above.nextUp, t.atMost].filter(\.isFinite), [t.above, t.atMost.nextUp].filter(\.isFinite))
                }
                let edges: [(Key, (inside: [Double], outside: [Double]))] = [
                    (\.nearRadius, ends(region.nearRadius)), (\.nearCosine, ends(region.nearCosine)),
                    (\.farCosine, ends(region.farCosine)), (\.stepClamp, ends(region.stepClamp)),
                    (\.consensusMinDistance, ends(region.consensusMinDistance)),
                    (\.consensusAgreement, ends(region.consensusAgreement)),
                ]
                var lowest = base, highest = base
                var probes: [AnchorConfiguration] = []
                for (key, end) in edges {
                    for value in end.inside {
                        var c = base
                        c[keyPath: key] = value
                        probes.append(c)
                    }
                    if let low = end.inside.first { lowest[keyPath: key] = low }
                    if let high = end.inside.last { highest[keyPath: key] = high }
                    for value in end.outside {
                        var c = base
                        c[keyPath: key] = value
                        #expect(!registry.wouldMakeSameUpdates(under: c), "\(name): \(key) = \(value) lies outside the region")
                    }
                }
                for probe in probes + [lowest, highest] {
                    #expect(registry.wouldMakeSameUpdates(under: probe))
                    let replayed = SweepStages.registry(upstream, anchors: probe)
                    #expect(replayed.events == registry.events && replayed.instances == registry.instances,
                            "\(name): \(probe) lies in the region of \(base) but made other updates")
                    probed += 1
                }
                var other = base
                other.farRadius += 0.01
                #expect(!registry.wouldMakeSameUpdates(under: other), "a constant outside the six must be equal")
            }
        }
        #expect(probed > 60, "the regions must have finite ends to probe")
    }

    @Test func twinPairsAndMovesComeFromTheGroundTruth() throws {
        let input = try SweepFixtures.input("twins-moved")
        // A move is a new placement more than RecordingTruth.moveDistance from the previous one.
        var expected: [Int64] = []
        let placements = input.recording.groundTruthPlacements.sorted { ($0.object, $0.from) < ($1.object, $1.from) }
        for (previous, next) in zip(placements, placements.dropFirst()) where previous.object == next.object {
            let d = next.position - previous.position
            if (d * d).sum().squareRoot() > RecordingTruth.moveDistance { expected.append(next.object) }
        }
        #expect(input.truth.moves.map(\.object).sorted() == expected.sorted())
        #expect(input.recording.groundTruthPlacements.filter { $0.object == 2 }.count == 2, "bottle B is moved in twins-moved")
        let pairs = input.truth.cosinePairs
        #expect(pairs.sameObject.contains(true) && pairs.sameObject.contains(false))
        #expect(pairs.cosines.allSatisfy { $0 >= -1 && $0 <= 1 })
    }

    /// A sweep stopped after its first batch of recordings and resumed from the saved
    /// checkpoint ends with the same components as one that ran straight through, running only
    /// the recordings the checkpoint does not hold.
    @Test func interruptedSweepResumesToIdenticalResults() throws {
        let inputs = [try SweepFixtures.input("twins-moved"), try SweepFixtures.input("absence"), try SweepFixtures.input("low-light")]
        let plan = try SweepPlan(name: "merge", space: ParameterSpace(axes: [
            SweepAxis(key: "anchors.farCosine", values: [0.8, 0.88, 0.92, 0.96, 0.99]),
            SweepAxis(key: "anchors.nearRadius", values: [0.02, 0.35, 0.5]),
        ]))
        let runner = SweepRunner(plan: plan, inputs: inputs, batchSize: 2)
        let full = try #require(try runner.run())
        #expect(full.resumed == 0 && full.summaries.keys.sorted() == [0, 1, 2])

        let folder = try TemporaryDirectory()
        let path = folder.file("sweep.checkpoint")
        let stopped = try runner.run(checkpoint: (path, "f")) { done, total in
            #expect(total == 3)
            return done < 2
        }
        #expect(stopped == nil)
        let file = SweepPassCheckpoint(path: path, fingerprint: "f", points: Array(plan.points.indices), recordings: 3)
        var saved: [Int: [Double]] = [:]
        #expect(file.resume { saved[$0] = Array($1) } == [0, 1], "the first batch, two recordings, is saved")
        #expect(saved[1] == plan.points.indices.flatMap { full.outcome.components[$0][1] })
        let other = SweepPassCheckpoint(path: path, fingerprint: "other", points: Array(plan.points.indices), recordings: 3)
        #expect(other.resume { _, _ in } == [], "another fingerprint is another pass")
        var resumedBatches = 0
        let resumed = try #require(try runner.run(checkpoint: (path, "f")) { done, _ in
            resumedBatches += 1
            #expect(done == 3)
            return true
        })
        #expect(resumedBatches == 1, "only the third recording runs")
        #expect(resumed.resumed == 2 && resumed.summaries.keys.sorted() == [2])
        #expect(resumed.outcome == full.outcome)
        #expect(Set(full.outcome.components).count > 1, "the swept keys must matter")
    }
}
