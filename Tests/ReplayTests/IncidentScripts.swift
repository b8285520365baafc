import Recording
@testable import Replay

/// Scripted scenes for the rule and incident tests: registry observations, camera walks,
/// LiDAR maps and detection boxes built at test time (spec.md#seed-figures lists the incidents).
///
/// Every script uses `Fixture`'s camera (640 × 480, f = 500 px, looking down −z) and its
/// clock (frame n at n/30 s); objects lie in the camera's horizontal plane (y = 0).
enum Script {
    /// A unit appearance embedding whose cosine with the reference (1, 0, 0) is `cosine`,
    /// leaning towards axis `axis` (1 or 2). Two such vectors on different axes have cosine
    /// `cosine₁ · cosine₂`; on the same axis, the cosine of the difference of their angles.
    static func appearance(cosine: Double, axis: Int = 1) -> [Float] {
        var v: [Float] = [Float(cosine), 0, 0]
        v[axis] = Float((1 - cosine * cosine).squareRoot())
        return v
    }

    /// The reference appearance (1, 0, 0).
    static let reference = appearance(cosine: 1)

    /// A registry observation on frame `frame` (at `frame`/30 s).
    static func observation(
        _ frame: Int64, _ label: String = "bottle", at position: SIMD3<Double>, appearance: [Float]? = reference, track: Int64? = nil,
        extent: SIMD2<Double>? = nil
    ) -> AnchorObservation {
        AnchorObservation(
            frame: frame, time: Double(frame) / 30, label: label, position: position, embedding: appearance, trackID: track, extent: extent)
    }

    /// The registry after `observations`, in order.
    static func registry(_ observations: [AnchorObservation], configuration: AnchorConfiguration = .init()) -> AnchorRegistry {
        var registry = AnchorRegistry(configuration: configuration)
        for o in observations { registry.observe(o) }
        return registry
    }

    /// Frames 0…`last` with the camera walking in a straight line from `start` (frame
    /// `departure`) to `end` (frame `arrival`), still before and after.
    static func walk(from start: SIMD3<Double>, to end: SIMD3<Double>, departure: Int64, arrival: Int64, last: Int64) -> [Frame] {
        (0...last).map { index in
            let s = min(max(Double(index - departure) / Double(max(arrival - departure, 1)), 0), 1)
            return Fixture.frame(index, at: start + (end - start) * s)
        }
    }

    /// A 4 × 4 LiDAR map of `frame` reading `depth` everywhere with `confidence`.
    static func lidarMap(_ frame: Int64, depth: Float, confidence: UInt8 = 2) -> LidarMap {
        LidarMap(frame: frame, rows: 4, columns: 4, depth: Array(repeating: depth, count: 16), confidence: Array(repeating: confidence, count: 16))
    }

    /// A detection box of `label` centred where `point` projects from `frame`.
    static func detection(_ id: Int64, _ label: String, covering point: SIMD3<Double>, frame: Frame) -> Detection {
        let centre = CameraGeometry.project(point, frame: frame)!.pixel
        return Fixture.detection(id, frame: frame.index, label: label, x: centre.x - 20, y: centre.y - 40)
    }

    /// A recording of `frames` (camera at the origin, every detector frame at 10 Hz: every
    /// 3rd frame) with a LiDAR map of `depth` on each detector frame and, on each, the
    /// detections `boxes` lists.
    static func sweepRecording(seconds: Double, depth: Float, confidence: UInt8 = 2, boxes: [(String, SIMD3<Double>)] = []) -> Recording {
        let frames = (0...Int64(seconds * 30)).filter { $0 % 3 == 0 }.map { Fixture.frame($0) }
        var detections: [Detection] = []
        for frame in frames {
            for (label, point) in boxes { detections.append(detection(Int64(detections.count + 1), label, covering: point, frame: frame)) }
        }
        return Recording(frames: frames, detections: detections, lidarMaps: frames.map { lidarMap($0.index, depth: depth, confidence: confidence) })
    }
}
