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
