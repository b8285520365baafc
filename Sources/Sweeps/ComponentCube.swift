/// The components of every (point, recording) of a sweep, held as one block of doubles per
/// point: the point's recordings one after another, each its ``width`` components. A corpus
/// sweep's cube is the largest thing it keeps (2,880 points × 47 components × 8 bytes is
/// about 1.1 MB per recording), so it is held without a separate array per recording and
/// point (which cost a header and an allocation each), and a widening round shares the
/// blocks of the points it carries over instead of copying them (Docs/sweeps.md#streaming).
///
/// Read as nested collections, `cube[p][r]` is the component vector of point `p` on recording
/// `r`, as the nested arrays it replaces were.
public struct ComponentCube: Sendable, Equatable, RandomAccessCollection, MutableCollection {
    /// Recordings (units) per point.
    public let recordings: Int
    /// Components per recording.
    public let width: Int
    /// One block per point, `recordings × width` values.
    public private(set) var blocks: [[Double]]

    /// A cube of `blocks`, each `recordings × width` values (recording-major).
    public init(recordings: Int, width: Int, blocks: [[Double]]) {
        precondition(blocks.allSatisfy { $0.count == recordings * width }, "every block of a cube holds recordings × width values")
        self.recordings = recordings
        self.width = width
        self.blocks = blocks
    }

    /// The cube of nested vectors `points[p][r]`, all of one width (`width` when there are none).
    public init(_ points: [[[Double]]], width: Int = SweepComponent.allCases.count) {
        let recordings = points.first?.count ?? 0
        let width = points.first?.first?.count ?? width
        precondition(points.allSatisfy { $0.count == recordings && $0.allSatisfy { $0.count == width } },
                     "every point of a cube covers the same recordings with one width")
        self.init(recordings: recordings, width: width, blocks: points.map { perRecording in
            var block: [Double] = []
            block.reserveCapacity(recordings * width)
            for vector in perRecording { block.append(contentsOf: vector) }
            return block
        })
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { blocks.count }

    /// The components of point `p`.
    public subscript(p: Int) -> PointComponents {
        get { PointComponents(values: blocks[p], width: width) }
        set {
            precondition(newValue.values.count == recordings * width, "a point's block holds recordings × width values")
            blocks[p] = newValue.values
        }
    }

    /// The cube of the first `count` recordings of every point.
    public func prefix(recordings count: Int) -> ComponentCube {
        let n = Swift.min(count, recordings)
        return ComponentCube(recordings: n, width: width, blocks: blocks.map { Array($0[0..<(n * width)]) })
    }

    /// Every point's components summed over `subset` (recording indices, repeats counted, in
    /// this order; all recordings when nil), exactly as ``SweepMetric/pooled(_:)`` adds them.
    public func pooled(_ subset: [Int]? = nil) -> [[Double]] {
        let order = subset ?? Array(0..<recordings)
        let width = width
        return blocks.map { block in
            var sum = [Double](repeating: 0, count: width)
            block.withUnsafeBufferPointer { v in
                for r in order {
                    let base = r * width
                    for k in sum.indices { sum[k] += v[base + k] }
                }
            }
            return sum
        }
    }

    /// Whether two cubes have the same shape and the same bits in every element (NaN
    /// components included, which `==` would call unequal). Blocks that share their storage
    /// (a cube read back from the file written from the other) are equal without a look.
    public static func sameBits(_ a: ComponentCube, _ b: ComponentCube) -> Bool {
        guard a.recordings == b.recordings, a.width == b.width, a.blocks.count == b.blocks.count else { return false }
        return zip(a.blocks, b.blocks).allSatisfy { x, y in
            x.withUnsafeBufferPointer { x in
                y.withUnsafeBufferPointer { y in
                    x.baseAddress == y.baseAddress || zip(x, y).allSatisfy { $0.bitPattern == $1.bitPattern }
                }
            }
        }
    }

    /// The components of one point: `point[r]` is recording `r`'s vector.
    public struct PointComponents: Sendable, Hashable, RandomAccessCollection, MutableCollection {
        /// The block: every recording's components, one recording after another.
        public private(set) var values: [Double]
        /// Components per recording.
        public let width: Int

        /// The point of `values` (recording-major, `width` components each).
        public init(values: [Double], width: Int) {
            precondition(width > 0 ? values.count % width == 0 : values.isEmpty, "a block holds whole vectors")
            self.values = values
            self.width = width
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int { width > 0 ? values.count / width : 0 }

        /// Recording `r`'s components.
        public subscript(r: Int) -> [Double] {
            get { Array(values[r * width..<(r + 1) * width]) }
            set {
                precondition(newValue.count == width, "a component vector has the cube's width")
                values.replaceSubrange(r * width..<(r + 1) * width, with: newValue)
            }
        }
    }
}
