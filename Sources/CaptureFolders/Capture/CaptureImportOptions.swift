/// How a capture folder is read (`spatial-eval import --capture`).
public struct CaptureImportOptions: Equatable, Sendable {
    /// The sensor's colour image size the exports' intrinsics refer to, pixels (neither format
    /// stores it; ARKit's LiDAR devices capture 1920 × 1440). The 3D Scanner App's projection
    /// matrices are checked against it.
    public var imageWidth: Int = 1920
    /// See ``imageWidth``.
    public var imageHeight: Int = 1440
    /// Keep every `every`-th frame of the export (1: all).
    public var every: Int = 1

    /// The most LiDAR samples (frames × map rows × columns) an import holds: 50 million
    /// (about 1,000 frames of 256 × 192, 250 MB of maps). A longer export is refused with the
    /// `--every` that fits.
    public static let maximumSamples = 50_000_000

    /// The defaults.
    public init() {}
}

/// The capture formats `spatial-eval import --capture` reads.
public enum CaptureFormat: String, CaseIterable, Sendable {
    /// 3D Scanner App's "All Data" export (`frame_NNNNN.json`, `depth_NNNNN.png`, `conf_NNNNN.png`).
    case threeDScannerApp = "3d-scanner-app"
    /// Stray Scanner's folder (`odometry.csv`, `camera_matrix.csv`, `depth/`, `confidence/`).
    case strayScanner = "stray-scanner"
}
