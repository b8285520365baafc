import Foundation
import Testing
import Recording
import EvalMetrics
import TestSupport
@testable import CaptureFolders

/// 3D Scanner App "All Data" exports: the three real captures (the bundled ChArUco board, and
/// the chair and corridor of the shared reference data) and folders written by the tests.
@Suite("3D Scanner App import")
struct ThreeDScannerAppTests {
    /// The real captures: the bundled one, and the shared reference copies when present.
    static let captures: [(name: String, path: String?, every: Int)] = [
        ("charuco (bundled)", CaptureFixtures.repository + "/Data/captures/charuco", 1),
        ("chair", referenceDataFolder("ios_captures/3dscannerapp-chair"), 1),
        // 436 frames: every second one keeps pairs about 1 s apart and halves the test's time.
        ("corridor", referenceDataFolder("ios_captures/3dscannerapp-corridor"), 2),
    ]

    /// Location words a recording of a capture must not hold anywhere in its meta.
    static let locationWords = ["lat", "lon", "gps", "alt", "accuracy"]

    /// The frame-pair figure of a recording: per pair of frames about 1 s apart, the 25th
    /// percentile of the nearest-neighbour distances between their high-confidence LiDAR points
    /// (≤ 3 m) in the world; the median over the pairs. `mangle` alters each pose first.
    static func framePairFigure(_ recording: Recording, mangle: (Transform4x4) -> Transform4x4 = { $0 }) -> (median: Double, pairs: Int) {
        var changed = recording
        changed.frames = recording.frames.map { var f = $0; f.pose = mangle(f.pose); return f }
        let figures = SensorMeasurements.alignmentFigures(changed).map(\.figure).sorted()
        return (figures.isEmpty ? .nan : figures[(figures.count - 1) / 2], figures.count)
    }

    /// Readings of a capture with one convention wrong: each must fit the data clearly worse.
    static let mistakes: [(name: String, change: @Sendable (Recording) -> Recording)] = [
        ("rotation transposed", { r in poses(r) { p in var t = p; for i in 0..<3 { for j in 0..<3 { t[i, j] = p[j, i] } }; return t } }),
        ("pose inverted (camera_from_world)", { r in poses(r) { p in
            var t = p
            for i in 0..<3 { for j in 0..<3 { t[i, j] = p[j, i] } }
            for i in 0..<3 { t[i, 3] = -(0..<3).reduce(0.0) { $0 + p[$1, i] * p[$1, 3] } }
            return t
        } }),
        ("OpenCV camera axes (y down, looking down +z)", { r in poses(r) { $0.flippingCameraYZ } }),
        ("camera turned a quarter, maps not", { r in poses(r) { UprightTurn.clockwise.turned($0) } }),
        ("maps mirrored left to right", { r in
            var changed = r
            changed.lidarMaps = r.lidarMaps.map { m in
                var n = m
                let source = (0..<(m.rows * m.columns)).map { k in (k / m.columns) * m.columns + (m.columns - 1 - k % m.columns) }
                n.depth = source.map { m.depth[$0] }
                n.confidence = source.map { m.confidence[$0] }
                return n
            }
            return changed
        }),
    ]

    static func poses(_ recording: Recording, _ change: (Transform4x4) -> Transform4x4) -> Recording {
        var changed = recording
        changed.frames = recording.frames.map { var f = $0; f.pose = change(f.pose); return f }
        return changed
    }

    @Test("each real capture imports into a valid recording without location, and its frame pairs 1 s apart land on each other (median p25 ≤ 5 cm), better than under any wrong convention",
          arguments: captures.indices)
    func realCapture(k: Int) throws {
        let capture = Self.captures[k]
        guard let path = capture.path else { return }  // reference data absent: skipped
        var options = CaptureImportOptions()
        options.every = capture.every
        let recording = try CaptureFolder.read(path, options: options)
        #expect(RecordingValidator().problems(in: recording).isEmpty)
        #expect(recording.lidarMaps.count == recording.frames.count && !recording.frames.isEmpty)
        #expect(recording.meta["source"] == "import" && recording.meta["source_app"] == "3D Scanner App")
        #expect(recording.meta["image_turn"] == "none")  // all three were held in landscape
        for (key, value) in recording.meta {
            #expect(!Self.locationWords.contains { key.lowercased().contains($0) }, "meta key \(key)")
            #expect(!value.contains("37.7") && !value.contains("126.9") && !value.contains("-90.0"), "meta \(key) = \(value)")
        }
        #expect(recording.lidarMaps[0].rows == 192 && recording.lidarMaps[0].columns == 256)

        let figure = Self.framePairFigure(recording)
        #expect(figure.pairs >= 5, "\(capture.name): \(figure.pairs) pairs")
        #expect(figure.median <= 0.05, "\(capture.name): \(figure.median) m")
        var line = "frame pairs \(capture.name): median p25 \(figure.median) m over \(figure.pairs) pairs"
        // The slow captures move little in a second, so a wrong convention moves both frames'
        // points almost alike: it is told by fitting worse, not by the 5 cm bound alone. The
        // wrong readings are tried on the first 20 s (the whole of the two short captures).
        var prefix = recording
        prefix.frames = recording.frames.filter { $0.time <= 20 }
        prefix.lidarMaps = Array(recording.lidarMaps.prefix(prefix.frames.count))
        let reference = Self.framePairFigure(prefix).median
        for mistake in Self.mistakes {
            let wrong = Self.framePairFigure(mistake.change(prefix))
            #expect(!(wrong.median < 1.5 * reference), "\(capture.name), \(mistake.name): \(wrong.median) m against \(reference) m")
            line += "; \(mistake.name) \(wrong.median) m"
        }
        print(line)
    }

    @Test("a written export imports with its poses, intrinsics, maps and the app's version; location ignored")
    func writtenExport() throws {
        let folder = try TemporaryDirectory()
        try CaptureFixtures.writeThreeDScannerApp(into: folder.path)
        let recording = try ThreeDScannerAppFolder.read(folder.path)
        #expect(recording.frames.map(\.time).elementsEqual([0, 0.2, 0.4]) { abs($0 - $1) < 1e-9 })
        #expect(recording.frames[2].pose.translation == SIMD3(0.1, 1.4, 0))
        #expect(recording.frames[0].intrinsics == CameraIntrinsics(fx: 1450, fy: 1450, cx: 960, cy: 720))
        #expect(recording.frames[0].width == 1920 && recording.frames[0].height == 1440)
        #expect(recording.lidarMaps[1].depth.allSatisfy { $0 == 2 } && recording.lidarMaps[1].confidence[0] == 2 && recording.lidarMaps[1].confidence[31] == 1)
        #expect(recording.meta["source_app_version"] == "1.9.5")
        #expect(!recording.meta.values.contains { $0.contains("12.5") || $0.contains("45.25") || $0.contains("1.5") })
        options: do {
            var every = CaptureImportOptions()
            every.every = 2
            #expect(try ThreeDScannerAppFolder.read(folder.path, options: every).frames.map(\.index) == [0, 2])
        }
    }

    /// The error reading `folder` after `damage` changed a freshly written export.
    static func error(_ damage: (String) throws -> Void) throws -> String {
        let folder = try TemporaryDirectory()
        try CaptureFixtures.writeThreeDScannerApp(into: folder.path)
        try damage(folder.path)
        do {
            _ = try CaptureFolder.read(folder.path)
            return "read"
        } catch {
            return error.description.replacingOccurrences(of: folder.path + "/", with: "")
        }
    }

    @Test("a frame without its depth, confidence or pose is an error naming the missing file")
    func missingFiles() throws {
        #expect(try Self.error { try FileManager.default.removeItem(atPath: $0 + "/depth_00001.png") }
            == "depth_00001.png: missing: frame 1 has other files but not this one (its LiDAR depth)")
        #expect(try Self.error { try FileManager.default.removeItem(atPath: $0 + "/frame_00002.json") }
            == "frame_00002.json: missing: frame 2 has other files but not this one (its pose and intrinsics)")
        #expect(try Self.error { try FileManager.default.removeItem(atPath: $0 + "/conf_00000.png") }
            == "conf_00000.png: missing: frame 0 has other files but not this one (its LiDAR confidence)")
    }

    @Test("a JSON value that does not parse is an error naming the file and the key")
    func badJSON() throws {
        func rewrite(_ folder: String, _ change: (String) -> String) throws {
            let path = folder + "/frame_00001.json"
            try change(try String(contentsOfFile: path, encoding: .utf8)).write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(try Self.error { try rewrite($0) { $0.replacingOccurrences(of: "\"time\": 1000.2", with: "\"time\": \"soon\"") } }
            == "frame_00001.json: time: 'soon' is not a number")
        #expect(try Self.error { try rewrite($0) { $0.replacingOccurrences(of: "0.0, 0.0, 0.0, 1.0]", with: "0.0, 0.0, 1.0]") } }
            == "frame_00001.json: cameraPoseARFrame: expected 16 numbers, found 15")
        #expect(try Self.error { try rewrite($0) { String($0.dropLast(5)) } }.hasPrefix("frame_00001.json: is not valid JSON"))
        #expect(try Self.error { try rewrite($0) { $0.replacingOccurrences(of: "0.0, 0.0, 0.0, 1.0]", with: "0.0, 0.0, 0.5, 1.0]") } }
            == "frame_00001.json: cameraPoseARFrame: bottom row [0.0, 0.0, 0.5, 1.0] is not 0 0 0 1 (not a row-major 4 × 4 pose)")
        #expect(try Self.error { try rewrite($0) { $0.replacingOccurrences(of: "\"time\": 1000.2", with: "\"time\": 999") } }
            == "frame_00001.json: time: 999.0 is not after 1000.0, the time of frame 0")
    }

    @Test("damaged maps are errors naming the PNG")
    func badMaps() throws {
        let truncate = { (path: String) throws in
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        }
        #expect(try Self.error { try truncate($0 + "/depth_00001.png") }.hasPrefix("depth_00001.png: cannot be decoded: "))
        #expect(try Self.error { folder in
            try Data(GrayImage(width: 16, height: 12, bitDepth: 16, samples: Array(repeating: 1, count: 192)).pngBytes())
                .write(to: URL(fileURLWithPath: folder + "/depth_00002.png"))
        } == "depth_00002.png: is 16 × 12 pixels, expected 32 × 24 (LiDAR depth in millimetres)")
        #expect(try Self.error { folder in
            try Data(GrayImage(width: 32, height: 24, bitDepth: 8, samples: Array(repeating: 3, count: 768)).pngBytes())
                .write(to: URL(fileURLWithPath: folder + "/conf_00000.png"))
        } == "conf_00000.png: confidence 3 at row 0, column 0; expected 0, 1 or 2")
        #expect(try Self.error { folder in
            try Data(GrayImage(width: 32, height: 24, bitDepth: 8, samples: Array(repeating: 1, count: 768)).pngBytes())
                .write(to: URL(fileURLWithPath: folder + "/depth_00000.png"))
        } == "depth_00000.png: is 8-bit grayscale, expected 16-bit grayscale (LiDAR depth in millimetres)")
    }

    @Test("intrinsics of another image size are refused unless --image-size says so")
    func imageSize() throws {
        let folder = try TemporaryDirectory()
        try CaptureFixtures.writeThreeDScannerApp(into: folder.path)
        var options = CaptureImportOptions()
        (options.imageWidth, options.imageHeight) = (1280, 960)
        #expect(throws: InputError(file: folder.path + "/frame_00000.json",
                                   message: "projectionMatrix implies a 1920 × 1440 image, not the 1280 × 960 assumed (give --image-size)")) {
            try ThreeDScannerAppFolder.read(folder.path, options: options)
        }
    }

    @Test("a folder of neither format is named")
    func neither() throws {
        let folder = try TemporaryDirectory()
        try folder.write("x", to: "notes.txt")
        #expect(throws: InputError(file: folder.path, message: "holds neither odometry.csv (Stray Scanner) nor frame_NNNNN.json files (3D Scanner App \"All Data\" export)")) {
            try CaptureFolder.read(folder.path)
        }
    }
}
