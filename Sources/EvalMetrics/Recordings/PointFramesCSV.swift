import Recording

/// The point frames of the 3-D tracking as a CSV file: what `evaluate-recording --dump-3d`
/// writes and `score-3d` reads (Docs/recording-metrics.md, "The dump of what the 3-D metric sees").
///
/// Columns `frame,kind,id,x,y,z` (any order, no others), read by ``CSVTable``'s rules:
/// - `kind` is `truth` (a ground-truth object), `hypothesis` (an anchor instance) or `empty`
///   (a frame with no points: its only row, with `id`, `x`, `y`, `z` left empty);
/// - `frame` and `id` are integers, `x`, `y`, `z` finite numbers (metres, world frame);
/// - a frame's rows are consecutive and frames increase; within a frame, the truth rows in
///   file order and the hypothesis rows in file order are the orders the metric takes them
///   in (they break exact ties); an id appears at most once per kind and frame;
/// - at most ``maximumPointsPerSide`` points per kind and frame (the frame's distance matrix
///   and its assignment stay bounded).
///
/// Numbers are written in the shortest text that reads back as the same double, so a
/// reference reading the file computes the same distances bit for bit.
public enum PointFramesCSV {
    /// The columns, in the order the writer writes them.
    public static let columns = ["frame", "kind", "id", "x", "y", "z"]
    /// The most truth points, and the most hypotheses, one frame may hold (spec.md#limits-point-frames).
    public static let maximumPointsPerSide = 1000

    /// The frames of the file at `path`; an ``InputError`` names the file and the line at fault.
    public static func read(_ path: String) throws(InputError) -> [PointFrame] {
        try frames(of: try CSVTable.read(path))
    }

    /// The frames of `table`.
    public static func frames(of table: CSVTable) throws(InputError) -> [PointFrame] {
        for name in table.header where !columns.contains(name) {
            throw InputError(file: table.file, line: 1, message: "unknown column '\(CSVTable.excerpt(name))' (expected \(columns.joined(separator: ", ")))")
        }
        let frameColumn = try table.column("frame"), kindColumn = try table.column("kind"), idColumn = try table.column("id")
        let coordinateColumns = [try table.column("x"), try table.column("y"), try table.column("z")]
        var frames: [PointFrame] = []
        var seen: Set<PointKey> = []  // the current frame's points
        var emptyRow = false          // whether the current frame has an `empty` row
        for row in 0..<table.rowCount {
            func failure(_ message: String) -> InputError { InputError(file: table.file, line: table.line(ofRow: row), message: message) }
            let frame = Int64(try table.integer(row: row, column: frameColumn, in: Int(Int64.min)...Int(Int64.max)))
            if frames.last?.frame != frame {
                if let last = frames.last, frame < last.frame {
                    throw failure("frame \(frame) comes after frame \(last.frame): frames must increase, each frame's rows together")
                }
                frames.append(PointFrame(frame: frame, truth: [], hypotheses: []))
                seen = []
                emptyRow = false
            }
            let kindText = table.text(row: row, column: kindColumn)
            guard let kind = Kind(rawValue: kindText) else {
                throw failure("kind '\(CSVTable.excerpt(kindText))' is not truth, hypothesis or empty (column \(kindColumn + 1))")
            }
            guard !emptyRow, kind != .empty || seen.isEmpty else { throw failure("frame \(frame) has an 'empty' row beside other rows") }
            if kind == .empty {
                for column in [idColumn] + coordinateColumns where !table.text(row: row, column: column).isEmpty {
                    throw failure("an 'empty' row leaves \(table.header[column]) empty (column \(column + 1))")
                }
                emptyRow = true
                continue
            }
            let id = Int64(try table.integer(row: row, column: idColumn, in: Int(Int64.min)...Int(Int64.max)))
            let position = SIMD3(
                try table.number(row: row, column: coordinateColumns[0]), try table.number(row: row, column: coordinateColumns[1]),
                try table.number(row: row, column: coordinateColumns[2]))
            guard seen.insert(PointKey(kind: kind, id: id)).inserted else {
                throw failure("\(kind.rawValue) \(id) appears twice in frame \(frame)")
            }
            let last = frames.count - 1
            guard (kind == .truth ? frames[last].truth.count : frames[last].hypotheses.count) < maximumPointsPerSide else {
                throw failure("frame \(frame) has more than \(maximumPointsPerSide) \(kind.rawValue) points")
            }
            let point = TrackedPoint(id: id, position: position)
            if kind == .truth { frames[last].truth.append(point) } else { frames[last].hypotheses.append(point) }
        }
        guard !frames.isEmpty else { throw InputError(file: table.file, message: "has a header but no frames") }
        return frames
    }

    /// The CSV text of `frames`: per frame its truth rows, then its hypothesis rows, or one
    /// `empty` row.
    public static func text(_ frames: [PointFrame]) -> String {
        var text = columns.joined(separator: ",") + "\n"
        for frame in frames {
            if frame.truth.isEmpty && frame.hypotheses.isEmpty { text += "\(frame.frame),empty,,,,\n" }
            for (kind, points) in [(Kind.truth, frame.truth), (.hypothesis, frame.hypotheses)] {
                for point in points {
                    let p = point.position
                    text += "\(frame.frame),\(kind.rawValue),\(point.id),\(p.x),\(p.y),\(p.z)\n"
                }
            }
        }
        return text
    }

    private enum Kind: String {
        case truth, hypothesis, empty
    }

    private struct PointKey: Hashable {
        var kind: Kind
        var id: Int64
    }
}
