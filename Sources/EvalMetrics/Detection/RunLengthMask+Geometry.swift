import Recording

/// Overlap, union and bounding box of run-length masks, as pycocotools' mask API computes
/// them (`spec.md#coco-mask-iou`).
extension RunLengthMask {
    /// Pixels in both masks and in either (same size required).
    public static func overlap(_ a: RunLengthMask, _ b: RunLengthMask) -> (intersection: Int, union: Int) {
        precondition(a.height == b.height && a.width == b.width, "masks of different sizes")
        var intersection = 0
        var union = 0
        a.counts.withUnsafeBufferPointer { ac in
            b.counts.withUnsafeBufferPointer { bc in
                // Walk both run lists together; a run of length 0 only flips the value.
                var ia = 1, ib = 1
                var ca = ac.isEmpty ? 0 : Int(ac[0]), cb = bc.isEmpty ? 0 : Int(bc[0])
                var va = false, vb = false
                while true {
                    let c = min(ca, cb)
                    if va || vb {
                        union += c
                        if va && vb { intersection += c }
                    }
                    ca -= c
                    if ca == 0 && ia < ac.count { ca = Int(ac[ia]); ia += 1; va.toggle() }
                    cb -= c
                    if cb == 0 && ib < bc.count { cb = Int(bc[ib]); ib += 1; vb.toggle() }
                    if ca + cb == 0 { break }
                }
            }
        }
        return (intersection, union)
    }

    /// Mask IoU of a detection with a ground-truth mask or crowd region (intersection over
    /// the detection's area); 0 when they do not overlap.
    public static func iou(_ detection: RunLengthMask, _ groundTruth: RunLengthMask, crowd: Bool) -> Double {
        let (intersection, union) = overlap(detection, groundTruth)
        if intersection == 0 { return 0 }
        return Double(intersection) / Double(crowd ? detection.area : union)
    }

    /// The union of masks of one size, as pycocotools merges the polygons of one object.
    public static func union(_ masks: [RunLengthMask]) -> RunLengthMask {
        precondition(!masks.isEmpty, "union of no masks")
        var merged = masks[0]
        for next in masks.dropFirst() {
            precondition(next.height == merged.height && next.width == merged.width, "masks of different sizes")
            var counts: [UInt32] = []
            let a = merged.counts, b = next.counts
            var ia = 1, ib = 1
            var ca = Int(a[0]), cb = Int(b[0])
            var va = false, vb = false, v = false
            var run = 0
            while true {
                let c = min(ca, cb)
                run += c
                ca -= c
                if ca == 0 && ia < a.count { ca = Int(a[ia]); ia += 1; va.toggle() }
                cb -= c
                if cb == 0 && ib < b.count { cb = Int(b[ib]); ib += 1; vb.toggle() }
                let previous = v
                v = va || vb
                let done = ca + cb == 0
                if v != previous || done {
                    counts.append(UInt32(run))
                    run = 0
                }
                if done { break }
            }
            merged = RunLengthMask(unchecked: merged.height, merged.width, counts)
        }
        return merged
    }

    /// pycocotools' `toBbox`: the box of the runs, in 32-bit unsigned arithmetic exactly as its
    /// C code does it (runs of length 0 included), `[x, y, w, h]`; all zero for an empty list.
    public var cocoBoundingBox: COCOBox {
        let h = UInt32(truncatingIfNeeded: height), w = UInt32(truncatingIfNeeded: width)
        let m = counts.count / 2 * 2
        if m == 0 { return COCOBox(x: 0, y: 0, width: 0, height: 0) }
        var xs = w, ys = h, xe: UInt32 = 0, ye: UInt32 = 0, cc: UInt32 = 0, xp: UInt32 = 0
        for j in 0..<m {
            cc &+= counts[j]
            let t = cc &- UInt32(j % 2)
            let y = t % h
            let x = (t &- y) / h
            if j % 2 == 0 {
                xp = x
            } else if xp < x {
                ys = 0
                ye = h &- 1
            }
            xs = Swift.min(xs, x)
            xe = Swift.max(xe, x)
            ys = Swift.min(ys, y)
            ye = Swift.max(ye, y)
        }
        return COCOBox(x: Double(xs), y: Double(ys), width: Double(xe &- xs &+ 1), height: Double(ye &- ys &+ 1))
    }
}
