/// The rows of one MOTChallenge text file, column by column, in file order.
///
/// Row format: `frame, id, left, top, width, height, conf, class, visibility, unused`
/// (pixels; box = left/top corner and size). Columns after `conf` are optional.
public struct MOTRows: Sendable, Equatable {
    /// The file the rows were read from (for messages).
    public var path: String
    /// Frame number of each row: `trunc(Double(text))`, as both reference tools read it.
    public var frame: [Int] = []
    /// Object or track id of each row: `trunc(Double(text))`.
    public var id: [Int] = []
    /// Left edge, pixels.
    public var left: [Double] = []
    /// Top edge, pixels.
    public var top: [Double] = []
    /// Width, pixels (never negative).
    public var width: [Double] = []
    /// Height, pixels (never negative).
    public var height: [Double] = []
    /// Confidence column (`conf`); in ground truth 0 marks an ignored row.
    public var confidence: [Double] = []
    /// Class column when present, else NaN.
    public var classId: [Double] = []
    /// 1-based line number of each row in its file.
    public var line: [Int32] = []

    /// Creates an empty table for `path`.
    public init(path: String) {
        self.path = path
    }

    /// Number of rows.
    public var count: Int { frame.count }

    /// Appends one row.
    public mutating func append(
        frame: Int, id: Int, left: Double, top: Double, width: Double, height: Double,
        confidence: Double, classId: Double, line: Int
    ) {
        self.frame.append(frame)
        self.id.append(id)
        self.left.append(left)
        self.top.append(top)
        self.width.append(width)
        self.height.append(height)
        self.confidence.append(confidence)
        self.classId.append(classId)
        self.line.append(Int32(truncatingIfNeeded: line))
    }

    /// Reserves room for `count` rows.
    public mutating func reserve(_ count: Int) {
        frame.reserveCapacity(count)
        id.reserveCapacity(count)
        left.reserveCapacity(count)
        top.reserveCapacity(count)
        width.reserveCapacity(count)
        height.reserveCapacity(count)
        confidence.reserveCapacity(count)
        classId.reserveCapacity(count)
        line.reserveCapacity(count)
    }

    /// The largest frame number, or nil when there are no rows.
    public var maximumFrame: Int? { frame.max() }
}
