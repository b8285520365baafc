import Testing
import Recording

@Suite struct TUMTrajectoryTests {
    private let text = """
        # ground truth trajectory
        # timestamp tx ty tz qx qy qz qw
        1305031102.175304 1.3405 0.6266 1.6575 0.6574 0.6126 -0.2949 -0.3248
        1305031102.211214\t1.3303 0.6256 1.6464 0.6579 0.6161 -0.2932 -0.3189

        1305031102.275326 1.3160 0.6254 1.6302 0.6609 0.6199 -0.2893 -0.3086
        """

    @Test func parsesPosesWithLineNumbers() throws {
        let poses = try TUMTrajectory.parse(text, path: "gt.txt")
        #expect(poses.map(\.line) == [3, 4, 6])
        #expect(poses[1].time == 1305031102.211214)
        #expect(poses[0].translation == SIMD3(1.3405, 0.6266, 1.6575))
    }

    @Test func posesAreRigidAndFlipTheCameraAxes() throws {
        let poses = try TUMTrajectory.parse(text, path: "gt.txt")
        let frames = TUMTrajectory.frames(
            poses, intrinsics: CameraIntrinsics(fx: 525, fy: 525, cx: 319.5, cy: 239.5), width: 640, height: 480)
        let recording = Recording(frames: frames)
        #expect(RecordingValidator().problems(in: recording) == [])
        // Identity quaternion: the TUM camera looks down +z, ours down −z with y flipped.
        let identity = try TUMTrajectory.parse("0 1 2 3 0 0 0 1", path: "x")[0].worldFromCamera
        #expect(identity.rowMajor == [1, 0, 0, 1, 0, -1, 0, 2, 0, 0, -1, 3, 0, 0, 0, 1])
    }

    @Test(arguments: [
        ("0 1 2 3 0 0 0", "expected 8 fields"),
        ("0 1 2 nan 0 0 0 1", "'nan' is not a finite number"),
        ("0 1 2 3 0 0 0 0", "quaternion has zero length"),
        ("5 0 0 0 0 0 0 1\n4 0 0 0 0 0 0 1", "is not after"),
    ])
    func badLinesAreLocated(input: String, expected: String) {
        let error = #expect(throws: InputError.self) { try TUMTrajectory.parse(input, path: "traj.txt") }
        #expect(error?.file == "traj.txt")
        #expect(error?.line == input.split(separator: "\n").count)
        #expect(error?.message.contains(expected) == true)
    }
}

@Suite("TUM timestamp order")
struct TUMTimestampOrderTests {
    @Test("a repeated timestamp is refused for frames but accepted as evo accepts it; a decreasing one never")
    func order() throws {
        let repeated = "0 0 0 0 0 0 0 1\n0 1 0 0 0 0 0 1\n"
        #expect(throws: InputError.self) { try TUMTrajectory.parse(repeated, path: "t.txt") }
        #expect(try TUMTrajectory.parse(repeated, path: "t.txt", order: .nonDecreasing).count == 2)
        #expect(throws: InputError(file: "t.txt", line: 2, message: "timestamp 0.5 is not after the previous line's 1.0")) {
            try TUMTrajectory.parse("1 0 0 0 0 0 0 1\n0.5 0 0 0 0 0 0 1\n", path: "t.txt", order: .nonDecreasing)
        }
    }
}
