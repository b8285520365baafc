import Foundation

/// The one place a whole text or JSON input file is read into memory: refuses what is not
/// a regular file (a directory, a device such as `/dev/zero`, a pipe) with a plain message,
/// bounds the size before reading, and drops a UTF-8 byte order mark.
///
/// Rules: `spec.md#limits-text-input`.
public enum TextFile {
    /// The default largest text file read whole (64 MiB): protocols, configurations,
    /// trajectories, `seqinfo.ini` and checkpoints are far smaller.
    public static let maximumBytes = 64 << 20

    /// The longest stretch of a line echoed in an error message, in characters.
    public static let excerptLength = 80

    /// Checks that `path` names a regular file no larger than `maximumBytes` and returns
    /// its size. `kind` names what the file should be ("a protocol") in messages.
    /// - Throws: `InputError` naming the file: missing, a directory, a special file, too large.
    @discardableResult
    public static func checkRegularFile(_ path: String, kind: String = "a file", maximumBytes: Int = TextFile.maximumBytes) throws(InputError) -> Int {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw InputError(file: path, message: errno == ENOENT ? "no such file" : "cannot be read (\(String(cString: strerror(errno))))")
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw InputError(file: path, message: "is a directory, not \(kind)")
        default: throw InputError(file: path, message: "is not a regular file (a device, pipe or socket cannot be read as \(kind))")
        }
        let size = Int(status.st_size)
        guard size <= maximumBytes else {
            throw InputError(file: path, message: "is \(size) bytes, more than the \(maximumBytes)-byte limit for \(kind)")
        }
        return size
    }

    /// The bytes of the regular file at `path` (at most `maximumBytes`), without a leading
    /// UTF-8 byte order mark.
    public static func read(_ path: String, kind: String = "a file", maximumBytes: Int = TextFile.maximumBytes) throws(InputError) -> Data {
        try checkRegularFile(path, kind: kind, maximumBytes: maximumBytes)
        guard let handle = FileHandle(forReadingAtPath: path) else { throw InputError(file: path, message: "cannot be read") }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
        } catch {
            throw InputError(file: path, message: "cannot be read: \(error.localizedDescription)")
        }
        guard data.count <= maximumBytes else {
            throw InputError(file: path, message: "is more than the \(maximumBytes)-byte limit for \(kind)")
        }
        return withoutByteOrderMark(data)
    }

    /// The text of the file at `path` (see ``read(_:kind:maximumBytes:)``), decoded as UTF-8.
    public static func text(_ path: String, kind: String = "a file", maximumBytes: Int = TextFile.maximumBytes) throws(InputError) -> String {
        String(decoding: try read(path, kind: kind, maximumBytes: maximumBytes), as: UTF8.self)
    }

    /// `data` without a leading UTF-8 byte order mark.
    public static func withoutByteOrderMark(_ data: Data) -> Data {
        data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
    }

    /// The lines of `text`: split at line feeds, a carriage return before each line feed
    /// (Windows line endings) and a leading byte order mark removed. Line `k` of the result
    /// is line `k + 1` of the file.
    public static func lines(_ text: String) -> [Substring] {
        var body = Substring(text)
        if body.unicodeScalars.first == "\u{FEFF}" { body = Substring(body.unicodeScalars.dropFirst()) }
        // Split on scalars: in a Swift String "\r\n" is one Character, not a "\n".
        return body.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { scalars in
            var line = Substring(scalars)
            if line.unicodeScalars.last == "\r" { line = Substring(line.unicodeScalars.dropLast()) }
            return line
        }
    }

    /// `text` cut to `limit` characters (an ellipsis marks the cut), for echoing input in
    /// an error message.
    public static func excerpt<Text: StringProtocol>(_ text: Text, limit: Int = TextFile.excerptLength) -> String {
        text.count <= limit ? String(text) : String(text.prefix(limit - 1)) + "…"
    }
}
