import CPNG

/// Every call into libpng (module `CPNG`, the one C module this package imports for PNG):
/// header reads, decoding and encoding of grayscale images, through the C functions of
/// `Sources/CPNG/shim.h` that keep libpng's `longjmp` error handling on the C side.
enum PNGCalls {
    /// The longest libpng message kept, in bytes.
    private static let messageCapacity = 512

    /// A PNG header as libpng read it.
    struct Header: Equatable {
        var width: Int
        var height: Int
        var bitDepth: Int
        /// PNG colour type: 0 grayscale, 2 RGB, 3 palette, 4 grayscale + alpha, 6 RGBA.
        var colorType: Int
        var interlaced: Bool
    }

    /// The header of the PNG `bytes` (nothing past it is decoded), or libpng's message.
    static func header(_ bytes: [UInt8]) -> Result<Header, PNGCallError> {
        read(bytes, maximumSide: Int(Int32.max), into: nil)
    }

    /// Decodes `bytes` into `pixels` (rows without padding, 16-bit samples big-endian), refusing
    /// an image wider or taller than `maximumSide`; the header, or libpng's message.
    static func decode(_ bytes: [UInt8], maximumSide: Int, into pixels: inout [UInt8]) -> Result<Header, PNGCallError> {
        pixels.withUnsafeMutableBufferPointer { buffer in read(bytes, maximumSide: maximumSide, into: buffer) }
    }

    private static func read(_ bytes: [UInt8], maximumSide: Int, into pixels: UnsafeMutableBufferPointer<UInt8>?) -> Result<Header, PNGCallError> {
        var header = cpng_header()
        var message = [CChar](repeating: 0, count: messageCapacity)
        let status = bytes.withUnsafeBufferPointer { input in
            message.withUnsafeMutableBufferPointer { text in
                cpng_read(input.baseAddress, input.count, UInt32(clamping: maximumSide), &header,
                          pixels?.baseAddress, pixels?.count ?? 0, text.baseAddress, text.count)
            }
        }
        guard status == 0 else { return .failure(PNGCallError(message: Self.text(message))) }
        return .success(Header(width: Int(header.width), height: Int(header.height), bitDepth: Int(header.bit_depth),
                               colorType: Int(header.color_type), interlaced: header.interlaced != 0))
    }

    /// A grayscale PNG of `width` × `height` samples of `bitDepth` (8 or 16; 16-bit samples
    /// big-endian in `samples`), or libpng's message.
    static func encodeGray(width: Int, height: Int, bitDepth: Int, samples: [UInt8]) -> Result<[UInt8], PNGCallError> {
        var message = [CChar](repeating: 0, count: messageCapacity)
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = samples.withUnsafeBufferPointer { input in
            message.withUnsafeMutableBufferPointer { text in
                cpng_write_gray(UInt32(width), UInt32(height), Int32(bitDepth), input.baseAddress, &output, &size, text.baseAddress, text.count)
            }
        }
        defer { cpng_free(output) }
        guard status == 0, let output else { return .failure(PNGCallError(message: Self.text(message))) }
        return .success(Array(UnsafeBufferPointer(start: output, count: size)))
    }

    /// The C string in `buffer`, or a placeholder when libpng left none.
    private static func text(_ buffer: [CChar]) -> String {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return bytes.isEmpty ? "libpng failed without a message" : String(decoding: bytes, as: UTF8.self)
    }
}

/// libpng's message for a failed call.
struct PNGCallError: Error, Equatable {
    /// libpng's words.
    var message: String
}
