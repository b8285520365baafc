import Foundation
import Recording

/// Reads a Stray Scanner folder (`spec.md#capture-import`), as its makers document it:
/// `odometry.csv` (a header, then per frame `timestamp, frame, x, y, z, qx, qy, qz, qw`: time in
/// seconds, the frame's number, the camera centre and orientation in the session's world; the
/// newer layout adds per-frame intrinsics `fx, fy, cx, cy` and further columns, which are
/// ignored), `camera_matrix.csv` (3 × 3 intrinsics of the colour video, required when the
/// odometry has no per-frame intrinsics), `depth/NNNNNN.png` (16-bit grayscale, millimetres)
/// and `confidence/NNNNNN.png` (8-bit grayscale, 0/1/2). `rgb.mp4` and `imu.csv` are not needed
/// and not read.
///
/// The app writes ARKit's camera orientation turned half a turn about the camera's x axis, so
/// its camera looks down +z with y down (the OpenCV convention); the reader turns it back
/// (``Transform4x4/flippingCameraYZ``). Columns are found by name, spaces around fields ignored.
/// Unverified against a capture of ours: the tests read folders written by
/// ``StrayScannerExport`` from simulated recordings.
public enum StrayScannerFolder {
    /// The app's name in `meta.source_app`.
    public static let appName = "Stray Scanner"
    /// The layout name in `meta.source_format`.
    public static let formatName = "stray-scanner"

    /// The recording of the folder at `path`.
    /// - Throws: `InputError` naming the file (and line) at fault.
    public static func read(_ path: String, options: CaptureImportOptions = CaptureImportOptions()) throws(InputError) -> Recording {
        let odometryPath = CaptureFolder.join(path, "odometry.csv")
        let rows = try odometry(CSVTable.read(odometryPath, maximumFileBytes: 256 << 20))
        guard !rows.isEmpty else { throw InputError(file: odometryPath, message: "has no frame rows after its header") }
        let shared = rows.allSatisfy { $0.intrinsics != nil } ? nil : try cameraMatrix(CaptureFolder.join(path, "camera_matrix.csv"), options: options)
        try checkMapFiles(folder: path, frames: Set(rows.map(\.frame)))
        var frames: [CaptureFrame] = []
        var size: (width: Int, height: Int)?
        let kept = stride(from: 0, to: rows.count, by: max(1, options.every)).map { rows[$0] }
        for row in kept {
            let name = String(format: "%06lld", row.frame) + ".png"
            let depthPath = CaptureFolder.join(CaptureFolder.join(path, "depth"), name)
            let confidencePath = CaptureFolder.join(CaptureFolder.join(path, "confidence"), name)
            for (file, what) in [(depthPath, "depth"), (confidencePath, "confidence")] where !FileManager.default.fileExists(atPath: file) {
                throw InputError(file: file, message: "missing: frame \(row.frame) (odometry.csv line \(row.line)) has no LiDAR \(what) map")
            }
            let maps = try CaptureFrame.maps(depth: depthPath, confidence: confidencePath, size: size)
            if size == nil {
                size = (maps.columns, maps.rows)
                try CaptureFolder.checkFirstMap(depthPath, frames: kept.count, rows: maps.rows, columns: maps.columns, options: options)
            }
            guard let intrinsics = row.intrinsics ?? shared else { throw InputError(file: odometryPath, line: row.line, message: "no intrinsics") }
            if let problem = principalPointProblem(intrinsics, options: options) {
                throw InputError(file: row.intrinsics == nil ? CaptureFolder.join(path, "camera_matrix.csv") : odometryPath,
                                 line: row.intrinsics == nil ? nil : row.line, message: problem)
            }
            frames.append(CaptureFrame(index: row.frame, time: row.time, pose: row.pose, intrinsics: intrinsics,
                                       rows: maps.rows, columns: maps.columns, depth: maps.depth, confidence: maps.confidence))
        }
        return CaptureRecording.assemble(frames, imageWidth: options.imageWidth, imageHeight: options.imageHeight,
                                         source: CaptureSource(app: appName, format: formatName))
    }

    /// One row of `odometry.csv`.
    struct OdometryRow {
        var line: Int
        var time: Double
        var frame: Int64
        /// `world_from_camera` in this format's camera axes (y up, looking down −z).
        var pose: Transform4x4
        /// Per-frame intrinsics, when the file has `fx`, `fy`, `cx`, `cy` columns.
        var intrinsics: CameraIntrinsics?
    }

    /// The rows of `odometry.csv`: increasing timestamps and frame numbers, non-zero quaternions.
    static func odometry(_ table: CSVTable) throws(InputError) -> [OdometryRow] {
        let times = try table.numbers("timestamp")
        let frames = try table.integers("frame", in: 0...999_999_999)
        var columns: [[Double]] = []
        for name in ["x", "y", "z", "qx", "qy", "qz", "qw"] { columns.append(try table.numbers(name)) }
        let hasIntrinsics = ["fx", "fy", "cx", "cy"].allSatisfy { table.columnIndex($0) != nil }
        var intrinsics: [[Double]] = []
        if hasIntrinsics { for name in ["fx", "fy", "cx", "cy"] { intrinsics.append(try table.numbers(name)) } }
        var rows: [OdometryRow] = []
        for k in 0..<table.rowCount {
            let line = table.line(ofRow: k)
            if let previous = rows.last {
                guard times[k] > previous.time else {
                    throw InputError(file: table.file, line: line, message: "timestamp \(times[k]) is not after \(previous.time), the previous row's")
                }
                guard Int64(frames[k]) > previous.frame else {
                    throw InputError(file: table.file, line: line, message: "frame \(frames[k]) is not after \(previous.frame), the previous row's")
                }
            }
            let q = SIMD4(columns[3][k], columns[4][k], columns[5][k], columns[6][k])
            guard (q * q).sum() > 1e-12 else { throw InputError(file: table.file, line: line, message: "quaternion (qx, qy, qz, qw) has zero length") }
            let pose = Transform4x4(quaternion: q, translation: SIMD3(columns[0][k], columns[1][k], columns[2][k])).flippingCameraYZ
            var camera: CameraIntrinsics?
            if hasIntrinsics {
                guard intrinsics[0][k] > 0, intrinsics[1][k] > 0 else {
                    throw InputError(file: table.file, line: line, message: "focal lengths fx \(intrinsics[0][k]), fy \(intrinsics[1][k]) must be positive")
                }
                camera = CameraIntrinsics(fx: intrinsics[0][k], fy: intrinsics[1][k], cx: intrinsics[2][k], cy: intrinsics[3][k])
            }
            rows.append(OdometryRow(line: line, time: times[k], frame: Int64(frames[k]), pose: pose, intrinsics: camera))
        }
        return rows
    }

    /// The intrinsics in `camera_matrix.csv`: three lines of three comma-separated numbers,
    /// `fx 0 cx / 0 fy cy / 0 0 1`.
    static func cameraMatrix(_ path: String, options: CaptureImportOptions) throws(InputError) -> CameraIntrinsics {
        let lines = TextFile.lines(try TextFile.text(path, kind: "a camera matrix", maximumBytes: 64 << 10))
        var matrix: [[Double]] = []
        for (k, line) in lines.enumerated() where !line.allSatisfy({ $0 == " " || $0 == "\t" }) {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard matrix.count < 3 else { throw InputError(file: path, line: k + 1, message: "more than 3 rows (expected a 3 × 3 matrix)") }
            guard fields.count == 3 else { throw InputError(file: path, line: k + 1, message: "expected 3 comma-separated numbers, found \(fields.count) fields") }
            var row: [Double] = []
            for (c, field) in fields.enumerated() {
                let text = field.trimmingCharacters(in: .whitespaces)
                guard let value = Double(text), value.isFinite else {
                    throw InputError(file: path, line: k + 1, message: "field \(c + 1) '\(TextFile.excerpt(text))' is not a finite number")
                }
                row.append(value)
            }
            matrix.append(row)
        }
        guard matrix.count == 3 else { throw InputError(file: path, message: "has \(matrix.count) rows, expected a 3 × 3 matrix") }
        guard matrix[2] == [0, 0, 1], matrix[1][0] == 0 else {
            throw InputError(file: path, message: "is not an intrinsic matrix (fx 0 cx / 0 fy cy / 0 0 1): its last row is \(matrix[2]) — transposed?")
        }
        guard matrix[0][0] > 0, matrix[1][1] > 0 else {
            throw InputError(file: path, message: "focal lengths \(matrix[0][0]), \(matrix[1][1]) must be positive")
        }
        return CameraIntrinsics(fx: matrix[0][0], fy: matrix[1][1], cx: matrix[0][2], cy: matrix[1][2])
    }

    /// Every `depth/` and `confidence/` PNG must belong to a frame of `odometry.csv` (a map
    /// without a pose cannot be placed).
    static func checkMapFiles(folder: String, frames: Set<Int64>) throws(InputError) {
        for sub in ["depth", "confidence"] {
            let dir = CaptureFolder.join(folder, sub)
            for name in try CaptureFolder.listing(dir) where name.hasSuffix(".png") {
                let stem = String(name.dropLast(4))
                guard stem.count <= 12, !stem.isEmpty, stem.allSatisfy({ $0.isASCII && $0.isNumber }), let frame = Int64(stem) else { continue }
                guard frames.contains(frame) else {
                    throw InputError(file: CaptureFolder.join(dir, name), message: "frame \(frame) has no odometry.csv row (a frame without its pose)")
                }
            }
        }
    }

    /// Why `intrinsics` cannot belong to the assumed image (the principal point outside it), or nil.
    static func principalPointProblem(_ intrinsics: CameraIntrinsics, options: CaptureImportOptions) -> String? {
        guard intrinsics.cx > 0, intrinsics.cx < Double(options.imageWidth), intrinsics.cy > 0, intrinsics.cy < Double(options.imageHeight) else {
            return "principal point (\(intrinsics.cx), \(intrinsics.cy)) lies outside the \(options.imageWidth) × \(options.imageHeight) image assumed (give --image-size)"
        }
        return nil
    }
}
