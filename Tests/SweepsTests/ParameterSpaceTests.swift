import Replay
import Sweeps
import Testing

@Suite struct ParameterSpaceTests {
    @Test func gridIsCOrderOverEveryCombination() {
        let space = ParameterSpace(axes: [SweepAxis(key: "anchors.farCosine", values: [0.9, 0.95]),
                                          SweepAxis(key: "anchors.nearRadius", values: [0.2, 0.3, 0.4])])
        #expect(space.gridShape == [2, 3])
        #expect(space.points == [[0.9, 0.2], [0.9, 0.3], [0.9, 0.4], [0.95, 0.2], [0.95, 0.3], [0.95, 0.4]])
    }

    @Test func rangeIsLinspace() {
        let axis = SweepAxis.range("anchors.stepClamp", from: 0.05, to: 0.5, count: 10)
        #expect(axis.values.count == 10)
        #expect(axis.values.first == 0.05 && axis.values.last == 0.5)
        let steps = zip(axis.values.dropFirst(), axis.values).map { $0 - $1 }
        #expect(steps.allSatisfy { abs($0 - 0.05) < 1e-12 })
    }

    @Test func latinHypercubeFillsEveryStratumOnce() {
        let count = 50
        let space = ParameterSpace(
            axes: [SweepAxis(key: "anchors.farCosine", values: [0.8, 1.0]), SweepAxis(key: "anchors.nearRadius", values: [0.1, 0.6]),
                   SweepAxis(key: "anchors.farRadius", values: [0.5, 2.0])],
            sampling: .latinHypercube(count: count), seed: 7)
        let points = space.points
        #expect(points.count == count)
        #expect(space.gridShape == nil)
        for (a, axis) in space.axes.enumerated() {
            let low = axis.values[0], high = axis.values[1]
            let strata = Set(points.map { min(count - 1, Int((($0[a] - low) / (high - low)) * Double(count))) })
            #expect(strata.count == count, "axis \(axis.key) misses a stratum")
        }
        #expect(space.points == points, "seeded sampling is reproducible")
        let other = ParameterSpace(axes: space.axes, sampling: .latinHypercube(count: count), seed: 8)
        #expect(other.points != points)
    }

    @Test func randomStaysInRangeAndRoundsIntegerKeys() {
        let space = ParameterSpace(
            axes: [SweepAxis(key: "anchors.stepClamp", values: [0.05, 0.5]), SweepAxis(key: "anchors.consensusCount", values: [2, 5])],
            sampling: .random(count: 200), seed: 3)
        for point in space.points {
            #expect(point[0] >= 0.05 && point[0] <= 0.5)
            #expect(point[1] == point[1].rounded() && (2...5).contains(Int(point[1])))
        }
    }

    @Test func keysWriteTheirFieldAndUnknownKeysAreRejected() throws {
        let plan = try SweepPlan(name: "t", space: ParameterSpace(axes: [
            SweepAxis(key: "anchors.farCosine", values: [0.97]), SweepAxis(key: "tracker.detectEvery", values: [2.4])]))
        let configuration = plan.configuration(plan.points[0])
        #expect(configuration.anchors.farCosine == 0.97)
        #expect(configuration.tracker.detectEvery == 2)
        #expect(plan.shipped == [0.92, 1])
        #expect(plan.upstreamSignature(plan.points[0]) == [2.4])
        #expect(throws: SweepPlan.UnknownKey.self) {
            try SweepPlan(name: "t", space: ParameterSpace(axes: [SweepAxis(key: "anchors.noSuchKey", values: [1])]))
        }
    }
}
