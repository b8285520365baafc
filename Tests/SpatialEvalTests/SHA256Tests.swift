import Foundation
import EvalNumerics
import EvalResults
import EvalJobs
import EvalReports
import EvalCommandLine
import TestSupport
import Testing

@Suite("SHA-256")
struct SHA256Tests {
    @Test("digests equal coreutils' sha256sum across block boundaries")
    func matchesSha256sum() throws {
        let folder = try TemporaryDirectory()
        var random = SplitMix64(seed: 2)
        for length in [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 1000, 100_003] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let path = folder.file("data-\(length)")
            #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            let reference = try Subprocess.run("/usr/bin/sha256sum", [path])
            let expected = String(String(decoding: reference.standardOutput, as: UTF8.self).prefix(64))
            #expect(SHA256.hexDigest(of: bytes) == expected, "length \(length)")
            #expect(try SHA256.hexDigest(ofFile: path) == expected, "file of length \(length)")
        }
    }

    @Test("fed in pieces of every size, the digest is the one of the whole")
    func piecesEqualWhole() {
        var random = SplitMix64(seed: 3)
        let bytes = (0..<5_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let whole = SHA256.hexDigest(of: bytes)
        for round in 0..<40 {
            var hash = SHA256()
            var offset = 0
            while offset < bytes.count {
                let size = min(Int(random.next() % UInt64(round < 20 ? 70 : 300)), bytes.count - offset)
                hash.update(bytes[offset..<(offset + size)])
                offset += size
            }
            #expect(hash.finalizeHex() == whole, "round \(round)")
        }
    }
}
