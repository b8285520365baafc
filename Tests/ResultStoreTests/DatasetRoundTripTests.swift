import Testing
import ResultStore

/// Writes with `body`, commits, reopens read-only and returns the root group.
func roundTrip(_ directory: TemporaryDirectory, _ body: (ResultGroup) throws -> Void) throws -> ResultGroup {
    let path = directory.file("results.h5")
    let file = try ResultFile.create(atPath: path)
    try body(file.root)
    try file.commit()
    return try ResultFile.open(atPath: path).root
}

@Suite("Dataset round trips")
struct DatasetRoundTripTests {
    @Test("doubles round-trip bit-exactly, including NaN, infinities and subnormals")
    func doublesBitExact() throws {
        let values: [Double] = [
            0, -0.0, 1.5, -2.25e300, .pi, .nan, -Double.nan, Double(bitPattern: 0x7FF8_0000_0000_0123),
            .signalingNaN, .infinity, -.infinity, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
            Double.leastNormalMagnitude.nextDown, .leastNormalMagnitude, .greatestFiniteMagnitude, .ulpOfOne,
        ]
        let dir = try TemporaryDirectory()
        let root = try roundTrip(dir) { try $0.write(values, to: "x") }
        let read = try root.readDoubles("x")
        #expect(read.shape == [values.count])
        #expect(bits(read.values) == bits(values))
    }

    @Test("int64 extremes round-trip")
    func int64Extremes() throws {
        let values: [Int64] = [.min, .min + 1, -1, 0, 1, Int64(Int32.max) + 1, .max - 1, .max]
        let dir = try TemporaryDirectory()
        let root = try roundTrip(dir) { try $0.write(values, to: "n") }
        #expect(try root.readInt64s("n") == ResultArray(values))
    }

    @Test("unicode strings round-trip byte-exactly")
    func unicodeStrings() throws {
        let values = [
            "", "plain ascii", "naïve café", "日本語テキスト", "emoji 🎉 👩‍👩‍👧", "e\u{301} vs \u{e9}",
            "tab\there\nnewline", "Ελληνικά / кириллица", String(repeating: "long ", count: 2000),
        ]
        let dir = try TemporaryDirectory()
        let root = try roundTrip(dir) { try $0.write(values, to: "labels") }
        #expect(utf8Bytes(try root.readStrings("labels")) == utf8Bytes(values))
    }

    @Test("empty arrays keep shape [0]")
    func emptyArrays() throws {
        let dir = try TemporaryDirectory()
        let root = try roundTrip(dir) { group in
            try group.write([Double](), to: "d")
            try group.write([Int64](), to: "i")
            try group.write([String](), to: "s")
            try group.write([Double](), to: "m", shape: [0, 3])
        }
        #expect(try root.readDoubles("d") == ResultArray(values: [], shape: [0]))
        #expect(try root.readInt64s("i") == ResultArray(values: [], shape: [0]))
        #expect(try root.readStrings("s") == [])
        #expect(try root.readDoubles("m") == ResultArray(values: [], shape: [0, 3]))
    }

    @Test("N-D arrays keep C-order shape and element order")
    func multiDimensional() throws {
        let matrix: [Double] = [1, 2, 3, 4, 5, 6]
        let cube = (0..<24).map(Int64.init)
        let dir = try TemporaryDirectory()
        let root = try roundTrip(dir) { group in
            try group.write(matrix, to: "matrix", shape: [2, 3])
            try group.write(cube, to: "cube", shape: [2, 3, 4])
        }
        let readMatrix = try root.readDoubles("matrix")
        #expect(readMatrix.shape == [2, 3])
        #expect(readMatrix.rank == 2)
        #expect(readMatrix.values == matrix)
        #expect(try root.readInt64s("cube") == ResultArray(values: cube, shape: [2, 3, 4]))
    }

    @Test("integer data can be read as doubles")
    func integersAsDoubles() throws {
        let dir = try TemporaryDirectory()
        let root = try roundTrip(dir) { try $0.write([Int64(-3), 0, 1 << 40], to: "n") }
        #expect(try root.readDoubles("n").values == [-3, 0, 1_099_511_627_776])
    }

    @Test("a million rows are written and read in one piece")
    func largeDataset() throws {
        let values = (0..<1_000_000).map { Double($0) * 0.5 }
        let dir = try TemporaryDirectory()
        let root = try roundTrip(dir) { try $0.write(values, to: "big") }
        let read = try root.readDoubles("big")
        #expect(read.shape == [1_000_000])
        #expect(read.values == values)
    }

    @Test("nested groups hold their members")
    func nestedGroups() throws {
        let dir = try TemporaryDirectory()
        let root = try roundTrip(dir) { root in
            let a = try root.createGroup("a")
            let b = try a.createGroup("b")
            try b.write([1.0], to: "x")
            try a.write([Int64(7)], to: "count")
            _ = try root.createGroup("z")
            #expect(b.objectPath == "/a/b")
        }
        #expect(try root.memberNames() == ["a", "z"])
        let a = try root.openGroup("a")
        #expect(try a.memberNames() == ["b", "count"])
        #expect(a.contains("b") && a.contains("count"))
        #expect(!a.contains("x") && !a.contains(""))
        #expect(try a.openGroup("b").readDoubles("x").values == [1.0])
        #expect(try root.openGroup("a/b").readDoubles("x").values == [1.0])
    }
}
