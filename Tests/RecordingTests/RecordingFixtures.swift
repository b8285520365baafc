import Foundation
import Recording
import Synchronization

/// Small hand-built recordings and scratch paths shared by the tests.
enum RecordingFixtures {
    /// A fresh, empty directory under the system's temporary directory, removed with
    /// everything in it when the test process exits (the tests share one process, so no test
    /// loses a directory it still reads).
    static func scratchDirectory(_ name: String = #function) -> String {
        let path = NSTemporaryDirectory() + "RecordingTests-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        scratch.withLock { state in
            if !state.removalRegistered {
                atexit { RecordingFixtures.removeScratchDirectories() }
                state.removalRegistered = true
            }
            state.paths.append(path)
        }
        return path
    }

    /// The scratch directories handed out, and whether their removal at exit is registered.
    private static let scratch = Mutex<(paths: [String], removalRegistered: Bool)>(([], false))

    /// Removes every scratch directory handed out so far.
    private static func removeScratchDirectories() {
        for path in scratch.withLock({ $0.paths }) { try? FileManager.default.removeItem(atPath: path) }
    }

    /// A camera looking down −z with a yaw of `angle` radians about +y, at `position`.
    static func pose(yaw angle: Double, at position: SIMD3<Double>) -> Transform4x4 {
        let (c, s) = (cos(angle), sin(angle))
        return Transform4x4(rotation: [c, 0, s, 0, 1, 0, -s, 0, c], translation: position)
    }

    /// Two frames, a bottle and a cup (the bottle moved once), detections with and without
    /// optional fields, one depth grid, one observation, ground-truth boxes.
    static func small() -> Recording {
        let intrinsics = CameraIntrinsics(fx: 1_400.123456789, fy: 1_400.5, cx: 960.25, cy: 719.75)
        let frames = [
            Frame(index: 0, time: 0.0, pose: pose(yaw: 0.1, at: [0.1, 1.4, 0.2]), intrinsics: intrinsics,
                  width: 1_920, height: 1_440),
            Frame(index: 1, time: 1.0 / 30.0, trackingState: .limited, detectorRan: false,
                  pose: pose(yaw: 0.1 + 1e-3, at: [0.1 + 1.0 / 3.0, 1.4, 0.2]), intrinsics: intrinsics,
                  width: 1_920, height: 1_440),
        ]
        let objects = [
            GroundTruthObject(id: 1, label: "bottle", extent: [0.07, 0.25, 0.07], twinGroup: 1,
                              description: "green bottle on the desk"),
            GroundTruthObject(id: 2, label: "person", extent: [0.5, 1.75, 0.3], isPerson: true),
        ]
        let grid = DepthGrid(
            detection: 10, rows: 2, columns: 2, u: [100.5, 120.25, 100.5, 120.25], v: [200, 200, 230.5, 230.5],
            lidarDepth: [1.25, .nan, 1.5, .infinity], lidarConfidence: [2, 0, 1, 2],
            relativeInverseDepth: [0.8, 0.1 + 0.2, -0.0, Float.leastNonzeroMagnitude], inMask: [1, 0, 1, 1],
            groundTruthDepth: [1.2, 1.3, .nan, 1.4])
        return Recording(
            meta: ["source": "test", "session_id": "ünïcode ✓", "notes": ""],
            frames: frames,
            detections: [
                Detection(id: 10, frame: 0, label: "bottle", score: 0.87654321, box: PixelBox(x: 90, y: 180, width: 40.5, height: 70),
                          embedding: [0.1, -0.2, .pi, 1e-30], trackID: 7, instanceID: "A1B2"),
                Detection(id: 11, frame: 0, label: "person", score: 0.5, box: PixelBox(x: 0, y: 0, width: 1_920, height: 1_440)),
                Detection(id: 12, frame: 1, label: "bottle", score: 0.3, box: PixelBox(x: 91, y: 181, width: 40, height: 70),
                          embedding: []),
            ],
            depthGrids: [grid],
            observations: [
                Observation(id: 1, frame: 0, instance: "A1B2", kind: "create", rawPosition: [0.5, 0.9, -1.2],
                            storedBefore: nil, storedAfter: [0.5, 0.9, -1.2], extent: [0.07, 0.25, 0.07]),
                Observation(id: 2, frame: 1, instance: "A1B2", kind: "ema", rawPosition: [0.52, 0.9, -1.2],
                            storedBefore: [0.5, 0.9, -1.2], storedAfter: [0.505, 0.9, -1.2]),
            ],
            groundTruthObjects: objects,
            groundTruthPlacements: [
                GroundTruthPlacement(id: 1, object: 1, from: 0, to: 0.5, position: [0.5, 0.9, -1.2]),
                GroundTruthPlacement(id: 2, object: 1, from: 0.5, to: nil, position: [1.5, 0.9, -1.2]),
                GroundTruthPlacement(id: 3, object: 2, from: 0, to: nil, position: [2, 0.875, -3]),
            ],
            groundTruthBoxes: [
                GroundTruthBox(id: 1, frame: 0, object: 1, box: PixelBox(x: 89, y: 179, width: 42, height: 71), visibility: 1),
                GroundTruthBox(id: 2, frame: 1, object: 1, box: PixelBox(x: 90, y: 180, width: 42, height: 71), visibility: 0.25),
            ])
    }
}
