import Foundation
import Testing
import Recording
@testable import CaptureFolders

/// Turning a capture upright moves pose, intrinsics and maps together: every map sample still
/// sees the same world point.
@Suite("Upright turn")
struct UprightTurnTests {
    /// A pose turned about the camera's z axis by `roll` radians, looking along world −z.
    static func pose(roll: Double) -> Transform4x4 {
        let (c, s) = (cos(roll), sin(roll))
        return Transform4x4(rotation: [c, -s, 0, s, c, 0, 0, 0, 1], translation: SIMD3(0.3, 1.2, -0.4))
    }

    static func worldPoint(of map: LidarMap, sample k: Int, pose: Transform4x4, intrinsics: CameraIntrinsics, width: Int, height: Int) -> SIMD3<Double> {
        let pixel = map.pixel(row: k / map.columns, column: k % map.columns, width: width, height: height)
        let d = Double(map.depth[k])
        let camera = SIMD3((pixel.x - intrinsics.cx) / intrinsics.fx * d, -(pixel.y - intrinsics.cy) / intrinsics.fy * d, -d)
        let m = pose
        return SIMD3((0..<3).map { r in m[r, 0] * camera.x + m[r, 1] * camera.y + m[r, 2] * camera.z + m[r, 3] })
    }

    @Test("each turn keeps every sample's world point", arguments: UprightTurn.allCases)
    func samplesSeeTheSamePoints(turn: UprightTurn) {
        let (rows, columns, width, height) = (3, 4, 1920, 1440)
        let intrinsics = CameraIntrinsics(fx: 1450, fy: 1460, cx: 950, cy: 700)
        let map = LidarMap(frame: 0, rows: rows, columns: columns, depth: (0..<12).map { 1 + Float($0) / 10 }, confidence: Array(repeating: 2, count: 12))
        let pose = Self.pose(roll: 0.3)
        let camera = turn.turned(intrinsics, width: width, height: height)
        let depth = turn.turned(map.depth, rows: rows, columns: columns)
        let turnedMap = LidarMap(frame: 0, rows: depth.rows, columns: depth.columns, depth: depth.samples, confidence: map.confidence)
        let before = Set((0..<12).map { k in Self.rounded(Self.worldPoint(of: map, sample: k, pose: pose, intrinsics: intrinsics, width: width, height: height)) })
        let after = Set((0..<12).map { k in
            Self.rounded(Self.worldPoint(of: turnedMap, sample: k, pose: turn.turned(pose), intrinsics: camera.intrinsics, width: camera.width, height: camera.height))
        })
        #expect(before == after)
        #expect(turn.turned(turn.inverse.turned(pose)).rowMajor.elementsEqual(pose.rowMajor) { abs($0 - $1) < 1e-12 })
    }

    static func rounded(_ p: SIMD3<Double>) -> [Int] { [p.x, p.y, p.z].map { Int(($0 * 1e6).rounded()) } }

    @Test("the turn brings the world's up to the image's up")
    func choice() {
        #expect(UprightTurn.choose(for: [Self.pose(roll: 0.2)]) == .none)
        // The phone rolled a quarter turn counter-clockwise: the world's up is along the camera's +x.
        #expect(UprightTurn.choose(for: [Self.pose(roll: .pi / 2)]) == .counterclockwise)
        #expect(UprightTurn.choose(for: [Self.pose(roll: -.pi / 2)]) == .clockwise)
        #expect(UprightTurn.choose(for: [Self.pose(roll: .pi)]) == .half)
        for turn in UprightTurn.allCases {
            #expect(UprightTurn.choose(for: [turn.inverse.turned(Self.pose(roll: 0.1))]) == turn)
        }
    }
}
