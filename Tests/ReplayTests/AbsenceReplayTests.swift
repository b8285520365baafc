import Recording
import Testing
@testable import Replay

/// A 4 × 4 LiDAR map of frame `index`, every sample at `depth` with `confidence`.
private func map(_ index: Int64, depth: Float, confidence: UInt8 = 2) -> LidarMap {
    LidarMap(frame: index, rows: 4, columns: 4, depth: Array(repeating: depth, count: 16), confidence: Array(repeating: confidence, count: 16))
}

/// One bottle observed at 1.5 m straight ahead on frame 0 (a registry of one instance),
/// then `frames` frames at 10 Hz with a LiDAR map of `depth` on each.
private func scene(label: String = "bottle", frames count: Int64 = 40, depth: Float = 3, reobserveAt: Int64? = nil,
                   limitedTracking: Set<Int64> = []) -> (Recording, AnchorRegistry) {
    var frames = (0..<count).map { index -> Frame in
        var frame = Fixture.frame(index * 3)
        frame.time = Double(index) / 10
        if limitedTracking.contains(index) { frame.trackingState = .limited }
        return frame
    }
    frames[0].detectorRan = true
    var registry = AnchorRegistry()
    for index in [Int64(0)] + (reobserveAt.map { [$0] } ?? []) {
        registry.observe(AnchorObservation(
            frame: index * 3, time: Double(index) / 10, label: label, position: SIMD3(0, 0, -1.5), extent: SIMD2(0.07, 0.25)))
    }
    let maps = frames.map { map($0.index, depth: depth) }
    return (Recording(frames: frames, lidarMaps: maps), registry)
}

@Suite("Absence replay over a recording (spec.md#absence-over-recording)")
struct AbsenceReplayTests {
    @Test("LiDAR sees past the anchor: three samples ≥ 1 s apart flag it missing")
    func flagsAfterThreeSpacedSamples() throws {
        let (recording, registry) = scene()
        let looks = AbsenceReplay.run(recording, registry: registry)
        #expect(looks.allSatisfy { $0.look == .absent && $0.instance == 0 })
        let flip = try #require(looks.first { $0.flipped })
        #expect(flip.missing && abs(flip.time - 2.0) < 1e-9, "third counted sample at t = 0, 1, 2 s")
        #expect(looks.filter(\.flipped).count == 1)
    }

    @Test("A registry update of the instance is a sighting: the count starts again")
    func reobservationResets() throws {
        let (recording, registry) = scene(reobserveAt: 15)
        let looks = AbsenceReplay.run(recording, registry: registry)
        let flip = try #require(looks.first { $0.flipped })
        #expect(abs(flip.time - 3.5) < 1e-9, "samples at 1.5, 2.5 and 3.5 s after the sighting at 1.5 s")
    }

    @Test("Frames without a LiDAR map, or without normal tracking, take no look")
    func needsMapAndTracking() {
        var (recording, registry) = scene(limitedTracking: Set(0..<40))
        #expect(AbsenceReplay.run(recording, registry: registry).isEmpty)
        (recording, registry) = scene()
        recording.lidarMaps = []
        #expect(AbsenceReplay.run(recording, registry: registry).isEmpty)
    }

    @Test("An occluder nearer than the anchor, or low-confidence depth, is no evidence")
    func occludedOrUnconfident() {
        var (recording, registry) = scene(depth: 1.0)
        #expect(AbsenceReplay.run(recording, registry: registry).allSatisfy { $0.look == .noEvidence(.occluded) })
        (recording, registry) = scene()
        recording.lidarMaps = recording.lidarMaps.map { map($0.frame, depth: 3, confidence: 0) }
        #expect(AbsenceReplay.run(recording, registry: registry).allSatisfy { $0.look == .noEvidence(.noDepth) })
    }

    @Test("Persons are exempt")
    func personsExempt() {
        let (recording, registry) = scene(label: "person")
        #expect(AbsenceReplay.run(recording, registry: registry).isEmpty)
    }
}

@Suite("LiDAR map lookup")
struct LidarMapTests {
    @Test("The nearest sample answers; NaN, low confidence and pixels outside the image do not")
    func nearestSample() {
        var grid = LidarMap(frame: 0, rows: 2, columns: 2, depth: [1, 2, 3, .nan], confidence: [2, 2, 0, 2])
        #expect(grid.depth(at: SIMD2(10, 10), width: 640, height: 480) == 1)
        #expect(grid.depth(at: SIMD2(639, 10), width: 640, height: 480) == 2)
        #expect(grid.depth(at: SIMD2(10, 479), width: 640, height: 480) == 3)
        #expect(grid.depth(at: SIMD2(10, 479), width: 640, height: 480, minimumConfidence: 1) == nil)
        #expect(grid.depth(at: SIMD2(600, 400), width: 640, height: 480) == nil)
        #expect(grid.depth(at: SIMD2(-1, 10), width: 640, height: 480) == nil)
        #expect(grid.depth(at: SIMD2(640, 10), width: 640, height: 480) == nil)
        grid.depth[0] = 5
        #expect(grid.pixel(row: 0, column: 1, width: 640, height: 480) == SIMD2(480, 120))
        #expect(grid.depth(at: grid.pixel(row: 0, column: 0, width: 640, height: 480), width: 640, height: 480) == 5)
    }
}
