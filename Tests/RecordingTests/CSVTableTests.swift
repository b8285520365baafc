import Foundation
import Recording
import TestSupport
import Testing

@Suite("CSVTable: the one CSV reader")
struct CSVTableTests {
    /// The error that parsing `text` as `t.csv` throws.
    private func error(_ text: String, maximumLineBytes: Int = CSVTable.maximumLineBytes) -> InputError? {
        #expect(throws: InputError.self) { try CSVTable(text: text, file: "t.csv", maximumLineBytes: maximumLineBytes) }
    }

    @Test("Columns are looked up by name, in any order")
    func headerLookup() throws {
        let table = try CSVTable(text: "b,a\n2,1\n4,3\n", file: "t.csv")
        #expect(table.header == ["b", "a"] && table.rowCount == 2 && table.columnCount == 2)
        #expect(try table.numbers("a") == [1, 3])
        #expect(try table.numbers("b") == [2, 4])
        #expect(table.columnIndex("a") == 1 && table.columnIndex("c") == nil)
        let missing = #expect(throws: InputError.self) { try table.numbers("c") }
        #expect(missing?.description == "t.csv:1: the header has no column 'c' (it has 'b', 'a')")
    }

    @Test("CRLF line endings and a UTF-8 byte order mark are tolerated")
    func crlfAndBOM() throws {
        let table = try CSVTable(bytes: [0xEF, 0xBB, 0xBF] + Array("x,y\r\n1,2\r\n3,4\r\n".utf8), file: "t.csv")
        #expect(table.header == ["x", "y"])
        #expect(try table.numbers("y") == [2, 4])
        #expect(table.line(ofRow: 1) == 3)
    }

    @Test("Blank lines at the end are fine; a blank line before a row is refused")
    func blankLines() throws {
        #expect(try CSVTable(text: "a\n1\n\n  \n\r\n", file: "t.csv").rowCount == 1)
        #expect(try CSVTable(text: "a\n1", file: "t.csv").numbers("a") == [1])
        #expect(error("a\n1\n\n2\n")?.description == "t.csv:3: blank line (only blank lines at the end of the file are allowed)")
        #expect(error("\na\n1\n")?.line == 1)
        #expect(error("")?.description == "t.csv: is empty (expected a header line naming the columns)")
        #expect(error("\n\n")?.line == nil)
    }

    @Test("Duplicate and empty column names are refused on line 1")
    func duplicateColumns() {
        #expect(error("a,b,a\n1,2,3\n")?.description == "t.csv:1: column 'a' appears twice in the header")
        #expect(error("a,,b\n1,2,3\n")?.description == "t.csv:1: column 2 of the header has no name")
    }

    @Test("A row with too few or too many fields is refused with its line",
          arguments: [("a,b\n1,2\n3\n", 3, "expected 2 fields, found 1"), ("a,b\n1,2,\n", 2, "expected 2 fields, found 3")])
    func wrongFieldCount(text: String, line: Int, message: String) {
        let e = error(text)
        #expect(e?.file == "t.csv" && e?.line == line && e?.message == message)
    }

    @Test("Numbers are parsed strictly: finite decimals unless the caller allows nan or infinities")
    func strictNumbers() throws {
        let good = try CSVTable(text: "x\n1\n-2.5\n+.5\n1e3\n 7 \n0.1\n1.\n", file: "t.csv")
        #expect(try good.numbers("x") == [1, -2.5, 0.5, 1000, 7, 0.1, 1])
        for bad in ["abc", "1,5", "0x10", "1e", "--1", "1 2", "", "١"] {
            let table = try CSVTable(text: "x,y\n0,0\n\"\(bad)\",0\n", file: "t.csv")
            let e = #expect(throws: InputError.self) { try table.numbers("x") }
            #expect(e?.line == 3 && e?.message == "x '\(bad)' is not a finite number (column 1)", "\(bad)")
        }
        let special = try CSVTable(text: "x\nnan\nNaN\n-inf\nInfinity\n1e999\n", file: "t.csv")
        #expect(#expect(throws: InputError.self) { try special.numbers("x") }?.line == 2)
        #expect(#expect(throws: InputError.self) { try special.numbers("x", allowing: .nan) }?.message
            == "x '-inf' is not a finite number or nan (column 1)")
        let all = try special.numbers("x", allowing: [.nan, .infinity])
        #expect(all[0].isNaN && all[1].isNaN && all[2] == -.infinity && all[3] == .infinity && all[4] == .infinity)
        #expect(try CSVTable(text: "x\n0.1\n2.675\n", file: "t.csv").numbers("x") == [0.1, 2.675])
    }

    @Test("Integers are plain digits within the caller's range")
    func integers() throws {
        let table = try CSVTable(text: "c\n0\n2\n+1\n", file: "t.csv")
        #expect(try table.integers("c", in: 0...2) == [0, 2, 1])
        let out = try CSVTable(text: "c\n1\n3\n", file: "t.csv")
        #expect(#expect(throws: InputError.self) { try out.integers("c", in: 0...2) }?.description
            == "t.csv:3: c '3' is not an integer in 0…2 (column 1)")
        let fraction = try CSVTable(text: "c\n1.0\n", file: "t.csv")
        #expect(#expect(throws: InputError.self) { try fraction.integers("c", in: 0...2) }?.line == 2)
    }

    @Test("Quoted fields hold commas and doubled quotes; stray quotes are refused")
    func quoting() throws {
        let table = try CSVTable(text: "\"name\",\"x\"\n\"a, \"\"b\"\"\",\"1.5\"\n", file: "t.csv")
        #expect(table.header == ["name", "x"])
        #expect(try table.texts("name") == ["a, \"b\""])
        #expect(try table.numbers("x") == [1.5])
        #expect(error("a\n\"1\n")?.message == "field 1 has an unterminated quote (a quoted field must end on its line)")
        #expect(error("a\n\"1\"x\n")?.message == "field 1 has text after its closing quote")
        #expect(error("a,b\n1,2\"\n")?.message == "field 2 has a quote inside an unquoted field")
    }

    @Test("Text that is not UTF-8 is refused with its line")
    func notUTF8() {
        let e = #expect(throws: InputError.self) { try CSVTable(bytes: Array("a\n1\n".utf8) + [0xFF, 10], file: "t.csv") }
        #expect(e?.line == 3 && e?.message == "is not UTF-8 text")
    }

    @Test("Echoed text is cut to 80 characters")
    func longFieldsAreCut() throws {
        let long = String(repeating: "z", count: 500)
        let table = try CSVTable(text: "x\n\(long)\n", file: "t.csv")
        let e = #expect(throws: InputError.self) { try table.numbers("x") }
        #expect(e?.message == "x '\(String(repeating: "z", count: 79))…' is not a finite number (column 1)")
        #expect(CSVTable.excerpt("short") == "short")
    }

    @Test("A line longer than the limit is refused before it is split")
    func longLine() {
        #expect(error("a\n" + String(repeating: "1", count: 65) + "\n", maximumLineBytes: 64)?.description
            == "t.csv:2: line is longer than 64 bytes")
        #expect(error("a\n" + String(repeating: "1", count: 2048) + "\n", maximumLineBytes: 1024)?.message
            == "line is longer than 1 KiB")
    }

    @Test("Files: a missing file, a directory, a FIFO and a file over the size limit are refused plainly")
    func files() throws {
        let folder = try TemporaryDirectory()
        let good = try folder.write("a,b\n1,2\n", to: "good.csv")
        #expect(try CSVTable.read(good).numbers("b") == [2])
        #expect(#expect(throws: InputError.self) { try CSVTable.read(folder.file("none.csv")) }?.description
            == "\(folder.file("none.csv")): no such file")
        #expect(#expect(throws: InputError.self) { try CSVTable.read(folder.path) }?.description
            == "\(folder.path): is a directory, not a CSV file")
        let fifo = folder.file("pipe.csv")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(#expect(throws: InputError.self) { try CSVTable.read(fifo) }?.message
            == "is not a regular file (a device, pipe or socket is not read as CSV)")
        #expect(#expect(throws: InputError.self) { try CSVTable.read(good, maximumFileBytes: 4) }?.message
            == "is larger than 4 bytes, the most a CSV file may hold")
        let link = folder.file("link.csv")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: good)
        #expect(try CSVTable.read(link).rowCount == 1)
    }

    @Test("Every row as numbers, and the line of each row")
    func numberRows() throws {
        let table = try CSVTable(text: "f0,f1\n1,2\n3,4\n", file: "t.csv")
        #expect(try table.numberRows() == [[1, 2], [3, 4]])
        #expect((0..<table.rowCount).map(table.line(ofRow:)) == [2, 3])
        #expect(table.text(row: 1, column: 0) == "3")
    }
}
