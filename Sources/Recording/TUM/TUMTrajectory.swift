import Foundation

/// One pose of a TUM RGB-D trajectory file: `timestamp tx ty tz qx qy qz qw`.
public struct TUMPose: Equatable, Sendable {
    /// Timestamp in seconds.
    public var time: Double
    /// Camera centre in the trajectory's world frame, metres.
    public var translation: SIMD3<Double>
    /// Unit quaternion (x, y, z, w) rotating camera axes into the world frame.
    public var quaternion: SIMD4<Double>
    /// 1-based line number in the file.
    public var line: Int

    /// Creates a pose from its parts.
    public init(time: Double, translation: SIMD3<Double>, quaternion: SIMD4<Double>, line: Int) {
        self.time = time
        self.translation = translation
        self.quaternion = quaternion
        self.line = line
    }

    /// The pose as `world_from_camera` in the recording's camera convention.
    ///
    /// TUM cameras look down +z with y down (the OpenCV convention); recordings use
    /// x right, y up, looking down −z, so the camera's y and z axes are negated. The
    /// world frame is kept as the trajectory defines it (TUM worlds are not y-up).
    public var worldFromCamera: Transform4x4 {
        Transform4x4(quaternion: quaternion, translation: translation).flippingCameraYZ
    }
}

/// Reads TUM RGB-D benchmark trajectories (`groundtruth.txt`, estimated trajectories).
///
/// Lines are `timestamp tx ty tz qx qy qz qw`, separated by spaces or tabs (commas are
/// also accepted); blank lines and lines starting with `#` are skipped.
public enum TUMTrajectory {
    /// How consecutive timestamps must relate.
    public enum TimestampOrder: Sendable {
        /// Each timestamp after the previous one (recording frames need this).
        case increasing
        /// A timestamp may repeat the previous one, as evo accepts (TUM's `fr2_desk`
        /// ground truth has repeats); only a decreasing one is refused.
        case nonDecreasing
    }

    /// Reads the trajectory at `path`.
    public static func read(path: String, order: TimestampOrder = .increasing) throws(InputError) -> [TUMPose] {
        try parse(TextFile.text(path, kind: "a TUM trajectory"), path: path, order: order)
    }

    /// Parses trajectory text; `path` is used in messages only.
    /// - Throws: `InputError` at the line of a malformed, non-finite, zero-quaternion or
    ///   out-of-order pose (see ``TimestampOrder``).
    public static func parse(_ text: String, path: String, order: TimestampOrder = .increasing) throws(InputError) -> [TUMPose] {
        var poses: [TUMPose] = []
        for (index, rawLine) in TextFile.lines(text).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," })
            func fail(_ message: String) -> InputError { InputError(file: path, line: index + 1, message: message) }
            guard fields.count == 8 else { throw fail("expected 8 fields (timestamp tx ty tz qx qy qz qw), found \(fields.count)") }
            var numbers: [Double] = []
            for field in fields {
                guard let number = Double(field), number.isFinite else { throw fail("'\(TextFile.excerpt(field))' is not a finite number") }
                numbers.append(number)
            }
            let quaternion = SIMD4(numbers[4], numbers[5], numbers[6], numbers[7])
            guard (quaternion * quaternion).sum() > 1e-12 else { throw fail("quaternion has zero length") }
            if let previous = poses.last, numbers[0] < previous.time || (order == .increasing && numbers[0] == previous.time) {
                throw fail("timestamp \(TextFile.excerpt(fields[0])) is not after the previous line's \(previous.time)")
            }
            poses.append(TUMPose(
                time: numbers[0], translation: SIMD3(numbers[1], numbers[2], numbers[3]),
                quaternion: quaternion, line: index + 1))
        }
        return poses
    }

    /// Recording frames for `poses`, numbered from `firstIndex`, all with the same camera.
    public static func frames(
        _ poses: [TUMPose], intrinsics: CameraIntrinsics, width: Int, height: Int, firstIndex: Int64 = 0
    ) -> [Frame] {
        poses.enumerated().map { offset, pose in
            Frame(index: firstIndex + Int64(offset), time: pose.time, detectorRan: false,
                  pose: pose.worldFromCamera, intrinsics: intrinsics, width: width, height: height)
        }
    }
}
