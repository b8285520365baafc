import Foundation
import Recording
import Simulation
import TestSupport
@testable import CaptureFolders

/// Small capture folders written by the tests: a 3D Scanner App export of a flat wall, and
/// Stray Scanner folders exported from simulated recordings.
enum CaptureFixtures {
    /// The repository root (the folder holding Package.swift).
    static let repository: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
            url.deleteLastPathComponent()
        }
        return url.path
    }()

    /// A 3D Scanner App export of `frames` frames, 0.2 s apart, of a wall 2 m in front of a
    /// camera moving 5 cm per frame along x, with 32 × 24 maps (confidence 2 on the left half,
    /// 1 on the right), written into `folder`.
    static func writeThreeDScannerApp(frames: Int = 3, into folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let (columns, rows) = (32, 24)
        for k in 0..<frames {
            let name = String(format: "%05d", k)
            let pose = [1, 0, 0, 0.05 * Double(k), 0, 1, 0, 1.4, 0, 0, 1, 0, 0, 0, 0, 1]
            let json = """
                {"time": \(1000 + 0.2 * Double(k)), "cameraPoseARFrame": \(pose), "intrinsics": [1450, 0, 960, 0, 1450, 720, 0, 0, 1],
                 "projectionMatrix": [\(2 * 1450 / 1920.0), 0, 0, 0, 0, \(2 * 1450 / 1440.0), 0, 0, 0, 0, -1, -0.001, 0, 0, -1, 0],
                 "latitude": 12.5, "longitude": 45.25, "motionQuality": 1}
                """
            try json.write(toFile: folder + "/frame_\(name).json", atomically: true, encoding: .utf8)
            let depth = GrayImage(width: columns, height: rows, bitDepth: 16, samples: Array(repeating: 2000, count: rows * columns))
            let confidence = GrayImage(width: columns, height: rows, bitDepth: 8,
                                       samples: (0..<(rows * columns)).map { $0 % columns < columns / 2 ? 2 : 1 })
            try Data(depth.pngBytes()).write(to: URL(fileURLWithPath: folder + "/depth_\(name).png"))
            try Data(confidence.pngBytes()).write(to: URL(fileURLWithPath: folder + "/conf_\(name).png"))
        }
        try #"{"appVersionString": "1.9.5", "gpsLatitude": 1.5}"#.write(toFile: folder + "/info.json", atomically: true, encoding: .utf8)
    }

    /// A short simulated recording with LiDAR maps (portrait, 1440 × 1920).
    static func simulated(seconds: Double = 2, seed: UInt64 = 3) -> Recording {
        CaptureSimulator(configuration: SimulationConfiguration()).simulate(.twinsMoved, seed: seed, duration: seconds).recording
    }
}
