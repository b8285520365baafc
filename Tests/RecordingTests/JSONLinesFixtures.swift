import Foundation
import Recording

/// Recordings for the JSON Lines and MOTChallenge export tests, and a bit-exact comparison.
enum JSONLinesFixtures {
    /// `RecordingFixtures.small()` without its infinite LiDAR sample (JSON has no
    /// infinity), with a −0 and extreme values added where JSON must keep them.
    static func small() -> Recording {
        var recording = RecordingFixtures.small()
        recording.depthGrids[0].lidarDepth[3] = 2.75
        recording.frames[0].pose[0, 3] = -0.0
        recording.detections[0].embedding! += [-0.0, .greatestFiniteMagnitude, -.leastNonzeroMagnitude, 0.1 + 0.2]
        recording.detections[1].score = .leastNonzeroMagnitude
        return recording
    }

    /// A recording with `frames` frames whose floating-point values are drawn from all
    /// finite bit patterns (NaN in the grids where JSON writes null), three detections per
    /// frame, a grid on every other detection, and every optional field set or not.
    static func random(frames: Int, seed: UInt64) -> Recording {
        var random = XorShift(state: seed | 1)
        var recording = Recording(meta: ["seed": "\(seed)", "quote\"and\\slash/": "line\nbreak\t✓"])
        for index in 0..<frames {
            let intrinsics = CameraIntrinsics(fx: random.double(), fy: random.double(), cx: random.double(), cy: random.double())
            recording.frames.append(Frame(
                index: Int64(index * 2 + 3), time: Double(index) * 0.1 + random.double().magnitude.truncatingRemainder(dividingBy: 0.05),
                trackingState: TrackingState.allCases[index % 3], detectorRan: index % 2 == 0,
                pose: Transform4x4(rowMajor: (0..<16).map { _ in random.double() }), intrinsics: intrinsics,
                width: 1_440, height: 1_920))
            for slot in 0..<3 {
                let id = Int64(recording.detections.count * 5 + 1)
                recording.detections.append(Detection(
                    id: id, frame: Int64(index * 2 + 3), label: ["cup", "bottle", "cell phone"][slot], score: random.double(),
                    box: PixelBox(x: random.double(), y: random.double(), width: random.double(), height: random.double()),
                    embedding: slot == 0 ? (0..<8).map { _ in random.float(allowNaN: false) } : nil,
                    trackID: slot == 1 ? nil : Int64(slot) - 5, instanceID: slot == 2 ? "inst-\(index)" : nil))
                if slot != 1 { recording.depthGrids.append(grid(detection: id, random: &random, withTruth: slot == 0)) }
            }
        }
        return recording
    }

    private static func grid(detection: Int64, random: inout XorShift, withTruth: Bool) -> DepthGrid {
        let floats = { (random: inout XorShift) in (0..<6).map { _ in random.float(allowNaN: true) } }
        return DepthGrid(
            detection: detection, rows: 2, columns: 3, u: floats(&random), v: floats(&random), lidarDepth: floats(&random),
            lidarConfidence: [0, 1, 2, 2, 1, 0], relativeInverseDepth: floats(&random), inMask: [1, 0, 1, 1, 0, 1],
            groundTruthDepth: withTruth ? floats(&random) : nil)
    }

    /// The bit pattern of every floating-point value of `recording`, in a fixed order.
    static func floatBits(_ recording: Recording) -> [UInt64] {
        var bits: [UInt64] = []
        func add(_ values: [Double]) { bits += values.map(\.bitPattern) }
        func add(_ values: [Float]?) { bits += (values ?? []).map { UInt64($0.bitPattern) } + [UInt64.max] }
        for frame in recording.frames {
            let k = frame.intrinsics
            add([frame.time, k.fx, k.fy, k.cx, k.cy] + frame.pose.rowMajor)
        }
        for detection in recording.detections {
            add([detection.score, detection.box.x, detection.box.y, detection.box.width, detection.box.height])
            add(detection.embedding)
        }
        for grid in recording.depthGrids {
            [grid.u, grid.v, grid.lidarDepth, grid.relativeInverseDepth, grid.groundTruthDepth].forEach(add)
        }
        return bits
    }

    /// Everything but the grids' float arrays (which hold NaN, never `==`).
    static func withoutGridSamples(_ recording: Recording) -> Recording {
        var copy = recording
        copy.depthGrids = copy.depthGrids.map { grid in
            var blank = grid
            (blank.u, blank.v, blank.lidarDepth, blank.relativeInverseDepth) = ([], [], [], [])
            blank.groundTruthDepth = grid.groundTruthDepth.map { _ in [] }
            return blank
        }
        return copy
    }
}

/// A small deterministic generator (xorshift64*) for test data.
struct XorShift {
    var state: UInt64

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }

    /// A finite double from any bit pattern (denormals, −0, extremes included).
    mutating func double() -> Double {
        while true {
            let value = Double(bitPattern: next())
            if value.isFinite { return value }
        }
    }

    /// A float from any finite bit pattern; NaN one time in eight when allowed.
    mutating func float(allowNaN: Bool) -> Float {
        if allowNaN && next() % 8 == 0 { return .nan }
        while true {
            let value = Float(bitPattern: UInt32(truncatingIfNeeded: next()))
            if value.isFinite { return value }
        }
    }
}
