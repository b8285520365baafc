import Recording

/// The quarter turn that brings a capture's sensor image upright (`spec.md#capture-import`).
///
/// An iPhone's camera sensor is landscape: ARKit's camera frame, intrinsics and depth maps
/// describe the sensor image, whatever way the phone was held. The recording format wants the
/// upright image, the one whose up is the world's up. One turn is chosen per recording
/// (``choose(for:)``): the one that brings the world's up direction, seen in the camera frame
/// and averaged over the frames, closest to the image's up. A capture held in landscape stays
/// as it is; one held in portrait is turned to portrait. Turning the image by a quarter turn
/// clockwise turns the camera frame with it (new x = old y, new y = −old x, z kept), so
/// `world_from_camera`, the intrinsics and the maps change together and every pixel still sees
/// the same world point.
public enum UprightTurn: Int, CaseIterable, Sendable {
    /// The sensor image is upright.
    case none = 0
    /// Turn a quarter clockwise.
    case clockwise = 1
    /// Turn half way round.
    case half = 2
    /// Turn a quarter counter-clockwise.
    case counterclockwise = 3

    /// How the turn is written in `meta.image_turn`.
    public var name: String {
        switch self {
        case .none: "none"
        case .clockwise: "quarter turn clockwise"
        case .half: "half turn"
        case .counterclockwise: "quarter turn counter-clockwise"
        }
    }

    /// The turn for frames with these `world_from_camera` poses (sensor camera frame): the one
    /// whose image up lies nearest the mean direction of the world's up (+y) in the camera's
    /// image plane; `.none` on a tie or without poses.
    public static func choose(for poses: [Transform4x4]) -> UprightTurn {
        // The world's up in camera coordinates is the second row of the rotation.
        var up = SIMD2<Double>(0, 0)
        for pose in poses where pose.isFinite { up += SIMD2(pose[1, 0], pose[1, 1]) }
        // After k clockwise quarter turns the image's up is, in the sensor camera frame:
        let imageUp: [SIMD2<Double>] = [SIMD2(0, 1), SIMD2(-1, 0), SIMD2(0, -1), SIMD2(1, 0)]
        var best = UprightTurn.none, bestDot = (up * imageUp[0]).sum()
        for turn in allCases.dropFirst() where (up * imageUp[turn.rawValue]).sum() > bestDot {
            best = turn
            bestDot = (up * imageUp[turn.rawValue]).sum()
        }
        return best
    }

    /// The turn that undoes this one.
    public var inverse: UprightTurn { UprightTurn(rawValue: (4 - rawValue) % 4) ?? .none }

    /// `pose` (`world_from_camera` of the unturned image's camera) for the turned image.
    public func turned(_ pose: Transform4x4) -> Transform4x4 {
        var result = pose
        for _ in 0..<rawValue {
            let previous = result
            for row in 0..<3 {
                result[row, 0] = previous[row, 1]
                result[row, 1] = -previous[row, 0]
            }
        }
        return result
    }

    /// Intrinsics of a `width` × `height` image, for the turned image, with its size.
    public func turned(_ intrinsics: CameraIntrinsics, width: Int, height: Int) -> (intrinsics: CameraIntrinsics, width: Int, height: Int) {
        var (k, w, h) = (intrinsics, width, height)
        for _ in 0..<rawValue {
            k = CameraIntrinsics(fx: k.fy, fy: k.fx, cx: Double(h) - k.cy, cy: k.cx)
            (w, h) = (h, w)
        }
        return (k, w, h)
    }

    /// A row-major map of `rows` × `columns` samples (row 0 at the top of the unturned image),
    /// turned with the image, with its new shape.
    public func turned<Sample>(_ samples: [Sample], rows: Int, columns: Int) -> (samples: [Sample], rows: Int, columns: Int) {
        var (values, r, c) = (samples, rows, columns)
        for _ in 0..<rawValue {
            // New sample (row i, column j) is old sample (row r − 1 − j, column i); new shape c × r.
            let old = values
            values = (0..<(r * c)).map { k in old[(r - 1 - k % r) * c + k / r] }
            (r, c) = (c, r)
        }
        return (values, r, c)
    }
}
