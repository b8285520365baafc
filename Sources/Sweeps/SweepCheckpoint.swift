import Foundation
import Recording

/// The completed points of a sweep, saved so a killed sweep continues where it stopped.
///
/// Written atomically (temporary file, then rename) after every batch; a restart with the
/// same protocol and output folder loads it and skips its points. The fingerprint ties it to
/// the protocol text, the sweep and the inputs: a checkpoint with another fingerprint is
/// ignored.
///
/// The file is binary (Docs/sweeps.md#checkpoint): a corpus sweep checkpoints hundreds of
/// points × hundreds of recordings × every component, tens of millions of doubles, which a
/// text format took longer to write than the points took to compute. Little-endian:
///
/// | bytes | field |
/// |---|---|
/// | 8 | magic `SPEVCKP1` |
/// | 8 | fingerprint length f |
/// | f | fingerprint, UTF-8 |
/// | 8 × 3 | points n, units u, components c |
/// | 8 × n | point indices (Int64, strictly ascending) |
/// | 8 × n·u·c | values (IEEE 754 doubles, point-major, then unit, then component) |
///
/// and nothing after: a file of any other length is not a checkpoint.
public struct SweepCheckpoint: Sendable, Equatable {
    /// Identifies the sweep definition and inputs the values belong to.
    public var fingerprint: String
    /// Completed point indices, ascending.
    public var points: [Int]
    /// For each completed point: per recording (unit), the ``SweepComponent`` values.
    public var components: [[[Double]]]

    /// The first bytes of a checkpoint file.
    public static let magic = Array("SPEVCKP1".utf8)
    /// The largest checkpoint file read (`spec.md#limits-sweep-checkpoint`).
    public static let maximumBytes = 8 << 30

    /// An empty checkpoint.
    public init(fingerprint: String) {
        self.fingerprint = fingerprint
        points = []
        components = []
    }

    /// Completed points by index.
    public var completed: [Int: [[Double]]] { Dictionary(uniqueKeysWithValues: zip(points, components)) }

    /// Adds (or replaces) results and keeps the points ascending.
    public mutating func record(_ results: [Int: [[Double]]]) {
        var all = completed
        for (k, v) in results { all[k] = v }
        points = all.keys.sorted()
        components = points.map { all[$0]! }
    }

    /// Writes the checkpoint to `path` atomically.
    /// - Throws: when its points do not all have the same number of units and components
    ///   (no sweep makes such a checkpoint), or the file cannot be written.
    public func save(to path: String) throws {
        try AtomicFile.write(try encoded(), to: path)
    }

    /// The checkpoint's bytes (the layout above).
    public func encoded() throws -> Data {
        let units = components.first?.count ?? 0
        let width = components.first?.first?.count ?? 0
        guard points.count == components.count,
              components.allSatisfy({ $0.count == units && $0.allSatisfy { $0.count == width } }) else {
            throw InputError(file: fingerprint, message: "a sweep checkpoint needs every point shaped units × components alike")
        }
        let name = Array(fingerprint.utf8)
        var data = Data(count: Self.magic.count + 8 * (4 + points.count * (1 + units * width)) + name.count)
        data.withUnsafeMutableBytes { (bytes: UnsafeMutableRawBufferPointer) in
            var offset = 0
            func put(_ value: UInt64) {
                bytes.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt64.self)
                offset += 8
            }
            for byte in Self.magic + Array(withUnsafeBytes(of: UInt64(name.count).littleEndian, Array.init)) + name {
                bytes[offset] = byte
                offset += 1
            }
            for count in [points.count, units, width] { put(UInt64(count)) }
            for point in points { put(UInt64(bitPattern: Int64(point))) }
            for perPoint in components {
                for perUnit in perPoint {
                    for value in perUnit { put(value.bitPattern) }
                }
            }
        }
        return data
    }

    /// The checkpoint at `path` when it exists, is a readable regular file, has `fingerprint`
    /// and is well formed: the layout above to the byte, point indices strictly ascending
    /// within `0..<pointCount`, and, when `recordingCount` is given, every point's values
    /// shaped recordings × `componentCount` (units × components for a sweep whose units are
    /// not recordings). Otherwise nil, and the sweep starts afresh (`spec.md#limits-sweep-checkpoint`).
    public static func load(from path: String, fingerprint: String, pointCount: Int = .max, recordingCount: Int? = nil,
                            componentCount: Int = SweepComponent.allCases.count) -> SweepCheckpoint? {
        guard let size = try? TextFile.checkRegularFile(path, kind: "a sweep checkpoint", maximumBytes: maximumBytes),
              let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: size + 1), data.count == size,
              let checkpoint = decoded(data), checkpoint.fingerprint == fingerprint,
              checkpoint.isWellFormed(pointCount: pointCount, recordingCount: recordingCount, componentCount: componentCount)
        else { return nil }
        return checkpoint
    }

    /// The checkpoint `data` holds, or nil when it is not one byte for byte.
    public static func decoded(_ data: Data) -> SweepCheckpoint? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> SweepCheckpoint? in
            var offset = 0
            func word() -> UInt64? {
                guard bytes.count - offset >= 8 else { return nil }
                defer { offset += 8 }
                return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            }
            guard bytes.count >= magic.count, Array(bytes[0..<magic.count]) == magic else { return nil }
            offset = magic.count
            guard let nameLength = word(), nameLength <= UInt64(bytes.count - offset) else { return nil }
            let name = String(decoding: bytes[offset..<(offset + Int(nameLength))], as: UTF8.self)
            offset += Int(nameLength)
            guard let n = word(), let u = word(), let c = word() else { return nil }
            // The counts must account for the rest of the file exactly (no overflow on the way).
            let remaining = UInt64(bytes.count - offset) / 8
            guard UInt64(bytes.count - offset) % 8 == 0, n <= remaining else { return nil }
            let (cells, overflow) = u.multipliedReportingOverflow(by: c)
            let (values, overflow2) = cells.multipliedReportingOverflow(by: n)
            guard !overflow, !overflow2, n + values == remaining, u <= Int.max, c <= Int.max else { return nil }
            // A value set holds at least one value, so the arrays made below are bounded by the
            // file's size: `c` = 0 with a huge `u` would ask for billions of empty arrays.
            guard c > 0 || n == 0 || u == 0 else { return nil }
            let points = (0..<Int(n)).map { _ in Int(Int64(bitPattern: word()!)) }
            let components = (0..<Int(n)).map { _ in
                (0..<Int(u)).map { _ in (0..<Int(c)).map { _ in Double(bitPattern: word()!) } }
            }
            var checkpoint = SweepCheckpoint(fingerprint: name)
            checkpoint.points = points
            checkpoint.components = components
            return checkpoint
        }
    }

    /// Whether the points are strictly ascending within `0..<pointCount`, one value set per
    /// point, each (when `recordingCount` is given) recordings × `componentCount` values.
    public func isWellFormed(pointCount: Int, recordingCount: Int?, componentCount: Int = SweepComponent.allCases.count) -> Bool {
        guard points.count == components.count, points.allSatisfy({ (0..<pointCount).contains($0) }),
              zip(points, points.dropFirst()).allSatisfy({ $0 < $1 }) else { return false }
        guard let recordingCount else { return true }
        return components.allSatisfy { perPoint in
            perPoint.count == recordingCount && perPoint.allSatisfy { $0.count == componentCount }
        }
    }
}
