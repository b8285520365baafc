import Recording

/// Small hand-made recordings for the recording-metrics tests.
enum RecordingFixture {
    /// A frame at `index`, t = `index` / 10 s, identity pose, 640 × 480.
    static func frame(_ index: Int64, detectorRan: Bool = true) -> Frame {
        Frame(
            index: index, time: Double(index) / 10, detectorRan: detectorRan, pose: .identity,
            intrinsics: CameraIntrinsics(fx: 500, fy: 500, cx: 320, cy: 240), width: 640, height: 480)
    }

    /// Two objects moving right over frames 10, 20, …, 60 (non-contiguous numbering);
    /// object 2 is out of view on frame 40.
    static func twoObjects() -> Recording {
        let indices: [Int64] = [10, 20, 30, 40, 50, 60]
        var boxes: [GroundTruthBox] = []
        for (k, index) in indices.enumerated() {
            let shift = Double(k) * 5
            boxes.append(GroundTruthBox(
                id: Int64(boxes.count + 1), frame: index, object: 1,
                box: PixelBox(x: 50 + shift, y: 60, width: 40, height: 80), visibility: 1))
            if index != 40 {
                boxes.append(GroundTruthBox(
                    id: Int64(boxes.count + 1), frame: index, object: 2,
                    box: PixelBox(x: 300 + shift, y: 100, width: 60, height: 60), visibility: 0.8))
            }
        }
        return Recording(
            frames: indices.map { frame($0) },
            groundTruthObjects: [
                GroundTruthObject(id: 1, label: "bottle", extent: [0.1, 0.25, 0.1]),
                GroundTruthObject(id: 2, label: "cup", extent: [0.1, 0.1, 0.1]),
            ],
            groundTruthBoxes: boxes)
    }
}
