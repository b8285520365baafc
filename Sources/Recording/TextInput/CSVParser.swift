/// Splits the bytes of a CSV file into a header and rows of ``CSVField``s, enforcing the
/// rules ``CSVTable`` documents. Errors name the file and the 1-based line.
struct CSVParser {
    /// The file named in errors.
    let file: String
    /// The longest line accepted, in bytes (line ending excluded).
    let maximumLineBytes: Int

    /// What a parse yields: the column names, every field row by row, and each row's line.
    struct Parsed {
        var header: [String]
        var fields: [CSVField]
        var lines: [Int]
    }

    /// Parses `bytes` (the whole file).
    func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(InputError) -> Parsed {
        var position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0  // UTF-8 byte order mark
        var line = 0
        var header: [String]?
        var fields: [CSVField] = [], lines: [Int] = []
        var firstBlank: Int?
        while position < bytes.count {
            line += 1
            var end = position
            while end < bytes.count, bytes[end] != 10 { end += 1 }
            let next = end + 1
            if end > position, bytes[end - 1] == 13 { end -= 1 }
            guard end - position <= maximumLineBytes else {
                throw InputError(file: file, line: line, message: "line is longer than \(Self.describe(bytes: maximumLineBytes))")
            }
            defer { position = next }
            if Self.isBlank(bytes, position, end) {
                if firstBlank == nil { firstBlank = line }
                continue
            }
            if let blank = firstBlank {
                throw InputError(file: file, line: blank, message: "blank line (only blank lines at the end of the file are allowed)")
            }
            try checkUTF8(bytes, position, end, line: line)
            let row = try split(bytes, position, end, line: line)
            guard let names = header else {
                header = try columnNames(row, bytes, line: line)
                continue
            }
            guard row.count == names.count else {
                throw InputError(file: file, line: line, message: "expected \(names.count) fields, found \(row.count)")
            }
            fields += row
            lines.append(line)
        }
        guard let header else { throw InputError(file: file, message: "is empty (expected a header line naming the columns)") }
        return Parsed(header: header, fields: fields, lines: lines)
    }

    /// The header's column names: none empty, none twice.
    private func columnNames(_ row: [CSVField], _ bytes: UnsafeBufferPointer<UInt8>, line: Int) throws(InputError) -> [String] {
        var names: [String] = []
        for (k, field) in row.enumerated() {
            let name = field.text(in: bytes)
            guard !name.isEmpty else { throw InputError(file: file, line: line, message: "column \(k + 1) of the header has no name") }
            if names.contains(name) {
                throw InputError(file: file, line: line, message: "column '\(CSVTable.excerpt(name))' appears twice in the header")
            }
            names.append(name)
        }
        return names
    }

    /// The fields of the line `[start, end)`: comma-separated, spaces and tabs around a
    /// field ignored, a field in double quotes may hold commas and doubled quotes.
    private func split(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, line: Int) throws(InputError) -> [CSVField] {
        var row: [CSVField] = []
        var k = start
        while true {
            while k < end, Self.isSpace(bytes[k]) { k += 1 }
            var field: CSVField
            if k < end, bytes[k] == CSVField.quote {
                field = CSVField(start: k + 1, end: k + 1, escaped: false)
                k += 1
                while true {
                    guard k < end else {
                        throw InputError(file: file, line: line, message: "field \(row.count + 1) has an unterminated quote (a quoted field must end on its line)")
                    }
                    if bytes[k] == CSVField.quote {
                        if k + 1 < end, bytes[k + 1] == CSVField.quote {
                            field.escaped = true
                            k += 2
                            continue
                        }
                        field.end = k
                        k += 1
                        break
                    }
                    k += 1
                }
                while k < end, Self.isSpace(bytes[k]) { k += 1 }
                guard k == end || bytes[k] == 44 else {
                    throw InputError(file: file, line: line, message: "field \(row.count + 1) has text after its closing quote")
                }
            } else {
                let from = k
                while k < end, bytes[k] != 44 {
                    guard bytes[k] != CSVField.quote else {
                        throw InputError(file: file, line: line, message: "field \(row.count + 1) has a quote inside an unquoted field")
                    }
                    k += 1
                }
                var to = k
                while to > from, Self.isSpace(bytes[to - 1]) { to -= 1 }
                field = CSVField(start: from, end: to, escaped: false)
            }
            row.append(field)
            guard k < end else { return row }
            k += 1  // the comma
        }
    }

    /// Rejects a line that is not UTF-8 text.
    private func checkUTF8(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, line: Int) throws(InputError) {
        let slice = bytes[start..<end]
        guard slice.contains(where: { $0 >= 0x80 }) else { return }
        guard String(validating: slice, as: UTF8.self) != nil else {
            throw InputError(file: file, line: line, message: "is not UTF-8 text")
        }
    }

    private static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        bytes[start..<end].allSatisfy(isSpace)
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 }

    /// `1 MiB`, `512 KiB` or `100 bytes`.
    static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
