import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Whole-file writes that a reader never sees half done, with temporary names the tool's
/// cleaners recognise (`spec.md#output-folders`).
///
/// The bytes go to a sibling `NAME.tmp-<pid>-<random>`, which is then renamed over `NAME`
/// (`rename(2)` replaces the destination atomically on one file system). On an error the
/// temporary file is removed; a process killed mid-write leaves only the `*.tmp-*` sibling,
/// which the next run into the folder deletes. Foundation's own `.atomic` option is not used
/// because its temporary names (`.dat.nosync…`) carry nothing that ties them to this tool.
public enum AtomicFile {
    /// The marker every temporary name of this tool contains.
    public static let temporaryMarker = ".tmp-"

    /// A fresh temporary sibling of `path`: `"<path>.tmp-<pid>-<random hex>"`.
    public static func temporaryPath(for path: String) -> String {
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        return "\(path)\(temporaryMarker)\(getpid())-\(random)"
    }

    /// Writes `data` to `path` through a temporary sibling and a rename.
    /// - Throws: `InputError` naming `path` when the temporary file cannot be written or renamed.
    public static func write(_ data: Data, to path: String) throws {
        let temporary = temporaryPath(for: path)
        do {
            try data.write(to: URL(fileURLWithPath: temporary))
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw InputError(file: path, message: "cannot write (\(error.localizedDescription))")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw InputError(file: path, message: "cannot move the written file into place: \(reason)")
        }
    }

    /// Writes `text` as UTF-8 to `path` through a temporary sibling and a rename.
    public static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }
}
