/// A misuse of ResultStore detected before reaching HDF5, or a file-system failure.
public enum ResultStoreError: Error, CustomStringConvertible, Sendable, Equatable {
    /// `values.count` differs from the product of `shape`.
    case shapeMismatch(name: String, count: Int, shape: [Int])
    /// The shape is empty or has a negative extent.
    case invalidShape(name: String, shape: [Int])
    /// The stored object has a different type than the one requested.
    case typeMismatch(name: String, expected: String, found: String)
    /// The attribute holds more than one value where a scalar was requested.
    case notScalar(name: String)
    /// A string contains a NUL character, which HDF5 C strings cannot store.
    case embeddedNUL(name: String)
    /// The file was already committed or closed.
    case fileClosed(path: String)
    /// `commit()` was called on a file opened read-only.
    case notWritable(path: String)
    /// A dataset declares more elements than the file could hold (a damaged or foreign file).
    case tooLarge(name: String, shape: [Int], limit: Int)
    /// A file-system operation (rename, sync, remove) failed with `errno`.
    case fileSystem(operation: String, path: String, errno: Int32)

    /// A one-line explanation naming the object or file involved.
    public var description: String {
        switch self {
        case let .shapeMismatch(name, count, shape):
            "dataset '\(name)': \(count) values do not fill shape \(shape)"
        case let .invalidShape(name, shape):
            "dataset '\(name)': invalid shape \(shape) (need at least one non-negative extent)"
        case let .typeMismatch(name, expected, found):
            "'\(name)': expected \(expected) data, found \(found)"
        case let .notScalar(name):
            "attribute '\(name)' is not a scalar"
        case let .embeddedNUL(name):
            "'\(name)': strings must not contain NUL characters"
        case let .fileClosed(path):
            "\(path): file is already committed or closed"
        case let .notWritable(path):
            "\(path): file was opened read-only and cannot be committed"
        case let .tooLarge(name, shape, limit):
            "dataset '\(name)': shape \(shape) declares more than \(limit) elements, more than the file can hold"
        case let .fileSystem(operation, path, code):
            "\(operation) \(path) failed (errno \(code))"
        }
    }
}
