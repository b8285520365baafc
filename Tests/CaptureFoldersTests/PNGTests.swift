import Foundation
import Testing
import Recording
import TestSupport
@testable import CaptureFolders

/// PNG decoding through libpng: samples as stored, and a clear error naming the file for
/// each way a PNG can be wrong.
@Suite("PNG through libpng")
struct PNGTests {
    static let depth = GrayImage.Expectation(bitDepth: 16, size: (4, 3), role: "depth")

    static func sample16() -> GrayImage {
        GrayImage(width: 4, height: 3, bitDepth: 16, samples: [0, 1, 255, 256, 1000, 4095, 30000, 65535, 2, 3, 4, 5])
    }

    /// The CRC-32 of PNG chunks (ISO 3309), to write headers a test means to be read.
    static func crc32(_ bytes: some Collection<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// `png` with its IHDR rewritten by `change` (bytes 16–28: width, height, depth, colour
    /// type, …) and its CRC recomputed, so libpng reads the new header.
    static func patchedHeader(_ png: [UInt8], _ change: (inout [UInt8]) -> Void) -> [UInt8] {
        var bytes = png
        var header = Array(bytes[16..<29])
        change(&header)
        bytes.replaceSubrange(16..<29, with: header)
        let crc = crc32(bytes[12..<29])
        bytes.replaceSubrange(29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        return bytes
    }

    static func message(_ bytes: [UInt8], expecting expected: GrayImage.Expectation = depth) -> String {
        do {
            _ = try GrayImage.decode(bytes, file: "f.png", expecting: expected)
            return "decoded"
        } catch {
            return error.description
        }
    }

    @Test("16- and 8-bit grayscale round-trip through libpng with every sample as stored")
    func roundTrip() throws {
        let image = Self.sample16()
        #expect(try GrayImage.decode(image.pngBytes(), file: "d.png", expecting: Self.depth) == image)
        let small = GrayImage(width: 3, height: 2, bitDepth: 8, samples: [0, 1, 2, 2, 1, 255])
        #expect(try GrayImage.decode(small.pngBytes(), file: "c.png", expecting: .init(bitDepth: 8, role: "confidence")) == small)
    }

    @Test("every depth and confidence PNG of the bundled capture (ICC profiles and all) decodes as Pillow reads it",
          .enabled(if: ReferencePython.isAvailable))
    func matchesPillow() throws {
        let folder = CaptureFixtures.repository + "/Data/captures/charuco"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.sorted()
        #expect(names.count == 184)
        // Pillow reads 16-bit grayscale as mode I;16 and 8-bit as L: per file the size, the mode,
        // the sum of the samples and a sum weighting sample k by (k mod 65521) + 1, which any
        // changed or moved sample alters.
        let script = """
            import sys, numpy
            from PIL import Image
            for path in sys.argv[1:]:
                image = Image.open(path)
                samples = numpy.array(image).astype(numpy.int64).ravel()
                weights = numpy.arange(samples.size, dtype=numpy.int64) % 65521 + 1
                print(image.width, image.height, image.mode, int(samples.sum()), int((samples * weights).sum()))
            """
        let output = String(decoding: try ReferencePython.run(script, arguments: names.map { folder + "/" + $0 }), as: UTF8.self)
        let lines = output.split(separator: "\n")
        #expect(lines.count == names.count)
        for (name, line) in zip(names, lines) {
            let fields = line.split(separator: " ")
            let depth = name.hasPrefix("depth")
            let image = try GrayImage.read(folder + "/" + name, expecting: .init(bitDepth: depth ? 16 : 8, role: name))
            #expect(fields[0] == "\(image.width)" && fields[1] == "\(image.height)" && fields[2] == (depth ? "I;16" : "L"), "\(name)")
            let sum = image.samples.reduce(0) { $0 + Int($1) }
            let weighted = image.samples.enumerated().reduce(0) { $0 + Int($1.element) * ($1.offset % 65521 + 1) }
            #expect(fields.count == 5 && fields[3] == "\(sum)" && fields[4] == "\(weighted)", "\(name)")
        }
    }

    @Test("a truncated PNG is an error naming the file")
    func truncated() throws {
        let bytes = try Self.sample16().pngBytes()
        let text = Self.message(Array(bytes.prefix(bytes.count - 20)))
        #expect(text.hasPrefix("f.png: cannot be decoded"), "\(text)")
        #expect(Self.message(Array(bytes.prefix(20))).hasPrefix("f.png: not a readable PNG"))
        #expect(Self.message([1, 2, 3]).contains("not a PNG file"))
    }

    @Test("a PNG of another bit depth, size or colour type is refused, named")
    func wrongShape() throws {
        let eight = try GrayImage(width: 4, height: 3, bitDepth: 8, samples: Array(repeating: 1, count: 12)).pngBytes()
        #expect(Self.message(eight) == "f.png: is 8-bit grayscale, expected 16-bit grayscale (depth)")
        let larger = try GrayImage(width: 5, height: 3, bitDepth: 16, samples: Array(repeating: 1, count: 15)).pngBytes()
        #expect(Self.message(larger) == "f.png: is 5 × 3 pixels, expected 4 × 3 (depth)")
        let rgb = Self.patchedHeader(try Self.sample16().pngBytes()) { $0[9] = 2 }
        #expect(Self.message(rgb) == "f.png: is a RGB PNG, expected 16-bit grayscale (depth)")
    }

    @Test("a header claiming absurd dimensions is refused before any row is read")
    func absurdHeader() throws {
        let huge = Self.patchedHeader(try Self.sample16().pngBytes()) { header in
            header.replaceSubrange(0..<8, with: [0x00, 0x0F, 0x42, 0x40, 0x00, 0x0F, 0x42, 0x40])  // 1,000,000 × 1,000,000
        }
        #expect(Self.message(huge) == "f.png: the PNG header claims 1000000 × 1000000 pixels, more than 4096 on a side (a damaged or foreign file)")
    }

    @Test("a missing file and a folder are named")
    func notAFile() throws {
        let folder = try TemporaryDirectory()
        #expect(throws: InputError(file: folder.file("none.png"), message: "no such file")) {
            try GrayImage.read(folder.file("none.png"), expecting: Self.depth)
        }
    }
}
