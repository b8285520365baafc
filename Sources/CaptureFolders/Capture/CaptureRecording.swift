import Recording

/// Where a capture came from, for the recording's `meta`.
public struct CaptureSource: Equatable, Sendable {
    /// The app's name, e.g. `3D Scanner App`.
    public var app: String
    /// The app's version when the export states it.
    public var appVersion: String?
    /// The export layout read (`3d-scanner-app-all-data`, `stray-scanner`).
    public var format: String

    /// Creates a source.
    public init(app: String, appVersion: String? = nil, format: String) {
        self.app = app
        self.appVersion = appVersion
        self.format = format
    }
}

/// Frames of a capture app's export as a recording (`spec.md#capture-import`): one recording
/// frame and one full-resolution LiDAR map per capture frame, turned upright (``UprightTurn``),
/// times from the first frame, tracking `normal`, no detector runs, no objects. The `meta`
/// names the source app and the turn; nothing of the export's location data is read.
public enum CaptureRecording {
    /// The recording of `frames` (in capture order), whose sensor image is `imageWidth` ×
    /// `imageHeight` pixels.
    public static func assemble(_ frames: [CaptureFrame], imageWidth: Int, imageHeight: Int, source: CaptureSource) -> Recording {
        let turn = UprightTurn.choose(for: frames.map(\.pose))
        let origin = frames.first?.time ?? 0
        var recording = Recording()
        recording.frames.reserveCapacity(frames.count)
        recording.lidarMaps.reserveCapacity(frames.count)
        for frame in frames {
            let camera = turn.turned(frame.intrinsics, width: imageWidth, height: imageHeight)
            recording.frames.append(Frame(
                index: frame.index, time: frame.time - origin, trackingState: .normal, detectorRan: false,
                pose: turn.turned(frame.pose), intrinsics: camera.intrinsics, width: camera.width, height: camera.height))
            let depth = turn.turned(frame.depth, rows: frame.rows, columns: frame.columns)
            let confidence = turn.turned(frame.confidence, rows: frame.rows, columns: frame.columns)
            recording.lidarMaps.append(LidarMap(frame: frame.index, rows: depth.rows, columns: depth.columns,
                                                depth: depth.samples, confidence: confidence.samples))
        }
        var meta = [
            "source": "import",
            "source_app": source.app,
            "source_format": source.format,
            "image_turn": turn.name,
            "notes": "LiDAR depth and confidence maps at the export's full resolution, one per frame; "
                + "no objects, detections or ground truth; the export's location fields were not read",
        ]
        if let version = source.appVersion { meta["source_app_version"] = version }
        if let map = recording.lidarMaps.first { meta["lidar_maps"] = "\(map.columns)x\(map.rows) (columns x rows), full resolution" }
        recording.meta = meta
        return recording
    }
}
