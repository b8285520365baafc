import Recording
import Testing
@testable import Simulation

@Suite struct GroundTruthTests {
    /// Every gt box must contain the projection of its object's centre (from the recorded
    /// placement and the frame's true pose) whenever that centre is in the image.
    @Test(arguments: ["twins", "walkaway"])
    func everyBoxContainsItsObjectsProjectedCentre(fixture: String) throws {
        let capture = fixture == "twins" ? SimulationFixtures.twins : SimulationFixtures.walkaway
        let camera = CaptureSimulator().configuration.camera
        let recording = capture.recording
        var checked = 0
        for box in recording.groundTruthBoxes {
            let offset = Int(box.frame - 1)
            let time = recording.frames[offset].time
            let placement = try #require(
                SimulationFixtures.placement(of: box.object, at: time, in: recording),
                "box \(box.id) shows object \(box.object) at \(time) s, when it has no placement")
            let pose = capture.cameras[offset].truePose
            let pixel = try #require(camera.project(pose.cameraPoint(fromWorld: placement.position)), "object behind the camera")
            guard pixel.x >= 0, pixel.y >= 0, pixel.x <= Double(camera.width), pixel.y <= Double(camera.height) else { continue }
            let b = box.box
            #expect(pixel.x >= b.x - 1e-6 && pixel.x <= b.x + b.width + 1e-6 && pixel.y >= b.y - 1e-6 && pixel.y <= b.y + b.height + 1e-6,
                    "box \(box.id) of object \(box.object) misses its centre \(pixel)")
            #expect((0...1).contains(box.visibility))
            checked += 1
        }
        #expect(checked > recording.groundTruthBoxes.count / 2)
    }

    @Test func recordedPosesDriftWithDistanceButStartAtTheOrigin() throws {
        let cameras = SimulationFixtures.walkaway.cameras
        let first = try #require(cameras.first)
        #expect(length(first.recordedPose.position) < 1e-12 && length(first.truePose.position) < 1e-12)
        let last = try #require(cameras.last)
        let error = length(last.recordedPose.position - last.truePose.position)
        #expect(last.travelled > 15, "the protocol walks the room")
        #expect(error > 0.001 && error < 1.0, "drift after \(last.travelled) m: \(error) m")
    }

    @Test func movesAndRemovalsAreLabelledAtKnownTimes() throws {
        let recording = SimulationFixtures.walkaway.recording
        let cup = recording.groundTruthPlacements.filter { $0.object == 6 }
        #expect(cup.count == 2)
        let jump = length(cup[1].position - cup[0].position)
        let range = LayoutModel().moveDistanceRange
        #expect(jump >= range[0] - 1e-9 && jump <= range[1] + 1e-9, "the cup moves a drawn distance: \(jump) m")
        #expect(cup[0].to == cup[1].from && cup[0].to == FurnishedRoom.moveTime)
        let phone = recording.groundTruthPlacements.filter { $0.object == 7 }
        #expect(phone.count == 1 && phone[0].to == FurnishedRoom.removeTime)
        let lateFrames = Set(recording.frames.filter { $0.time >= FurnishedRoom.removeTime }.map(\.index))
        #expect(!recording.groundTruthBoxes.contains { $0.object == 7 && lateFrames.contains($0.frame) })
        let twins = recording.groundTruthObjects.filter { $0.twinGroup != nil }
        #expect(twins.count == 4 && Set(twins.compactMap(\.twinGroup)).count == 2)
    }

    @Test func objectsAreOnlyBoxedFromInsideTheirRoom() throws {
        let capture = CaptureSimulator().simulate(.multiRoom, seed: 2, duration: 30)
        let recording = capture.recording
        var seenPerRoom = [0, 0]
        for box in recording.groundTruthBoxes {
            let camera = capture.cameras[Int(box.frame - 1)]
            let object = try #require(capture.scene.objects.first { $0.id == box.object })
            let centre = try #require(object.position(at: camera.time))
            let cameraRoom = try #require(capture.scene.rooms.firstIndex { $0.interior.contains(camera.truePose.position) })
            #expect(capture.scene.rooms[cameraRoom].interior.contains(centre), "object \(object.id) seen through a wall")
            seenPerRoom[cameraRoom] += 1
        }
        #expect(seenPerRoom.allSatisfy { $0 > 100 }, "the walk visits both rooms: \(seenPerRoom)")
    }

    @Test func aNearerObjectHidesTheOneBehind() {
        let camera = PinholeCamera.iPhonePortrait
        let projector = GroundTruthProjector(camera: camera, rules: GroundTruthRules())
        let far = SceneObject(id: 1, kind: .bottle, description: "far", at: SIMD3(0, 0, -3))
        let near = SceneObject(id: 2, kind: .monitor, description: "near", at: SIMD3(0, 0, -1.5))
        let scene = Scene(
            name: "t", summary: "t", rooms: [], objects: [far, near],
            path: CameraPath(keyframes: [key(0, .zero, SIMD3(0, 0, -1))]), lighting: .normal, captureProtocol: "t")
        let sightings = projector.sightings(of: scene, pose: RigidPose(position: .zero, lookingAt: SIMD3(0, 0, -1)), time: 0)
        #expect(sightings.count == 2)
        #expect(sightings.first { $0.object == 1 }?.visibility == 0)
        #expect(sightings.first { $0.object == 2 }?.visibility == 1)
    }
}
