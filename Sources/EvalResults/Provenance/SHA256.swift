import Foundation
import Recording
import Synchronization

/// SHA-256 (FIPS 180-4), used to fingerprint every input of a results file.
public struct SHA256: Sendable {
    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
    )
    /// Bytes fed but not yet compressed (fewer than 64).
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    /// A fresh hash.
    public init() {}

    /// Feeds bytes.
    public mutating func update(_ bytes: some Collection<UInt8>) {
        length &+= UInt64(bytes.count)
        let handled: Void? = bytes.withContiguousStorageIfAvailable { update(contiguous: $0) }
        if handled == nil { Array(bytes).withUnsafeBufferPointer { update(contiguous: $0) } }
    }

    /// The digest as 64 lowercase hexadecimal characters.
    public mutating func finalizeHex() -> String {
        var tail: [UInt8] = [0x80]
        let used = (pending.count + 1) % 64
        tail += [UInt8](repeating: 0, count: used <= 56 ? 56 - used : 120 - used)
        let bits = length &* 8
        tail += (0..<8).map { UInt8(truncatingIfNeeded: bits >> (56 - 8 * UInt64($0))) }
        let savedLength = length
        update(tail)
        length = savedLength
        let words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
        return words.map { String(format: "%08x", $0) }.joined()
    }

    /// The hex digest of a file's contents, read in chunks.
    public static func hexDigest(ofFile path: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
        defer { try? handle.close() }
        var hash = SHA256()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            hash.update(chunk)
        }
        return hash.finalizeHex()
    }

    /// The hex digest of `bytes`.
    public static func hexDigest(of bytes: some Collection<UInt8>) -> String {
        var hash = SHA256()
        hash.update(bytes)
        return hash.finalizeHex()
    }

    /// Completes a pending block from `bytes`, compresses every whole block of the rest in
    /// place and keeps the remainder pending (the length is counted by the caller).
    private mutating func update(contiguous bytes: UnsafeBufferPointer<UInt8>) {
        var offset = 0
        if !pending.isEmpty {
            let taken = min(64 - pending.count, bytes.count)
            pending.append(contentsOf: bytes[0..<taken])
            offset = taken
            guard pending.count == 64 else { return }
            let block = pending
            block.withUnsafeBufferPointer { compress($0, at: 0) }
            pending.removeAll(keepingCapacity: true)
        }
        while bytes.count - offset >= 64 {
            compress(bytes, at: offset)
            offset += 64
        }
        if offset < bytes.count { pending.append(contentsOf: bytes[offset...]) }
    }

    private mutating func compress(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            Self.k.withUnsafeBufferPointer { k in compress(buffer, at: offset, schedule: w, constants: k) }
        }
    }

    @inline(__always)
    private mutating func compress(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int, schedule w: UnsafeMutableBufferPointer<UInt32>,
                                   constants k: UnsafeBufferPointer<UInt32>) {
        for t in 0..<16 {
            let b = offset + 4 * t
            w[t] = UInt32(buffer[b]) << 24 | UInt32(buffer[b + 1]) << 16 | UInt32(buffer[b + 2]) << 8 | UInt32(buffer[b + 3])
        }
        func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { x >> n | x << (32 - n) }
        for t in 16..<64 {
            let s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)
            let s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10)
            w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, h) = state
        for t in 0..<64 {
            let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
            let choice = (e & f) ^ (~e & g)
            let t1 = h &+ s1 &+ choice &+ k[t] &+ w[t]
            let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let t2 = s0 &+ majority
            h = g; g = f; f = e; e = d &+ t1
            d = c; c = b; b = a; a = t1 &+ t2
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
    }
}

extension SHA256 {
    /// SHA-256 of a file as lowercase hex, as an ``InputError`` naming the file when it cannot be read:
    /// how every job fingerprints its inputs for provenance. A file fingerprinted before in this
    /// process and unchanged since (same device, inode, size, modification and change times) is
    /// not read again: a sweep fingerprints its recordings for its checkpoint and again for
    /// the results file.
    public static func fingerprint(_ path: String) throws -> String {
        let before = FileIdentity(path)
        if let before, let known = knownFingerprints.withLock({ $0[before] }) { return known }
        let digest: String
        do {
            digest = try SHA256.hexDigest(ofFile: path)
        } catch {
            throw InputError(file: path, message: "cannot be read for fingerprinting")
        }
        if let before, FileIdentity(path) == before { knownFingerprints.withLock { $0[before] = digest } }
        return digest
    }

    private static let knownFingerprints = Mutex<[FileIdentity: String]>([:])
}

/// What identifies one version of a file on disk: its path, device and inode, size, and
/// modification and status-change times (nanoseconds); nil when it cannot be `stat`ed.
private struct FileIdentity: Hashable {
    var path: String
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: [Int]
    var changed: [Int]

    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.path = path
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = [info.st_mtim.tv_sec, info.st_mtim.tv_nsec]
        changed = [info.st_ctim.tv_sec, info.st_ctim.tv_nsec]
    }
}
