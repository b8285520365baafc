import EvalNumerics
import Recording
import Testing
@testable import Simulation

@Suite struct GeometryTests {
    let camera = PinholeCamera.iPhonePortrait

    @Test func projectionFollowsTheDocumentedFormula() throws {
        // A point 2 m ahead, 0.5 m right and 0.25 m up: u = cx + fx·x/(−z), v = cy − fy·y/(−z).
        let pixel = try #require(camera.project(SIMD3(0.5, 0.25, -2)))
        #expect(abs(pixel.x - (720 + 1450 * 0.25)) < 1e-9)
        #expect(abs(pixel.y - (960 - 1450 * 0.125)) < 1e-9)
        #expect(camera.project(SIMD3(0, 0, 1)) == nil, "points behind the camera do not project")
    }

    @Test func projectionAndUnprojectionRoundTrip() throws {
        var random = SplitMix64(seed: 7)
        for _ in 0..<1000 {
            let point = SIMD3(random.uniform(-3, 3), random.uniform(-3, 3), -random.uniform(0.1, 10))
            let pixel = try #require(camera.project(point))
            let back = camera.unproject(u: pixel.x, v: pixel.y, depth: -point.z)
            #expect(length(back - point) < 1e-9 * max(1, length(point)))
        }
    }

    @Test func poseMapsCameraToWorldAndBackAndMatchesItsTransform() {
        var random = SplitMix64(seed: 8)
        for _ in 0..<200 {
            let position = SIMD3(random.uniform(-5, 5), random.uniform(0, 2), random.uniform(-5, 5))
            let target = position + SIMD3(random.uniform(-1, 1), random.uniform(-0.5, 0.5), random.uniform(-1, 1))
            let pose = RigidPose(position: position, lookingAt: target).drifted(yaw: random.uniform(-0.1, 0.1), offset: SIMD3(0.1, 0, -0.2))
            let local = SIMD3(random.uniform(-2, 2), random.uniform(-2, 2), random.uniform(-5, 0))
            let world = pose.worldPoint(fromCamera: local)
            #expect(length(pose.cameraPoint(fromWorld: world) - local) < 1e-9)
            let m = pose.transform
            let viaMatrix = SIMD3(
                m[0, 0] * local.x + m[0, 1] * local.y + m[0, 2] * local.z + m[0, 3],
                m[1, 0] * local.x + m[1, 1] * local.y + m[1, 2] * local.z + m[1, 3],
                m[2, 0] * local.x + m[2, 1] * local.y + m[2, 2] * local.z + m[2, 3])
            #expect(length(viaMatrix - world) < 1e-9)
            #expect(m.orthonormalityError < 1e-12 && abs(m.rotationDeterminant - 1) < 1e-12)
        }
    }

    @Test func lookingAtPointsTheCameraAtTheTarget() throws {
        let pose = RigidPose(position: SIMD3(1, 1.5, 2), lookingAt: SIMD3(-1, 0.5, -3))
        let pixel = try #require(camera.project(pose.cameraPoint(fromWorld: SIMD3(-1, 0.5, -3))))
        #expect(abs(pixel.x - camera.cx) < 1e-9 && abs(pixel.y - camera.cy) < 1e-9)
        #expect(abs(pose.up.y) > 0.9, "the camera stays level")
    }

    @Test func rayCastsHitBoxesAndRoomWalls() {
        let box = Box3(center: SIMD3(0, 0, -3), extent: SIMD3(1, 1, 1))
        #expect(box.entry(origin: .zero, direction: SIMD3(0, 0, -1)) == 2.5)
        #expect(box.entry(origin: .zero, direction: SIMD3(0, 0, 1)) == nil)
        let room = Box3(center: .zero, extent: SIMD3(4, 4, 10))
        #expect(room.exit(origin: .zero, direction: SIMD3(0.1, 0, -1)) == 5)
    }
}
