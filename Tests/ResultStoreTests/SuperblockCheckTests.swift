import Foundation
@testable import ResultStore
import Testing

@Suite("Superblock check before libhdf5")
struct SuperblockCheckTests {
    /// The 61-byte input the hdf5 fuzz target found (Fuzz/crashes/hdf5): libhdf5 asked for 4 GB.
    static let fuzzFound: [UInt8] = [
        0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x00, 0x00, 0x08, 0x08, 0x00,
        0x04, 0x00, 0x33, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0x01, 0x00, 0x00, 0x04, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0x0f, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x02, 0x00,
    ]

    @Test("a superblock pointing outside the file is refused before libhdf5 reads it; written files still open")
    func refusesBadSuperblocks() throws {
        let dir = try TemporaryDirectory()
        let bad = dir.file("bad.h5")
        try Data(Self.fuzzFound).write(to: URL(fileURLWithPath: bad))
        #expect(throws: HDF5FileRejected.self) { try ResultFile.open(atPath: bad) }

        let good = dir.file("good.h5")
        let file = try ResultFile.create(atPath: good)
        try file.root.write([1.0], to: "x")
        try file.commit()
        #expect(try ResultFile.open(atPath: good).root.readDoubles("x").values == [1.0])
        // The same file cut short: its end-of-file address now lies beyond the end.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: good))
        let cut = dir.file("cut.h5")
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cut))
        #expect(throws: HDF5FileRejected.self) { try ResultFile.open(atPath: cut) }
        #expect(throws: HDF5FileRejected.self) { try ResultFile.open(atPath: dir.path) }
    }

    @Test("a root object header whose chunk runs past the file is refused (libhdf5 would allocate its stated length)")
    func refusesAnOversizedRootHeaderChunk() throws {
        let dir = try TemporaryDirectory()
        let good = dir.file("good.h5")
        let file = try ResultFile.create(atPath: good)
        try file.root.setAttribute("layout", "x")
        try file.root.write([1.0, 2.0], to: "x")
        try file.commit()
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: good)))
        // version-0 superblock: the root symbol-table entry's object-header address at byte 64
        let root = Int(bytes[64..<72].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        #expect(bytes[0..<8].elementsEqual([0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a]) && bytes[8] == 0 && bytes[root] == 1)
        // the version-1 header's size field (4 bytes at +8, little-endian): about 4 GB
        bytes.replaceSubrange(root + 8..<root + 12, with: [0x00, 0x00, 0x00, 0xff])
        try Self.expectRejected(bytes, in: dir, reasonStarting: "root group: an object-header chunk of")
    }

    /// `bytes`, written as a file in `dir`, is refused with a reason starting with `prefix`.
    static func expectRejected(_ bytes: [UInt8], in dir: TemporaryDirectory, reasonStarting prefix: String) throws {
        let bad = dir.file("bad.h5")
        try Data(bytes).write(to: URL(fileURLWithPath: bad))
        do {
            _ = try ResultFile.open(atPath: bad)
            Issue.record("the damaged file was opened")
        } catch let error as HDF5FileRejected {
            #expect(error.reason.hasPrefix(prefix), "\(error)")
        }
    }

    @Test("a global heap object that claims more bytes than its collection is refused (H5HG_read would copy past its buffer)")
    func refusesAnOversizedGlobalHeapObject() throws {
        let dir = try TemporaryDirectory()
        let good = dir.file("good.h5")
        let file = try ResultFile.create(atPath: good)
        try file.root.setAttribute("layout", "a variable-length string kept in the global heap")
        try file.commit()
        #expect(try ResultFile.open(atPath: good).root.attributeString("layout").hasPrefix("a variable-length"))
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: good)))
        let signature = Array("GCOL".utf8)
        let start = try #require((0...(bytes.count - 4)).first { Array(bytes[$0..<$0 + 4]) == signature })
        // the first object's size field (8 bytes at collection + 16 + 8): far more than the collection
        bytes.replaceSubrange(start + 24..<start + 32, with: [0x00, 0x00, 0x10, 0x00, 0x00, 0x00, 0x00, 0x00])
        try Self.expectRejected(bytes, in: dir, reasonStarting: "global heap collection at \(start)")
        // The scan reads the file in windows that overlap by three bytes into one reused
        // buffer: whatever the window, the damaged collection is found at the same offset,
        // including windows whose edge cuts its signature and a last window the buffer
        // holds stale bytes beyond.
        let damaged = dir.file("damaged-windows.h5")
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        let handle = try #require(FileHandle(forReadingAtPath: damaged))
        defer { try? handle.close() }
        let scanned = FileBytes(size: bytes.count, handle: handle)
        let windows = [1, 2, 3, 4, 5, 7, 64, 1000, start, start + 1, start + 2, start + 3, start + 4, bytes.count, 1 << 20]
        for window in windows {
            var check = GlobalHeapCheck(file: scanned)
            check.window = window
            #expect(check.problem()?.hasPrefix("global heap collection at \(start):") == true, "window \(window)")
        }
    }
}
