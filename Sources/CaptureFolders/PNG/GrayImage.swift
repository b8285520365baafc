import Foundation
import Recording

/// A single-channel (grayscale) image as its PNG stores it: a depth map in millimetres, a
/// confidence map of 0/1/2. Decoding goes through libpng (``PNGCalls``) and keeps the samples
/// as stored: no gamma or colour-profile transform (capture apps embed an ICC profile that
/// must not bend millimetres). Rules: `spec.md#capture-import`.
public struct GrayImage: Equatable, Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Bits per sample: 8 or 16.
    public var bitDepth: Int
    /// The samples, row-major from the top-left corner (8-bit samples widened).
    public var samples: [UInt16]

    /// Creates an image from its samples.
    /// - Precondition: `samples.count == width * height` and `bitDepth` is 8 or 16.
    public init(width: Int, height: Int, bitDepth: Int, samples: [UInt16]) {
        precondition(samples.count == width * height, "\(samples.count) samples for \(width) × \(height)")
        precondition(bitDepth == 8 || bitDepth == 16, "bit depth \(bitDepth)")
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.samples = samples
    }

    /// The widest or tallest image decoded, in pixels (a LiDAR map is 256 × 192; recordings
    /// hold maps up to 4,096 on a side). A header claiming more is refused before any row is read.
    public static let maximumSide = 4096
    /// The largest PNG file read, in bytes.
    public static let maximumFileBytes = 64 << 20

    /// What a caller expects of a PNG: its bit depth and, optionally, its size; `role` names the
    /// image in messages ("depth in millimetres").
    public struct Expectation: Sendable {
        /// 8 or 16.
        public var bitDepth: Int
        /// Width and height the image must have, when known.
        public var size: (width: Int, height: Int)?
        /// What the image holds, for messages.
        public var role: String

        /// An expectation of `bitDepth`-bit grayscale, of `size` when given.
        public init(bitDepth: Int, size: (width: Int, height: Int)? = nil, role: String) {
            self.bitDepth = bitDepth
            self.size = size
            self.role = role
        }
    }

    /// Reads the grayscale PNG at `path`.
    /// - Throws: `InputError` naming the file: missing, too large, not a PNG, truncated or
    ///   damaged (libpng's message), a header claiming more than ``maximumSide`` pixels on a
    ///   side, not grayscale, another bit depth or another size than `expected`.
    public static func read(_ path: String, expecting expected: Expectation) throws(InputError) -> GrayImage {
        let data = try TextFile.read(path, kind: "a PNG image", maximumBytes: maximumFileBytes)
        return try decode([UInt8](data), file: path, expecting: expected)
    }

    /// Decodes the PNG `bytes`; `file` names it in errors (see ``read(_:expecting:)``).
    public static func decode(_ bytes: [UInt8], file: String, expecting expected: Expectation) throws(InputError) -> GrayImage {
        func fail(_ message: String) -> InputError { InputError(file: file, message: message) }
        let header: PNGCalls.Header
        switch PNGCalls.header(bytes) {
        case .success(let h): header = h
        case .failure(let e): throw fail("not a readable PNG: \(e.message)")
        }
        guard header.width <= maximumSide, header.height <= maximumSide else {
            throw fail("the PNG header claims \(header.width) × \(header.height) pixels, more than \(maximumSide) on a side (a damaged or foreign file)")
        }
        guard header.colorType == 0 else {
            throw fail("is a \(colorTypeName(header.colorType)) PNG, expected \(expected.bitDepth)-bit grayscale (\(expected.role))")
        }
        guard header.bitDepth == expected.bitDepth else {
            throw fail("is \(header.bitDepth)-bit grayscale, expected \(expected.bitDepth)-bit grayscale (\(expected.role))")
        }
        if let size = expected.size, size.width != header.width || size.height != header.height {
            throw fail("is \(header.width) × \(header.height) pixels, expected \(size.width) × \(size.height) (\(expected.role))")
        }
        let bytesPerSample = header.bitDepth / 8
        var pixels = [UInt8](repeating: 0, count: header.width * header.height * bytesPerSample)
        if case .failure(let e) = PNGCalls.decode(bytes, maximumSide: maximumSide, into: &pixels) {
            throw fail("cannot be decoded: \(e.message)")
        }
        let samples: [UInt16] = bytesPerSample == 1
            ? pixels.map { UInt16($0) }
            : (0..<(header.width * header.height)).map { UInt16(pixels[2 * $0]) << 8 | UInt16(pixels[2 * $0 + 1]) }
        return GrayImage(width: header.width, height: header.height, bitDepth: header.bitDepth, samples: samples)
    }

    /// The image as a PNG file's bytes (grayscale, not interlaced, libpng's default compression).
    public func pngBytes() throws(PNGWriteError) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity(samples.count * bitDepth / 8)
        for sample in samples {
            if bitDepth == 16 { raw.append(UInt8(sample >> 8)) }
            raw.append(UInt8(truncatingIfNeeded: sample))
        }
        switch PNGCalls.encodeGray(width: width, height: height, bitDepth: bitDepth, samples: raw) {
        case .success(let bytes): return bytes
        case .failure(let e): throw PNGWriteError(message: e.message)
        }
    }

    /// The name of PNG colour type `type`.
    private static func colorTypeName(_ type: Int) -> String {
        switch type {
        case 2: "RGB"
        case 3: "palette"
        case 4: "grayscale-with-alpha"
        case 6: "RGBA"
        default: "colour type \(type)"
        }
    }
}

/// libpng could not encode an image (out of memory, in practice).
public struct PNGWriteError: Error, CustomStringConvertible, Sendable {
    /// libpng's message.
    public var message: String
    public var description: String { "libpng could not encode the image: \(message)" }
}
