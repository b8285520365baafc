import Foundation
import Recording

/// Writes a recording's LiDAR frames in Stray Scanner's layout (``StrayScannerFolder`` reads
/// it): `odometry.csv`, `camera_matrix.csv`, `depth/NNNNNN.png` and `confidence/NNNNNN.png`,
/// one frame per LiDAR map (`spatial-eval export --stray`). A portrait recording is turned a
/// quarter counter-clockwise to the landscape sensor image the app writes; depths are rounded
/// to whole millimetres (no return and depths at or below 0 become 0, depths beyond 65.535 m
/// 65535). No `rgb.mp4` or `imu.csv` is written. The tests import what it writes.
public enum StrayScannerExport {
    /// How the intrinsics are written.
    public enum IntrinsicsLayout: Sendable {
        /// In `camera_matrix.csv` only (the first map frame's), as the app's first layout.
        case cameraMatrix
        /// Also per frame in `odometry.csv` (`fx, fy, cx, cy` columns), as the newer layout.
        case perFrame
    }

    /// Writes the folder `path` (which must not exist; it appears only when complete).
    /// - Throws: `InputError` naming `path` for a recording without LiDAR maps or an existing
    ///   folder; file-system errors as they come.
    public static func write(_ recording: Recording, to path: String, intrinsics layout: IntrinsicsLayout = .cameraMatrix) throws {
        let fm = FileManager.default
        guard !fm.fileExists(atPath: path) else { throw InputError(file: path, message: "already exists (the export writes a new folder)") }
        let framesByIndex = Dictionary(recording.frames.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        let maps = recording.lidarMaps.filter { framesByIndex[$0.frame] != nil }.sorted { $0.frame < $1.frame }
        guard let firstMap = maps.first, let first = framesByIndex[firstMap.frame] else {
            throw InputError(file: path, message: "the recording has no LiDAR maps to export")
        }
        let turn: UprightTurn = first.height > first.width ? .counterclockwise : .none
        let staging = path + ".partial-\(getpid())"
        try? fm.removeItem(atPath: staging)
        for sub in ["depth", "confidence"] { try fm.createDirectory(atPath: staging + "/" + sub, withIntermediateDirectories: true) }
        var odometry = ["timestamp, frame, x, y, z, qx, qy, qz, qw" + (layout == .perFrame ? ", fx, fy, cx, cy" : "")]
        for map in maps {
            guard let frame = framesByIndex[map.frame] else { continue }
            let camera = turn.turned(frame.intrinsics, width: frame.width, height: frame.height).intrinsics
            let pose = turn.turned(frame.pose).flippingCameraYZ
            let q = pose.rotationQuaternion, c = pose.translation
            var fields = [frame.time, Double(map.frame), c.x, c.y, c.z, q.x, q.y, q.z, q.w].map { "\($0)" }
            fields[1] = String(format: "%06lld", map.frame)
            if layout == .perFrame { fields += [camera.fx, camera.fy, camera.cx, camera.cy].map { "\($0)" } }
            odometry.append(fields.joined(separator: ", "))
            let depth = turn.turned(map.depth, rows: map.rows, columns: map.columns)
            let confidence = turn.turned(map.confidence, rows: map.rows, columns: map.columns).samples
            let millimetres = depth.samples.map { d -> UInt16 in d.isFinite && d > 0 ? UInt16(min(65535, (Double(d) * 1000).rounded())) : 0 }
            let name = String(format: "%06lld", map.frame) + ".png"
            try Data(GrayImage(width: depth.columns, height: depth.rows, bitDepth: 16, samples: millimetres).pngBytes())
                .write(to: URL(fileURLWithPath: staging + "/depth/" + name))
            try Data(GrayImage(width: depth.columns, height: depth.rows, bitDepth: 8, samples: confidence.map { UInt16($0) }).pngBytes())
                .write(to: URL(fileURLWithPath: staging + "/confidence/" + name))
        }
        try Data((odometry.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: staging + "/odometry.csv"))
        let k = turn.turned(first.intrinsics, width: first.width, height: first.height).intrinsics
        let matrix = "\(k.fx), 0.0, \(k.cx)\n0.0, \(k.fy), \(k.cy)\n0.0, 0.0, 1.0\n"
        try Data(matrix.utf8).write(to: URL(fileURLWithPath: staging + "/camera_matrix.csv"))
        try fm.moveItem(atPath: staging, toPath: path)
    }
}
