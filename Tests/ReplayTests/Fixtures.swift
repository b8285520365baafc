import Recording

/// Small hand-made recordings for the replica tests.
enum Fixture {
    /// 640 × 480 image, fx = fy = 500, principal point at the centre.
    static let intrinsics = CameraIntrinsics(fx: 500, fy: 500, cx: 320, cy: 240)

    /// A frame at `index` (t = index / 30 s) with the camera at `position`, looking down −z.
    static func frame(_ index: Int64, at position: SIMD3<Double> = .zero, detectorRan: Bool = true) -> Frame {
        Frame(
            index: index, time: Double(index) / 30, detectorRan: detectorRan,
            pose: Transform4x4(rotation: [1, 0, 0, 0, 1, 0, 0, 0, 1], translation: position),
            intrinsics: intrinsics, width: 640, height: 480)
    }

    /// A detection with a generated id.
    static func detection(
        _ id: Int64, frame: Int64, label: String = "bottle", score: Double = 0.9,
        x: Double, y: Double, width: Double = 40, height: Double = 80
    ) -> Detection {
        Detection(id: id, frame: frame, label: label, score: score, box: PixelBox(x: x, y: y, width: width, height: height))
    }

    /// A recording of `count` frames where `boxes(frame)` lists each frame's detections
    /// as (label, score, x, y); detection ids are assigned in order.
    static func recording(frames count: Int64, boxes: (Int64) -> [(String, Double, Double, Double)]) -> Recording {
        var detections: [Detection] = []
        for f in 0..<count {
            for (label, score, x, y) in boxes(f) {
                detections.append(detection(Int64(detections.count + 1), frame: f, label: label, score: score, x: x, y: y))
            }
        }
        return Recording(frames: (0..<count).map { frame($0) }, detections: detections)
    }
}
