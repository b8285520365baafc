import Foundation

/// Checks every global heap collection (`GCOL`, where libhdf5 keeps variable-length strings)
/// before libhdf5 reads one: libhdf5 trusts each heap object's stated size, so an object that
/// claims to run past its collection makes `H5HG_read` copy beyond its buffer (the hdf5 fuzz
/// target found such a file). A collection must lie inside the file, and every object inside
/// its collection (Docs/result-store.md#superblock-check).
struct GlobalHeapCheck {
    /// The file.
    let file: FileBytes
    private var size: Int { file.size }

    /// Bytes scanned per read when looking for collections (a parameter so that tests can
    /// put collections across window edges in small files).
    var window = 1 << 20
    /// A collection's header: signature, version, 3 reserved bytes, 8-byte size.
    static let headerSize = 16
    /// A heap object's header: index, reference count, reserved, 8-byte size.
    static let objectHeaderSize = 16

    /// Nil when every collection in the file is well formed, else why not.
    func problem() -> String? {
        let signature = Array("GCOL".utf8)
        var offset = 0
        // windows overlap by the signature's length less one, so none is missed
        var buffer = [UInt8](repeating: 0, count: window + signature.count - 1)
        while offset < size {
            let count = file.read(offset, into: &buffer)
            let hits = buffer.withUnsafeBufferPointer { FileBytes.occurrences(of: signature, in: UnsafeBufferPointer(rebasing: $0[..<count])) }
            for k in hits where k < window {
                if let problem = collectionProblem(at: offset + k) { return "global heap collection at \(offset + k): \(problem)" }
            }
            offset += window
        }
        return nil
    }

    /// Nil when the bytes at `start` are not a version-1 collection header or are a well-formed
    /// collection, else why not.
    private func collectionProblem(at start: Int) -> String? {
        let head = file.read(start, Self.headerSize)
        guard head.count == Self.headerSize, head[4] == 1 else { return nil }  // not a collection header: libhdf5 refuses it too
        guard let length = FileBytes.value(head, 8, 8), length >= Self.headerSize, length <= size - start else {
            return "its size runs past the file's \(size) bytes"
        }
        let body = file.read(start, length)
        guard body.count == length else { return "cut short" }
        var p = Self.headerSize
        while p + Self.objectHeaderSize <= length {
            let index = Int(body[p]) | Int(body[p + 1]) << 8
            guard let objectSize = FileBytes.value(body, p + 8, 8), objectSize <= length else { return "an object of more bytes than the collection" }
            // a data object's header and its data padded to 8 bytes; the free-space object (index 0) counts its own header
            let need = index == 0 ? objectSize : Self.objectHeaderSize + (objectSize + 7) / 8 * 8
            guard need >= Self.objectHeaderSize, need <= length - p else { return "object \(index) runs past the collection" }
            p += need
        }
        return nil
    }
}
