import Foundation
import Recording

/// Turns a polygon into a run-length mask exactly as pycocotools does
/// (`spec.md#coco-polygon-raster`): vertices scaled by 5 and rounded, the outline traced
/// densely on that grid, the points where the outline crosses a pixel column centre
/// kept and scaled back, and the column-major runs read off between them.
public enum PolygonRasterizer {
    /// Why a polygon cannot be rasterised.
    public struct Problem: Error, Equatable, CustomStringConvertible, Sendable {
        /// What is wrong.
        public var description: String
    }

    private static let scale = 5.0

    /// The mask of one polygon (`[x1, y1, x2, y2, …]`; an odd trailing number is ignored, as
    /// pycocotools ignores it) on a `height × width` image. Fewer than 3 points give an
    /// outline with no inside (an empty mask), as they do in pycocotools.
    public static func mask(_ polygon: [Double], height: Int, width: Int) throws(Problem) -> RunLengthMask {
        let k = polygon.count / 2
        guard k >= 1 else { throw Problem(description: "an empty polygon") }
        // Vertices on the ×5 grid, rounded as C's (int)(v + .5) does (towards zero).
        var xs = [Int](repeating: 0, count: k + 1), ys = [Int](repeating: 0, count: k + 1)
        for j in 0..<k {
            xs[j] = Int(scale * polygon[2 * j] + 0.5)
            ys[j] = Int(scale * polygon[2 * j + 1] + 0.5)
        }
        xs[k] = xs[0]
        ys[k] = ys[0]
        var outline = 0
        for j in 0..<k { outline += max(abs(xs[j] - xs[j + 1]), abs(ys[j] - ys[j + 1])) + 1 }
        guard outline <= COCOLimits.maximumPolygonOutline else {
            throw Problem(description: "the polygon's outline has \(outline) points at ×5, more than \(COCOLimits.maximumPolygonOutline)")
        }
        let h = Double(height), lastColumn = Double(width - 1)
        var positions: [Int] = []
        var previous: (u: Int, v: Int)?
        // Each outline point (u, v) is compared with the one before it, across edges too.
        func visit(_ u: Int, _ v: Int) {
            defer { previous = (u, v) }
            guard let (pu, pv) = previous, u != pu else { return }
            var xd = Double(u < pu ? u : u - 1)
            xd = (xd + 0.5) / scale - 0.5
            if xd.rounded(.down) != xd || xd < 0 || xd > lastColumn { return }
            var yd = Double(v < pv ? v : pv)
            yd = (yd + 0.5) / scale - 0.5
            if yd < 0 { yd = 0 } else if yd > h { yd = h }
            yd.round(.up)
            positions.append(Int(xd) * height + Int(yd))
        }
        for j in 0..<k {
            var x0 = xs[j], x1 = xs[j + 1], y0 = ys[j], y1 = ys[j + 1]
            let dx = abs(x1 - x0), dy = abs(y0 - y1)
            let flip = (dx >= dy && x0 > x1) || (dx < dy && y0 > y1)
            if flip {
                swap(&x0, &x1)
                swap(&y0, &y1)
            }
            if dx == 0 && dy == 0 {
                // A repeated vertex: one point; its row is never read (its column equals its neighbours').
                visit(x0, y0)
            } else if dx >= dy {
                let s = Double(y1 - y0) / Double(dx)
                for d in 0...dx {
                    let t = flip ? dx - d : d
                    visit(t + x0, Int(Double(y0) + s * Double(t) + 0.5))
                }
            } else {
                let s = Double(x1 - x0) / Double(dy)
                for d in 0...dy {
                    let t = flip ? dy - d : d
                    visit(Int(Double(x0) + s * Double(t) + 0.5), t + y0)
                }
            }
        }
        positions.append(height * width)
        positions.sort()
        // Differences between consecutive positions are the runs; a zero difference cancels
        // a toggle, so the next difference is added to the run before it.
        var runs: [UInt32] = []
        runs.reserveCapacity(positions.count)
        var last = 0
        var differences = positions.map { position -> Int in
            defer { last = position }
            return position - last
        }[...]
        runs.append(UInt32(differences.removeFirst()))
        while let difference = differences.first {
            differences.removeFirst()
            if difference > 0 {
                runs.append(UInt32(difference))
            } else if let next = differences.first {
                differences.removeFirst()
                runs[runs.count - 1] += UInt32(next)
            }
        }
        return RunLengthMask(unchecked: height, width, runs)
    }

    /// The union of an annotation's polygons. A first polygon of 4 numbers or fewer is an
    /// error, as it is in pycocotools (which reads such a list as boxes and fails).
    public static func mask(polygons: [[Double]], height: Int, width: Int) throws(Problem) -> RunLengthMask {
        guard let first = polygons.first else { throw Problem(description: "an empty polygon list") }
        guard first.count > 4 else { throw Problem(description: "the first polygon has \(first.count) numbers; more than 4 are needed") }
        var masks: [RunLengthMask] = []
        for polygon in polygons { masks.append(try mask(polygon, height: height, width: width)) }
        return RunLengthMask.union(masks)
    }
}
