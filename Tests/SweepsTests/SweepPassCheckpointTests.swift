import Foundation
import Sweeps
import TestSupport
import Testing

/// The pass checkpoint of a replay sweep (Docs/sweeps.md#checkpoint): appended records, read
/// back up to the last good one, another pass's file ignored.
@Suite struct SweepPassCheckpointTests {
    private static func checkpoint(_ folder: TemporaryDirectory, fingerprint: String = "f", points: [Int] = [0, 2, 5]) -> SweepPassCheckpoint {
        SweepPassCheckpoint(path: folder.file("pass.checkpoint"), fingerprint: fingerprint, points: points, recordings: 4, width: 2)
    }

    /// Every record read back, by recording.
    private static func read(_ file: SweepPassCheckpoint) -> (units: [Int], values: [Int: [UInt64]]) {
        var values: [Int: [UInt64]] = [:]
        let units = file.resume { values[$0] = $1.map(\.bitPattern) }
        return (units, values)
    }

    private static func size(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? -1
    }

    @Test("records appended batch by batch read back bit for bit, and the next append continues the file")
    func appendAndResume() throws {
        let folder = try TemporaryDirectory()
        let file = Self.checkpoint(folder)
        try file.start()
        #expect(Self.read(file).units.isEmpty)
        let first: [Double] = [1, 2, .nan, -0.0, .infinity, 0.1]
        try file.append([(0, first), (1, [6, 5, 4, 3, 2, 1])])
        try file.append([(3, [0, 0, 0, 0, 0, 1])])
        let (units, values) = Self.read(file)
        #expect(units == [0, 1, 3])
        #expect(values[0] == first.map(\.bitPattern) && values[3] == [0, 0, 0, 0, 0, 1.0].map(\.bitPattern))
        #expect(try Self.size(file.path) == file.header.count + 3 * file.recordBytes)
        #expect(SweepPassCheckpoint.described(by: try Data(contentsOf: URL(fileURLWithPath: file.path)), path: file.path)?.checkpoint == file)
    }

    @Test("a record cut by a kill, or one out of order or past the recordings, ends what is read, and the file is cut there")
    func tornAndBadRecords() throws {
        let folder = try TemporaryDirectory()
        let file = Self.checkpoint(folder)
        try file.start()
        try file.append([(1, [1, 1, 1, 1, 1, 1]), (2, [2, 2, 2, 2, 2, 2])])
        let handle = try #require(FileHandle(forWritingAtPath: file.path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(repeating: 7, count: file.recordBytes - 3))
        try handle.close()
        #expect(Self.read(file).units == [1, 2], "the torn record is not read")
        #expect(try Self.size(file.path) == file.header.count + 2 * file.recordBytes, "and is cut off")
        try file.append([(3, [3, 3, 3, 3, 3, 3])])
        #expect(Self.read(file).units == [1, 2, 3], "the next append continues after the last good record")
        for bad in [2, 9, -1] {
            let other = SweepPassCheckpoint(path: folder.file("bad-\(bad).checkpoint"), fingerprint: "f", points: [0, 2, 5], recordings: 4, width: 2)
            try other.start()
            try other.append([(2, [2, 2, 2, 2, 2, 2]), (bad, [9, 9, 9, 9, 9, 9]), (3, [3, 3, 3, 3, 3, 3])])
            #expect(Self.read(other).units == [2], "recording \(bad) after 2 is not a record of this pass")
        }
    }

    @Test("another fingerprint, other points, another shape, the earlier format or a missing file: nothing is read and the file is left alone")
    func anotherPass() throws {
        let folder = try TemporaryDirectory()
        let file = Self.checkpoint(folder)
        try file.start()
        try file.append([(0, [1, 1, 1, 1, 1, 1])])
        let bytes = try Self.size(file.path)
        for other in [Self.checkpoint(folder, fingerprint: "g"), Self.checkpoint(folder, points: [0, 2, 6]),
                      SweepPassCheckpoint(path: file.path, fingerprint: "f", points: [0, 2, 5], recordings: 5, width: 2),
                      SweepPassCheckpoint(path: file.path, fingerprint: "f", points: [0, 2, 5], recordings: 4, width: 3)] {
            #expect(Self.read(other).units.isEmpty)
        }
        #expect(try Self.size(file.path) == bytes)
        var legacy = SweepCheckpoint(fingerprint: "f")
        legacy.record([0: [[1, 1], [1, 1], [1, 1], [1, 1]]])
        try legacy.save(to: file.path)
        #expect(Self.read(file).units.isEmpty, "a point-major checkpoint of the earlier format is another file")
        #expect(Self.read(Self.checkpoint(try TemporaryDirectory())).units.isEmpty)
        #expect(SweepPassCheckpoint.described(by: Data("SPEVCKP2".utf8), path: "x") == nil)
    }
}
