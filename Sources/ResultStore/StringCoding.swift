// Conversion between Swift strings and HDF5 string buffers, shared by datasets
// and attributes. Written strings are variable-length UTF-8; reading accepts
// variable- or fixed-length strings in either ASCII or UTF-8.

/// UTF-8 bytes of several strings, each NUL-terminated, in one buffer.
struct PackedCStrings {
    private var storage: [CChar] = []
    private var offsets: [Int] = []

    /// Packs `strings`, rejecting any that contain NUL (C strings cannot hold it).
    init(_ strings: [String], name: String) throws {
        offsets.reserveCapacity(strings.count)
        for string in strings {
            if string.utf8.contains(0) { throw ResultStoreError.embeddedNUL(name: name) }
            offsets.append(storage.count)
            storage.append(contentsOf: string.utf8.map { CChar(bitPattern: $0) })
            storage.append(0)
        }
    }

    /// Calls `body` with an array of `char *` pointers (the memory layout HDF5
    /// expects for variable-length strings), valid only during the call.
    func withPointerArray<R>(_ body: (UnsafeRawPointer) throws -> R) rethrows -> R {
        try storage.withUnsafeBufferPointer { chars in
            let pointers: [UnsafePointer<CChar>?] = offsets.map { chars.baseAddress! + $0 }
            return try pointers.withUnsafeBytes { try body($0.baseAddress!) }
        }
    }
}

extension HDF5Session {
    /// Reads `count` strings stored with datatype `stored`.
    ///
    /// `read` performs the actual `H5Dread`/`H5Aread` with the memory type it is
    /// given; `space` is the object's dataspace (needed to free variable-length data).
    func readStrings(
        count: Int, stored: StoredType, space: HID, name: String,
        read: (HID, UnsafeMutableRawPointer) throws -> Void
    ) throws -> [String] {
        guard case let .string(variableLength, utf8, size) = stored else {
            throw ResultStoreError.typeMismatch(name: name, expected: "string", found: stored.name)
        }
        if count == 0 { return [] }
        if variableLength {
            let memType = try variableStringType(utf8: utf8)
            defer { closeType(memType) }
            var pointers = [UnsafeMutablePointer<CChar>?](repeating: nil, count: count)
            return try pointers.withUnsafeMutableBytes { raw in
                try read(memType, raw.baseAddress!)
                defer { try? reclaimVariableLength(type: memType, space: space, raw.baseAddress!) }
                return raw.bindMemory(to: UnsafeMutablePointer<CChar>?.self).map { pointer in
                    pointer.map { String(cString: $0) } ?? ""
                }
            }
        }
        // Fixed-length: read into slots one byte wider so every string is NUL-terminated.
        let stride = size + 1
        let memType = try fixedStringType(size: stride, utf8: utf8)
        defer { closeType(memType) }
        var bytes = [UInt8](repeating: 0, count: count * stride)
        try bytes.withUnsafeMutableBytes { try read(memType, $0.baseAddress!) }
        return (0..<count).map { index in
            let slot = bytes[(index * stride)..<((index + 1) * stride)]
            return String(decoding: slot.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
