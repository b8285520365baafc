import Testing
import ResultStore

@Suite("Datasets written and read a piece at a time")
struct PieceTests {
    /// Values 0..<n with a NaN, −0 and an infinity among them, to check the bits.
    private static func values(_ n: Int) -> [Double] {
        var v = (0..<n).map { Double($0) * 0.25 - 3 }
        v[1] = .nan
        v[2] = -0.0
        v[n - 1] = .infinity
        return v
    }

    @Test("a 4-D dataset written piece by piece reads back whole and piece by piece, bit for bit")
    func piecesRoundTrip() throws {
        let shape = [3, 2, 4, 5], all = Self.values(120)
        let dir = try TemporaryDirectory()
        var asked: [Int] = []
        let root = try roundTrip(dir) { group in
            try group.write(to: "cube", shape: shape, trailing: 2) { k in
                asked.append(k)
                return Array(all[k * 20..<(k + 1) * 20])
            }
        }
        #expect(asked == Array(0..<6), "one piece per leading index, in C order")
        let whole = try root.readDoubles("cube")
        #expect(whole.shape == shape && bits(whole.values) == bits(all))
        var pieces: [Int: [Double]] = [:]
        let read = try root.readDoubles("cube", trailing: 3) { (k: Int, values: UnsafeBufferPointer<Double>) in pieces[k] = [Double](values) }
        #expect(read == shape)
        #expect(pieces.keys.sorted() == [0, 1, 2])
        for k in 0..<3 { #expect(bits(pieces[k]!) == bits(Array(all[k * 40..<(k + 1) * 40]))) }
    }

    @Test("a piece of the wrong length fails and leaves no dataset")
    func wrongPiece() throws {
        let dir = try TemporaryDirectory()
        let root = try roundTrip(dir) { group in
            #expect(throws: ResultStoreError.self) {
                try group.write(to: "cube", shape: [2, 3], trailing: 1) { k in k == 0 ? [1, 2, 3] : [1, 2] }
            }
            #expect(!group.contains("cube"))
        }
        #expect(!root.contains("cube"))
    }

    @Test("no leading dimension is one piece; a zero extent is none; a bad shape is refused")
    func edges() throws {
        let dir = try TemporaryDirectory()
        let root = try roundTrip(dir) { group in
            try group.write(to: "one", shape: [2, 2], trailing: 2) { _ in [1, 2, 3, 4] }
            try group.write(to: "none", shape: [0, 4], trailing: 1) { _ in
                Issue.record("no piece of an empty dataset is asked for")
                return []
            }
            #expect(throws: ResultStoreError.self) { try group.write(to: "bad", shape: [2, -1], trailing: 1) { _ in [] } }
            #expect(throws: ResultStoreError.self) { try group.write(to: "deep", shape: [2], trailing: 2) { _ in [] } }
        }
        #expect(try root.readDoubles("one").values == [1, 2, 3, 4])
        #expect(try root.readDoubles("none").shape == [0, 4])
        var called = false
        #expect(try root.readDoubles("none", trailing: 1) { _, _ in called = true } == [0, 4])
        #expect(!called)
        #expect(throws: ResultStoreError.self) { try root.readDoubles("one", trailing: 3) { _, _ in } }
    }
}
