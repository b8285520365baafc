import Recording
import Testing
@testable import Replay

/// A camera sliding 1 cm per frame along x past a bottle at (0, 0, −2); every frame has
/// one detection of it with a 16×16 depth grid (LiDAR 2 m everywhere), tracker id 42.
private func slidingCamera(frames count: Int) -> Recording {
    var rec = Recording()
    for f in 0..<count {
        let camera = SIMD3(0.01 * Double(f), 0, 0)
        let frame = Fixture.frame(Int64(f), at: camera)
        let centre = CameraGeometry.project(SIMD3(0, 0, -2), frame: frame)!.pixel
        let box = PixelBox(x: centre.x - 20, y: centre.y - 40, width: 40, height: 80)
        rec.frames.append(frame)
        rec.detections.append(Detection(id: Int64(f + 1), frame: Int64(f), label: "bottle", score: 0.9, box: box, trackID: 42))
        let u = (0..<256).map { Float(box.x + 1.25 + 2.5 * Double($0 % 16)) }
        let v = (0..<256).map { Float(box.y + 2.5 + 5 * Double($0 / 16)) }
        rec.depthGrids.append(DepthGrid(
            detection: Int64(f + 1), rows: 16, columns: 16, u: u, v: v,
            lidarDepth: [Float](repeating: 2, count: 256), lidarConfidence: [UInt8](repeating: 2, count: 256),
            relativeInverseDepth: [Float](repeating: 0.9, count: 256), inMask: [UInt8](repeating: 1, count: 256)))
    }
    return rec
}

@Suite("Chained replicas on a recording")
struct SpatialReplayTests {
    @Test("A static object seen from a moving camera is one instance at its true place")
    func staticObjectOneInstance() {
        var rec = slidingCamera(frames: 20)
        rec.frames[10].trackingState = .limited
        let result = SpatialReplay.run(rec)
        #expect(result.registry.instances.count == 1)
        // Frames 0 and 1 precede confirmation (3 hits); frame 10 has limited tracking.
        #expect(result.registry.events.map(\.frame) == (2..<20).filter { $0 != 10 }.map(Int64.init))
        #expect(result.registry.events.dropFirst().allSatisfy { $0.kind == .follow && $0.gap! < 1e-6 })
        #expect(result.registry.instances[0].position.distance(to: SIMD3(0, 0, -2)) < 1e-6)
        #expect(result.observations.allSatisfy { $0.fusion.fallback == .illConditioned && abs($0.extent.x - 0.16) < 1e-9 })
    }

    @Test("Track sources: recorded ids and none anchor every detector frame")
    func trackSources() {
        let rec = slidingCamera(frames: 6)
        let recorded = SpatialReplay.run(rec, trackSource: .recorded)
        #expect(recorded.registry.events.count == 6 && recorded.registry.events.dropFirst().allSatisfy { $0.kind == .follow })
        let none = SpatialReplay.run(rec, trackSource: .none)
        #expect(none.registry.events.dropFirst().allSatisfy { $0.kind == .ema })
    }
}

/// A static camera facing a bottle 2 m ahead for 3 s, the detector running on every frame
/// (track source `none`), a depth grid only on frame 0, a 16 × 16 LiDAR map of 2 m (with
/// `confidence`) on every frame, a cup beside the bottle, and a request to be guided to the
/// bottle over frames 30…89.
private func guidedBottle(mapConfidence: UInt8 = 2) -> Recording {
    var rec = Recording()
    for f in Int64(0)..<90 {
        rec.frames.append(Fixture.frame(f))
        let bottle = Detection(id: 2 * f + 1, frame: f, label: "bottle", score: 0.9, box: PixelBox(x: 270, y: 160, width: 100, height: 160))
        rec.detections += [bottle, Detection(id: 2 * f + 2, frame: f, label: "cup", score: 0.9, box: PixelBox(x: 420, y: 200, width: 100, height: 80))]
        rec.lidarMaps.append(LidarMap(frame: f, rows: 16, columns: 16, depth: Array(repeating: 2, count: 256),
                                      confidence: Array(repeating: mapConfidence, count: 256)))
    }
    let box = rec.detections[0].box
    rec.depthGrids = [DepthGrid(
        detection: 1, rows: 16, columns: 16,
        u: (0..<256).map { Float(box.x + 3 + 6 * Double($0 % 16)) }, v: (0..<256).map { Float(box.y + 5 + 10 * Double($0 / 16)) },
        lidarDepth: [Float](repeating: 2, count: 256), lidarConfidence: [UInt8](repeating: 2, count: 256),
        relativeInverseDepth: [Float](repeating: 0.5, count: 256), inMask: [UInt8](repeating: 1, count: 256))]
    rec.groundTruthObjects = [GroundTruthObject(id: 1, label: "bottle", extent: SIMD3(0.07, 0.24, 0.07))]
    rec.guidanceRequests = [CaptureGuidanceRequest(id: 1, fromFrame: 30, toFrame: 89, object: 1)]
    return rec
}

@Suite("Guided-class refresh (spec.md#guidance-class-refresh)")
struct GuidedClassRefreshTests {
    @Test("While guiding, the guided class is re-captured from the LiDAR map once it has gone a period without a capture")
    func recapturesTheGuidedClass() throws {
        let rec = guidedBottle()
        let events = SpatialReplay.run(rec, trackSource: .none).registry.events
        #expect(events.map(\.frame) == [0, 30, 60])  // the grid on frame 0, then one re-capture per second of guidance
        let result = SpatialReplay.run(rec, trackSource: .none)
        #expect(result.observations.map(\.fusion.fallback) == [.illConditioned, .lidarMap, .lidarMap])
        #expect(result.observations.allSatisfy { $0.label == "bottle" && $0.position.distance(to: SIMD3(0, 0, -2)) < 0.01 })
        #expect(result.anchorObservations.count == result.observations.count)
        var faster = ReplayConfiguration()
        faster.guidance.refreshPeriod = 0.5
        #expect(SpatialReplay.run(rec, configuration: faster, trackSource: .none).registry.events.map(\.frame) == [0, 30, 45, 60, 75])
    }

    @Test("No refresh outside the requests, with the period 0, or without confident LiDAR (the fusion's level)")
    func onlyWhileGuiding() {
        var off = ReplayConfiguration()
        off.guidance.refreshPeriod = 0
        #expect(SpatialReplay.run(guidedBottle(), configuration: off, trackSource: .none).registry.events.map(\.frame) == [0])
        var unguided = guidedBottle()
        unguided.guidanceRequests = []
        #expect(SpatialReplay.run(unguided, trackSource: .none).registry.events.map(\.frame) == [0])
        #expect(SpatialReplay.run(guidedBottle(mapConfidence: 1), trackSource: .none).registry.events.map(\.frame) == [0])
    }
}
