import EvalNumerics
import Recording

/// The image shift that lines marked objects' projected boxes up with what the camera saw
/// (spec.md#projected-marks): a marked position projected through a drifting recorded pose
/// lands beside the object in the image by an amount that is nearly the same for every object
/// of a frame (mostly the pose's rotation error) and changes slowly. Each frame's shift is the
/// median, per image axis, of the offsets between detector boxes and the projected box of the
/// same label nearest to them, over the detections within ``window`` seconds of the frame.
///
/// Only recorded values enter: detector boxes and labels, poses, intrinsics, placements; no
/// replay constant changes a shift. The shift corrects where the truth is drawn, not what it
/// is: which objects are present, and their sizes, come from the marks alone.
public enum ProjectionAlignment {
    /// Detections this far from a frame in time, or nearer, set its shift, seconds.
    public static let window = 1.0
    /// The fewest offsets a shift is computed from; with fewer, the frame is not shifted.
    public static let minimumOffsets = 3
    /// A detection pairs with a projected box whose centre is at most this many of the box's
    /// longer sides away.
    public static let reach = 1.0

    /// One projected box on one frame before alignment: the full (unclipped) image box.
    public struct Projection: Sendable {
        /// The object.
        public var object: Int64
        /// The full image box.
        public var box: PixelBox
    }

    /// The shift of every frame that has one, keyed by frame number.
    /// - Parameters:
    ///   - projections: the projected boxes of each frame, keyed by frame number.
    ///   - labels: each object's label.
    public static func shifts(
        _ recording: Recording, projections: [Int64: [Projection]], labels: [Int64: String]
    ) -> [Int64: SIMD2<Double>] {
        let timeOf = Dictionary(recording.frames.map { ($0.index, ($0.time, $0.width, $0.height)) }, uniquingKeysWith: { a, _ in a })
        var offsets: [(time: Double, offset: SIMD2<Double>)] = []
        for detection in recording.detections {
            guard let (time, width, height) = timeOf[detection.frame], inside(detection.box, width, height) else { continue }
            let centre = centreOf(detection.box)
            var best: (distance: Double, offset: SIMD2<Double>)?
            for projection in projections[detection.frame] ?? [] where labels[projection.object] == detection.label {
                guard inside(projection.box, width, height) else { continue }
                let offset = centre - centreOf(projection.box)
                let distance = (offset * offset).sum().squareRoot()
                guard distance <= reach * max(projection.box.width, projection.box.height) else { continue }
                if best.map({ distance < $0.distance }) ?? true { best = (distance, offset) }
            }
            if let best { offsets.append((time, best.offset)) }
        }
        offsets.sort { $0.time < $1.time }
        var result: [Int64: SIMD2<Double>] = [:]
        var low = 0, high = 0
        for frame in recording.frames.sorted(by: { $0.time < $1.time }) {
            while low < offsets.count && offsets[low].time < frame.time - window { low += 1 }
            while high < offsets.count && offsets[high].time <= frame.time + window { high += 1 }
            guard high - low >= minimumOffsets else { continue }
            let near = offsets[low..<high]
            result[frame.index] = SIMD2(Quantile.median(near.map(\.offset.x)), Quantile.median(near.map(\.offset.y)))
        }
        return result
    }

    private static func inside(_ box: PixelBox, _ width: Int, _ height: Int) -> Bool {
        box.x > 0 && box.y > 0 && box.x + box.width < Double(width) && box.y + box.height < Double(height)
    }

    private static func centreOf(_ box: PixelBox) -> SIMD2<Double> { SIMD2(box.x + box.width / 2, box.y + box.height / 2) }
}
