import Foundation
import Testing
import ResultStore

/// Issue 13: a results file we did not write may declare extents its bytes cannot hold.
/// The element count is bounded by the file's size before anything is allocated
/// (spec.md#limits-results-files).
@Suite("Damaged extents")
struct DamagedExtentTests {
    /// Writes a dataset of `count` zeros, then rewrites every little-endian 64-bit copy of
    /// `count` in the file (the dataspace's extents) as `declared`.
    private func damagedFile(in dir: TemporaryDirectory, count: Int, declared: UInt64) throws -> String {
        let path = dir.file("damaged.h5")
        let file = try ResultFile.create(atPath: path)
        try file.root.write([Double](repeating: 0, count: count), to: "x")
        try file.commit()
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let needle = withUnsafeBytes(of: UInt64(count).littleEndian, Array.init)
        let replacement = withUnsafeBytes(of: declared.littleEndian, Array.init)
        var patched = 0
        var k = 0
        while k + 8 <= bytes.count {
            if Array(bytes[k..<k + 8]) == needle {
                bytes.replaceSubrange(k..<k + 8, with: replacement)
                patched += 1
                k += 8
            } else {
                k += 1
            }
        }
        #expect(patched > 0, "the extent was not found in the file")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a dataset declaring 2^40 elements is refused before allocation", arguments: [UInt64(1) << 40, UInt64.max, 80_000])
    func hugeExtent(declared: UInt64) throws {
        let dir = try TemporaryDirectory()
        let path = try damagedFile(in: dir, count: 77_777, declared: declared)
        let error = #expect(throws: (any Error).self) {
            let file = try ResultFile.open(atPath: path)
            _ = try file.root.readDoubles("x")
        }
        if declared == 1 << 40 {  // refused by our check; an extent past Int64 is refused by libhdf5 itself
            #expect(error.map { "\($0)" }?.contains("more than the file can hold") == true, "\(String(describing: error))")
        }
    }
}
