import Foundation
import Testing
import Recording
import TestSupport
@testable import CaptureFolders

/// Stray Scanner folders, written by ``StrayScannerExport`` from simulated recordings (no
/// Stray capture of ours exists), read back by ``StrayScannerFolder``.
@Suite("Stray Scanner import")
struct StrayScannerTests {
    @Test("a simulated recording exported to Stray's layout reads back: portrait again, same poses, intrinsics and maps",
          arguments: [StrayScannerExport.IntrinsicsLayout.cameraMatrix, .perFrame])
    func roundTrip(layout: StrayScannerExport.IntrinsicsLayout) throws {
        let original = CaptureFixtures.simulated()
        let folder = try TemporaryDirectory()
        try StrayScannerExport.write(original, to: folder.file("scan"), intrinsics: layout)
        let header = try String(contentsOfFile: folder.file("scan/odometry.csv"), encoding: .utf8).split(separator: "\n")[0]
        #expect(header.hasPrefix("timestamp, frame, x, y, z, qx, qy, qz, qw"))
        #expect(try CaptureFolder.format(of: folder.file("scan")) == .strayScanner)
        let imported = try CaptureFolder.read(folder.file("scan"))
        #expect(RecordingValidator().problems(in: imported).isEmpty)
        #expect(imported.meta["source_app"] == "Stray Scanner" && imported.meta["image_turn"] == "quarter turn clockwise")
        let frames = Dictionary(original.frames.map { ($0.index, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(imported.frames.count == original.lidarMaps.count && !imported.frames.isEmpty)
        let origin = frames[original.lidarMaps[0].frame]!.time
        for (frame, map) in zip(imported.frames, imported.lidarMaps) {
            let source = try #require(frames[frame.index])
            #expect(abs(frame.time - (source.time - origin)) < 1e-9)
            #expect(frame.width == source.width && frame.height == source.height)
            #expect(abs(frame.intrinsics.fx - source.intrinsics.fx) < 1e-9 && abs(frame.intrinsics.cx - source.intrinsics.cx) < 1e-9
                    && abs(frame.intrinsics.cy - source.intrinsics.cy) < 1e-9)
            #expect(zip(frame.pose.rowMajor, source.pose.rowMajor).allSatisfy { abs($0 - $1) < 1e-9 }, "frame \(frame.index)")
            let sourceMap = try #require(original.lidarMaps.first { $0.frame == frame.index })
            #expect(map.rows == sourceMap.rows && map.columns == sourceMap.columns && map.confidence == sourceMap.confidence)
            for (a, b) in zip(map.depth, sourceMap.depth) {
                #expect(a.isNaN ? !(b.isFinite && b > 0) : abs(a - b) <= 0.0005)
            }
        }
    }

    /// The error reading a freshly exported folder after `damage`.
    static func error(_ damage: (String) throws -> Void) throws -> String {
        let folder = try TemporaryDirectory()
        let scan = folder.file("scan")
        try StrayScannerExport.write(CaptureFixtures.simulated(seconds: 1), to: scan)
        try damage(scan)
        do {
            _ = try CaptureFolder.read(scan)
            return "read"
        } catch {
            return error.description.replacingOccurrences(of: scan + "/", with: "")
        }
    }

    static func edit(_ path: String, _ change: (String) -> String) throws {
        try change(try String(contentsOfFile: path, encoding: .utf8)).write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test("an odometry value that does not parse is an error naming the file, line and column")
    func badOdometry() throws {
        let text = try Self.error { scan in
            try Self.edit(scan + "/odometry.csv") { text in
                var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                var fields = lines[2].components(separatedBy: ", ")
                fields[4] = "1.2.3"
                lines[2] = fields.joined(separator: ", ")
                return lines.joined(separator: "\n")
            }
        }
        #expect(text == "odometry.csv:3: z '1.2.3' is not a finite number (column 5)")
        #expect(try Self.error { scan in try Self.edit(scan + "/odometry.csv") { $0.replacingOccurrences(of: " qw\n", with: " w\n") } }
            .hasPrefix("odometry.csv:1: the header has no column 'qw'"))
    }

    @Test("a frame without its depth or its pose is an error naming the file")
    func missing() throws {
        // The simulated maps are on frames 1, 4, 7, …: frame 4 is on odometry.csv's line 3.
        #expect(try Self.error { try FileManager.default.removeItem(atPath: $0 + "/depth/000004.png") }
            == "depth/000004.png: missing: frame 4 (odometry.csv line 3) has no LiDAR depth map")
        #expect(try Self.error { scan in
            try FileManager.default.copyItem(atPath: scan + "/depth/000001.png", toPath: scan + "/depth/000999.png")
        } == "depth/000999.png: frame 999 has no odometry.csv row (a frame without its pose)")
    }

    @Test("a camera matrix that does not parse or is transposed is named")
    func badMatrix() throws {
        #expect(try Self.error { scan in try Self.edit(scan + "/camera_matrix.csv") { $0.replacingOccurrences(of: "0.0, 0.0, 1.0", with: "0.0, zero, 1.0") } }
            == "camera_matrix.csv:3: field 2 'zero' is not a finite number")
        #expect(try Self.error { scan in
            try Self.edit(scan + "/camera_matrix.csv") { text in
                let rows = text.split(separator: "\n").map { $0.components(separatedBy: ", ") }
                return (0..<3).map { c in (0..<3).map { r in rows[r][c] }.joined(separator: ", ") }.joined(separator: "\n")
            }
        }.hasSuffix("— transposed?"))
    }

    @Test("the export refuses a recording without LiDAR maps and an existing folder")
    func exportRefuses() throws {
        let folder = try TemporaryDirectory()
        var bare = CaptureFixtures.simulated(seconds: 1)
        bare.lidarMaps = []
        #expect(throws: InputError(file: folder.file("a"), message: "the recording has no LiDAR maps to export")) {
            try StrayScannerExport.write(bare, to: folder.file("a"))
        }
        #expect(throws: InputError(file: folder.path, message: "already exists (the export writes a new folder)")) {
            try StrayScannerExport.write(CaptureFixtures.simulated(seconds: 1), to: folder.path)
        }
    }
}
