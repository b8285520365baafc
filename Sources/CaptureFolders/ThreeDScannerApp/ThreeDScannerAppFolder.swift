import Foundation
import Recording

/// Reads 3D Scanner App's "All Data" export (`spec.md#capture-import`): per frame N,
/// `frame_N.json` (`time` in seconds, `cameraPoseARFrame` — ARKit's `world_from_camera`,
/// 16 numbers row-major —, `intrinsics` — 9 numbers row-major, of the 1920 × 1440 sensor
/// image —, optionally `projectionMatrix`), `depth_N.png` (16-bit grayscale, millimetres) and
/// `conf_N.png` (8-bit grayscale, ARKit confidence 0/1/2). `info.json` gives the app's version
/// (`appVersionString`) and nothing else is read from it; the frames' JPEGs, meshes, the world
/// map and every location field (`latitude`, `longitude`, `altitude`, GPS accuracy and time,
/// in the frames and in `info.json`) are not read.
///
/// Every frame must have all three files; a frame that cannot be read is an error naming the
/// file, and nothing is imported.
public enum ThreeDScannerAppFolder {
    /// The app's name in `meta.source_app`.
    public static let appName = "3D Scanner App"
    /// The layout name in `meta.source_format`.
    public static let formatName = "3d-scanner-app-all-data"

    /// The recording of the export at `path`.
    /// - Throws: `InputError` naming the file at fault.
    public static func read(_ path: String, options: CaptureImportOptions = CaptureImportOptions()) throws(InputError) -> Recording {
        let names = try CaptureFolder.listing(path)
        let files = try frameFiles(names, folder: path)
        guard !files.isEmpty else { throw InputError(file: path, message: "holds no frame_NNNNN.json files") }
        let kept = stride(from: 0, to: files.count, by: max(1, options.every)).map { files[$0] }
        var version: String?
        let info = CaptureFolder.join(path, "info.json")
        if FileManager.default.fileExists(atPath: info) { version = try JSONFields(path: info).string("appVersionString") }
        var frames: [CaptureFrame] = []
        var size: (width: Int, height: Int)?
        for file in kept {
            let frame = try readFrame(file, folder: path, mapSize: size, options: options)
            if size == nil {
                size = (frame.columns, frame.rows)
                try CaptureFolder.checkFirstMap(CaptureFolder.join(path, file.depth), frames: kept.count, rows: frame.rows, columns: frame.columns, options: options)
            }
            if let previous = frames.last, frame.time <= previous.time {
                throw InputError(file: CaptureFolder.join(path, file.json), message: "time: \(frame.time) is not after \(previous.time), the time of frame \(previous.index)")
            }
            frames.append(frame)
        }
        return CaptureRecording.assemble(frames, imageWidth: options.imageWidth, imageHeight: options.imageHeight,
                                         source: CaptureSource(app: appName, appVersion: version, format: formatName))
    }

    /// The three file names of one frame.
    struct FrameFiles: Equatable {
        var index: Int64
        var json: String
        var depth: String
        var confidence: String
    }

    /// The frames named in `names`, in index order; every index seen in any of the three kinds
    /// of file must have all three.
    static func frameFiles(_ names: [String], folder: String) throws(InputError) -> [FrameFiles] {
        var digits: [Int64: String] = [:]
        var present: [Int64: Set<String>] = [:]
        let kinds = [("frame_", ".json"), ("depth_", ".png"), ("conf_", ".png")]
        for name in names {
            for (prefix, suffix) in kinds {
                guard let (index, text) = frameIndex(of: name, prefix: prefix, suffix: suffix) else { continue }
                if let other = digits[index], other != text {
                    throw InputError(file: CaptureFolder.join(folder, name), message: "frame \(index) is also numbered '\(other)' in another file name")
                }
                digits[index] = text
                present[index, default: []].insert(prefix)
            }
        }
        return try present.keys.sorted().map { (index: Int64) throws(InputError) -> FrameFiles in
            let text = digits[index] ?? String(index)
            let files = FrameFiles(index: index, json: "frame_\(text).json", depth: "depth_\(text).png", confidence: "conf_\(text).png")
            let have = present[index] ?? []
            for (prefix, name, what) in [("frame_", files.json, "its pose and intrinsics"), ("depth_", files.depth, "its LiDAR depth"),
                                         ("conf_", files.confidence, "its LiDAR confidence")] where !have.contains(prefix) {
                throw InputError(file: CaptureFolder.join(folder, name), message: "missing: frame \(index) has other files but not this one (\(what))")
            }
            return files
        }
    }

    /// The frame number and its digits in `name` when it is `prefix` + digits + `suffix`.
    static func frameIndex(of name: String, prefix: String, suffix: String) -> (Int64, String)? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else { return nil }
        let text = String(name.dropFirst(prefix.count).dropLast(suffix.count))
        guard text.count <= 12, text.allSatisfy({ $0.isASCII && $0.isNumber }), let index = Int64(text) else { return nil }
        return (index, text)
    }

    /// One frame: its JSON, then its two maps.
    static func readFrame(_ files: FrameFiles, folder: String, mapSize: (width: Int, height: Int)?, options: CaptureImportOptions) throws(InputError) -> CaptureFrame {
        let json = try JSONFields(path: CaptureFolder.join(folder, files.json))
        let time = try json.number("time")
        var pose = try json.numbers("cameraPoseARFrame", count: 16) ?? []
        // The app stores single-precision matrices: the bottom row is 0 0 0 1 to about 1e-7.
        guard zip(pose[12...], [0.0, 0, 0, 1]).allSatisfy({ abs($0 - $1) <= 1e-5 }) else {
            throw InputError(file: json.file, message: "cameraPoseARFrame: bottom row \(Array(pose[12...])) is not 0 0 0 1 (not a row-major 4 × 4 pose)")
        }
        pose.replaceSubrange(12..., with: [0, 0, 0, 1])
        let k = try json.numbers("intrinsics", count: 9) ?? []
        guard k[0] > 0, k[4] > 0 else { throw InputError(file: json.file, message: "intrinsics: focal lengths \(k[0]), \(k[4]) must be positive") }
        if let projection = try json.numbers("projectionMatrix", count: 16, required: false) {
            try checkImageSize(projection: projection, fx: k[0], fy: k[4], file: json.file, options: options)
        }
        let maps = try CaptureFrame.maps(depth: CaptureFolder.join(folder, files.depth),
                                         confidence: CaptureFolder.join(folder, files.confidence), size: mapSize)
        return CaptureFrame(index: files.index, time: time, pose: Transform4x4(rowMajor: pose),
                            intrinsics: CameraIntrinsics(fx: k[0], fy: k[4], cx: k[2], cy: k[5]),
                            rows: maps.rows, columns: maps.columns, depth: maps.depth, confidence: maps.confidence)
    }

    /// ARKit's projection matrix for the image has `2·fx / width` and `2·fy / height` on its
    /// diagonal: the image size it implies must be the one assumed (within 1 %).
    static func checkImageSize(projection: [Double], fx: Double, fy: Double, file: String, options: CaptureImportOptions) throws(InputError) {
        guard projection[0] > 0, projection[5] > 0 else {
            throw InputError(file: file, message: "projectionMatrix: diagonal \(projection[0]), \(projection[5]) must be positive")
        }
        let width = 2 * fx / projection[0], height = 2 * fy / projection[5]
        let expected = (Double(options.imageWidth), Double(options.imageHeight))
        guard abs(width - expected.0) <= 0.01 * expected.0, abs(height - expected.1) <= 0.01 * expected.1 else {
            throw InputError(file: file, message: "projectionMatrix implies a \(Int(width.rounded())) × \(Int(height.rounded())) image, not the \(options.imageWidth) × \(options.imageHeight) assumed (give --image-size)")
        }
    }
}
