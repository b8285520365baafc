import Foundation
import Recording

/// The recordings one pass of a replay sweep has finished (``SweepPass``), saved so a killed
/// sweep continues where it stopped (Docs/sweeps.md#checkpoint).
///
/// A pass runs recording by recording, every point of the pass on each, so what it can save
/// is whole recordings: after every batch the batch's recordings are appended to the file and
/// the file is flushed to disk. Nothing already written is rewritten, so the cost of
/// checkpointing grows with the sweep, not with its square. A header names the pass; a restart
/// whose pass has the same header reads the records back and skips their recordings. Integers
/// little-endian 64-bit:
///
/// | bytes | field |
/// |---|---|
/// | 8 | magic `SPEVCKP2` |
/// | 8 | fingerprint length f |
/// | f | fingerprint, UTF-8 |
/// | 8 × 3 | points n, recordings u, components c |
/// | 8 × n | the pass's point indices (signed, strictly ascending) |
///
/// then one record per finished recording, in the order written: 8 bytes of recording index
/// (ascending from record to record, below u), then n·c doubles (IEEE 754, bit for bit: point
/// by point, each point's c components). A record cut short by a kill, and anything after a
/// record that breaks these rules, is not read, and the next append overwrites it.
public struct SweepPassCheckpoint: Sendable, Equatable {
    /// The first bytes of a pass checkpoint.
    public static let magic = Array("SPEVCKP2".utf8)

    /// The file.
    public var path: String
    /// Identifies the sweep definition, round and inputs the values belong to.
    public var fingerprint: String
    /// The pass's point indices, ascending.
    public var points: [Int]
    /// Recordings in the sweep.
    public var recordings: Int
    /// Components per (point, recording).
    public var width: Int

    /// The checkpoint of a pass computing `points` on `recordings` recordings, `width` values each.
    public init(path: String, fingerprint: String, points: [Int], recordings: Int, width: Int = SweepComponent.allCases.count) {
        self.path = path
        self.fingerprint = fingerprint
        self.points = points
        self.recordings = recordings
        self.width = width
    }

    /// The header bytes (everything before the first record).
    public var header: Data {
        var bytes = Self.magic
        func put(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        let name = Array(fingerprint.utf8)
        put(UInt64(name.count))
        bytes.append(contentsOf: name)
        for count in [points.count, recordings, width] { put(UInt64(count)) }
        for point in points { put(UInt64(bitPattern: Int64(point))) }
        return Data(bytes)
    }

    /// Bytes per record: the recording index and the pass's values on it.
    public var recordBytes: Int { 8 * (1 + points.count * width) }

    /// The pass a checkpoint file's header describes (with `path`), nil when `data` does not
    /// start with a well-formed header; the header's length in bytes beside it.
    public static func described(by data: Data, path: String) -> (checkpoint: SweepPassCheckpoint, headerBytes: Int)? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> (SweepPassCheckpoint, Int)? in
            var offset = magic.count
            func word() -> UInt64? {
                guard bytes.count - offset >= 8 else { return nil }
                defer { offset += 8 }
                return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            }
            guard bytes.count >= magic.count, Array(bytes[0..<magic.count]) == magic,
                  let nameLength = word(), nameLength <= UInt64(bytes.count - offset) else { return nil }
            let name = String(decoding: bytes[offset..<(offset + Int(nameLength))], as: UTF8.self)
            offset += Int(nameLength)
            // A record (8 bytes and n·c values) must be countable in bytes.
            guard let n = word(), let u = word(), let c = word(), n <= UInt64(bytes.count - offset) / 8,
                  u <= UInt64(Int.max), c > 0, c <= (UInt64(Int.max) / 8 - 1) / max(1, n) else { return nil }
            let points = (0..<Int(n)).map { _ in Int(Int64(bitPattern: word()!)) }
            guard zip(points, points.dropFirst()).allSatisfy({ $0 < $1 }), points.allSatisfy({ $0 >= 0 }) else { return nil }
            let checkpoint = SweepPassCheckpoint(path: path, fingerprint: name, points: points, recordings: Int(u), width: Int(c))
            // The header must read back as this very description (the fingerprint as UTF-8).
            guard checkpoint.header == Data(bytes[0..<offset]) else { return nil }
            return (checkpoint, offset)
        }
    }

    /// Reads the records of this pass's file, handing each recording index and its values
    /// (point-major) to `record` in file order, and cuts the file after the last good record
    /// so the next ``append(_:)`` continues it. Reads nothing (and returns empty) when the file
    /// is missing, unreadable or another pass's (another header): the pass then starts afresh.
    ///
    /// - Returns: the recordings read.
    public func resume(_ record: (Int, UnsafeBufferPointer<Double>) -> Void) -> [Int] {
        let expected = header
        guard let size = try? TextFile.checkRegularFile(path, kind: "a sweep checkpoint", maximumBytes: Int.max),
              let handle = FileHandle(forUpdatingAtPath: path) else { return [] }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: expected.count), head == expected else { return [] }
        var done: [Int] = []
        // Nothing is allocated for records the file cannot hold.
        var values = [Double](repeating: 0, count: size - expected.count >= recordBytes ? points.count * width : 0)
        while size - expected.count - done.count * recordBytes >= recordBytes,
              let bytes = try? handle.read(upToCount: recordBytes), bytes.count == recordBytes {
            let unit = bytes.withUnsafeBytes { Int(Int64(littleEndian: $0.loadUnaligned(fromByteOffset: 0, as: Int64.self))) }
            guard (0..<recordings).contains(unit), unit > (done.last ?? -1) else { break }
            bytes.withUnsafeBytes { raw in
                for k in values.indices {
                    values[k] = Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8 * (1 + k), as: UInt64.self)))
                }
            }
            values.withUnsafeBufferPointer { record(unit, $0) }
            done.append(unit)
        }
        try? handle.truncate(atOffset: UInt64(expected.count + done.count * recordBytes))
        return done
    }

    /// Starts the file afresh: the header alone, written atomically.
    /// - Throws: `InputError` naming the file when it cannot be written.
    public func start() throws {
        try AtomicFile.write(header, to: path)
    }

    /// Appends `records` (recording index, the pass's values on it, point-major) and flushes
    /// the file to disk.
    /// - Throws: `InputError` naming the file when it cannot be written.
    public func append(_ records: [(recording: Int, values: [Double])]) throws {
        var words: [UInt64] = []
        words.reserveCapacity(records.count * recordBytes / 8)
        for (recording, values) in records {
            precondition(values.count == points.count * width, "a record holds the pass's points × components")
            words.append(UInt64(bitPattern: Int64(recording)).littleEndian)
            for value in values { words.append(value.bitPattern.littleEndian) }
        }
        let bytes = words.withUnsafeBytes { Data($0) }
        do {
            guard let handle = FileHandle(forWritingAtPath: path) else { throw InputError(file: path, message: "cannot be opened for writing") }
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: bytes)
            try handle.synchronize()
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(file: path, message: "cannot write (\(error.localizedDescription))")
        }
    }
}
