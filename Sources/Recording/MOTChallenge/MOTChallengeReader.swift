import Foundation

/// Reads MOTChallenge text files (ground truth and tracker output).
///
/// Fields are separated by commas (optionally followed or preceded by spaces) or by
/// runs of spaces and tabs; a trailing empty field is ignored, as TrackEval does.
/// Numbers are parsed with correctly rounded decimal conversion, so every value equals
/// Python's `float(text)`. Blank lines are skipped. Any other defect (too few columns,
/// text that is not a number, NaN or infinite values, negative box sizes) is an
/// ``InputError`` naming the file and line.
public enum MOTChallengeReader {
    /// Columns every row must have: frame, id, box (4), conf.
    public static let minimumColumns = 7

    /// The largest frame number (and `seqLength`) accepted: ten million frames, over three
    /// days at 30 fps. Scoring allocates per frame, so the bound is checked as rows are read
    /// (`spec.md#limits-mot-frames`).
    public static let maximumFrame = 10_000_000

    private static let columnNames = ["frame", "id", "left", "top", "width", "height", "conf"]

    /// Size of the blocks a file is read in: the whole file is never held in memory.
    static let blockSize = 1 << 20

    /// Reads and validates the file at `path`, block by block.
    public static func read(path: String) throws(InputError) -> MOTRows {
        try read(path: path, blockSize: blockSize)
    }

    /// ``read(path:)`` with a chosen block size (tests use tiny blocks so that lines
    /// straddle block boundaries).
    static func read(path: String, blockSize: Int) throws(InputError) -> MOTRows {
        var rows = MOTRows(path: path)
        if let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int {
            rows.reserve(size / 40)
        }
        var parser = LineParser()
        try BlockFileReader.read(path: path, blockSize: blockSize) { bytes, final throws(InputError) in
            try parser.parse(bytes, final: final, into: &rows)
        }
        return rows
    }

    /// Parses file contents; `path` is used in messages only.
    public static func parse(_ data: Data, path: String) throws(InputError) -> MOTRows {
        var rows = MOTRows(path: path)
        rows.reserve(data.count / 40)
        var parser = LineParser()
        _ = try parser.parse([UInt8](data), final: true, into: &rows)
        return rows
    }

    /// Parses complete lines and remembers the line count between blocks.
    private struct LineParser {
        var lineNumber = 0

        /// Parses the complete lines of `bytes` (all of them when `final`) and returns the
        /// number of bytes consumed.
        mutating func parse(_ bytes: [UInt8], final: Bool, into rows: inout MOTRows) throws(InputError) -> Int {
            var outcome: Result<Int, InputError> = .success(0)
            bytes.withUnsafeBufferPointer { buffer in
                withUnsafeTemporaryAllocation(of: Double.self, capacity: 10) { fields in
                    fields.initialize(repeating: .nan)
                    do throws(InputError) {
                        outcome = .success(try parseLines(buffer, fields: fields.baseAddress!, final: final, into: &rows))
                    } catch {
                        outcome = .failure(error)
                    }
                }
            }
            return try outcome.get()
        }

        private mutating func parseLines(
            _ buffer: UnsafeBufferPointer<UInt8>, fields: UnsafeMutablePointer<Double>, final: Bool,
            into rows: inout MOTRows
        ) throws(InputError) -> Int {
            guard let base = buffer.baseAddress else { return 0 }
            let byteCount = buffer.count
            var position = 0
            while position < byteCount {
                var lineEnd = position
                while lineEnd < byteCount && buffer[lineEnd] != 10 { lineEnd += 1 }
                if lineEnd == byteCount && !final { break }
                lineNumber += 1
                var contentEnd = lineEnd
                if contentEnd > position && buffer[contentEnd - 1] == 13 { contentEnd -= 1 }
                let count = try MOTChallengeReader.splitFields(
                    base, from: position, to: contentEnd, into: fields, path: rows.path, line: lineNumber)
                position = min(lineEnd + 1, byteCount)
                if count == 0 { continue }
                try MOTChallengeReader.appendRow(fields, count: count, to: &rows, line: lineNumber)
            }
            return position
        }
    }

    /// Splits one line into numeric fields; returns how many (0 for a blank line).
    fileprivate static func splitFields(
        _ base: UnsafePointer<UInt8>, from start: Int, to end: Int, into fields: UnsafeMutablePointer<Double>,
        path: String, line: Int
    ) throws(InputError) -> Int {
        var count = 0
        var i = start
        func isBlank(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 }
        while i < end && isBlank(base[i]) { i += 1 }
        if i == end { return 0 }
        while i < end {
            var fieldEnd = i
            while fieldEnd < end && base[fieldEnd] != 44 && !isBlank(base[fieldEnd]) { fieldEnd += 1 }
            if fieldEnd == i {
                throw InputError(file: path, line: line, message: "empty field \(count + 1)")
            }
            let value = DecimalParsing.parse(base, from: i, to: fieldEnd)
            if value == nil {
                let text = String(decoding: UnsafeBufferPointer(start: base + i, count: fieldEnd - i), as: UTF8.self)
                throw InputError(file: path, line: line, message: "field \(count + 1) is not a number: '\(TextFile.excerpt(text))'")
            }
            if count < 10, let value { fields[count] = value }
            count += 1
            // Skip the separator: blanks, at most one comma, blanks.
            i = fieldEnd
            while i < end && isBlank(base[i]) { i += 1 }
            if i < end && base[i] == 44 {
                i += 1
                while i < end && isBlank(base[i]) { i += 1 }
                if i == end { break }  // trailing comma: ignored, as TrackEval does
            }
        }
        return count
    }

    fileprivate static func appendRow(
        _ fields: UnsafeMutablePointer<Double>, count: Int, to rows: inout MOTRows, line: Int
    ) throws(InputError) {
        let path = rows.path
        guard count >= minimumColumns else {
            throw InputError(
                file: path, line: line,
                message: "\(count) columns; a MOTChallenge row needs at least \(minimumColumns) "
                    + "(frame, id, left, top, width, height, conf)")
        }
        for index in 0..<minimumColumns where !fields[index].isFinite {
            throw InputError(file: path, line: line, message: "\(columnNames[index]) is \(fields[index]), not a finite number")
        }
        guard abs(fields[0]) <= Double(maximumFrame) else {
            throw InputError(file: path, line: line, message: "frame \(fields[0]) is out of range (at most \(maximumFrame) frames)")
        }
        guard abs(fields[1]) < 1e15 else {
            throw InputError(file: path, line: line, message: "id \(fields[1]) is out of range (|id| < 10^15)")
        }
        if fields[4] < 0 || fields[5] < 0 {
            throw InputError(
                file: path, line: line,
                message: "negative box size (width \(fields[4]), height \(fields[5]))")
        }
        rows.append(
            frame: Int(fields[0]), id: Int(fields[1]), left: fields[2], top: fields[3],
            width: fields[4], height: fields[5], confidence: fields[6],
            classId: count >= 8 ? fields[7] : .nan, line: line)
    }
}
