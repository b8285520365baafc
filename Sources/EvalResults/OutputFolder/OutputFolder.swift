import Foundation
import Recording

#if canImport(Glibc)
import Glibc
#endif

/// An output folder held by one run as a unit (spec.md#output-folders).
///
/// Opening it takes an exclusive lock (`flock` on `DIR/.spatial-eval.lock`, held until the
/// value is released or ``close()`` is called): a second writer fails at once with a message
/// naming the folder and the process holding it. Then it removes what a killed run left
/// behind (entries named `*.tmp-*`, `.*.partial-*` or `.dat.nosync*`) and creates a private staging folder
/// `DIR/.staging.tmp-<pid>-<random>`. The run writes every output into the staging folder
/// (``staged(_:)``); ``commit(_:keeping:)`` then swaps the new set in: it removes the previous
/// run's files first, records the new set in `DIR/.spatial-eval-files`, and renames the staged
/// files in, the results file last. A folder therefore never holds files of two runs; a kill
/// during the swap leaves part of the new set only, listed in the manifest, which the next
/// run removes.
public final class OutputFolder {
    /// The folder's path as given.
    public let path: String
    /// The private staging folder inside ``path``.
    public let staging: String
    private var descriptor: Int32
    /// Whether ``open(_:wait:)`` created the folder (it is removed again when nothing was committed).
    private var createdHere = false
    private var committed = false

    /// Name of the lock file inside the folder (never removed: removing a lock file races).
    public static let lockName = ".spatial-eval.lock"
    /// Name of the manifest listing the files of the run that last committed into the folder.
    public static let manifestName = ".spatial-eval-files"
    /// Files a run, sweep or report writes, removed when a folder without a manifest (one
    /// written before manifests existed) receives a new set; SVG figures are matched by extension.
    public static let knownOutputs: Set<String> = ["results.h5", "sweep.h5", "report.md", "report.html", "parity.json"]

    private init(path: String, staging: String, descriptor: Int32) {
        self.path = path
        self.staging = staging
        self.descriptor = descriptor
    }

    deinit { close() }

    /// Creates `path` when missing, locks it, removes a killed run's leftovers and makes the
    /// staging folder.
    /// - Parameter wait: wait for another holder to finish instead of failing (used for
    ///   corpus folders, whose builds are idempotent).
    /// - Throws: ``InputError`` naming the folder when it cannot be created or locked, or
    ///   (unless `wait`) when another process holds it.
    public static func open(_ path: String, wait: Bool = false) throws -> OutputFolder {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        let existed = manager.fileExists(atPath: path, isDirectory: &isDirectory)
        if existed, !isDirectory.boolValue {
            throw InputError(file: path, message: "is a file, not a folder: outputs need a folder")
        }
        do {
            try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw InputError(file: path, message: "cannot create the output folder (\(error.localizedDescription))")
        }
        let lockPath = (path as NSString).appendingPathComponent(lockName)
        let fd = Glibc.open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw InputError(file: path, message: "cannot open the lock file \(lockName): \(String(cString: strerror(errno)))")
        }
        var locked = flock(fd, LOCK_EX | LOCK_NB) == 0
        while !locked && wait && (errno == EWOULDBLOCK || errno == EINTR) { locked = flock(fd, LOCK_EX) == 0 }
        guard locked else {
            let reason = errno
            let holder = Self.holder(fd)
            Glibc.close(fd)
            guard reason == EWOULDBLOCK else {
                throw InputError(file: path, message: "cannot lock the output folder: \(String(cString: strerror(reason)))")
            }
            throw InputError(
                file: path,
                message: "the output folder is in use by another spatial-eval run\(holder.map { " (process \($0))" } ?? ""); "
                    + "wait for it to finish or choose another output folder")
        }
        let pid = "\(getpid())\n"
        _ = ftruncate(fd, 0)
        _ = pid.withCString { pwrite(fd, $0, strlen($0), 0) }
        let folder = OutputFolder(path: path, staging: "", descriptor: fd)
        try folder.removeLeftovers()
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let staging = (path as NSString).appendingPathComponent(".staging.tmp-\(getpid())-\(random)")
        do {
            try manager.createDirectory(atPath: staging, withIntermediateDirectories: false)
        } catch {
            throw InputError(file: path, message: "cannot create a staging folder (\(error.localizedDescription))")
        }
        let opened = OutputFolder(path: path, staging: staging, descriptor: fd)
        opened.createdHere = !existed
        folder.descriptor = -1  // the lock now belongs to `opened`
        return opened
    }

    /// The process id written in the lock file by the holder, when readable.
    private static func holder(_ fd: Int32) -> Int? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(fd, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        return Int(String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Whether `name` is a temporary entry a run of this tool may leave behind when killed:
    /// an ``AtomicFile`` or staging temporary (`*.tmp-*`), a partial recording (`.*.partial-*`),
    /// or a temporary of Foundation's atomic write (`.dat.nosync*`), which versions before
    /// ``AtomicFile`` used for sweep checkpoints.
    public static func isLeftover(_ name: String) -> Bool {
        name.contains(AtomicFile.temporaryMarker) || (name.hasPrefix(".") && name.contains(".partial-"))
            || name.hasPrefix(".dat.nosync")
    }

    /// Removes temporary files and staging folders of killed runs (safe: we hold the lock).
    private func removeLeftovers() throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        for name in names where Self.isLeftover(name) {
            try? FileManager.default.removeItem(atPath: (path as NSString).appendingPathComponent(name))
        }
    }

    /// Where to write the output called `name` (a single file name) before ``commit(_:keeping:)``.
    public func staged(_ name: String) -> String {
        (staging as NSString).appendingPathComponent(name)
    }

    /// The names listed in the folder's manifest; nil when there is none.
    public func manifest() -> [String]? {
        guard let data = FileManager.default.contents(atPath: (path as NSString).appendingPathComponent(Self.manifestName)) else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter { OutputName.isSafe($0) }
    }

    /// Swaps the staged files `names` in as the folder's new output set.
    ///
    /// Removes every file of the previous set (the manifest's names, or for a folder without
    /// a manifest ``knownOutputs`` and `*.svg`) except those in `keeping` (for example the
    /// `results.h5` a report was rendered from), writes the manifest, then renames the staged
    /// files in; a name ending in `.h5` goes last. Removes the staging folder.
    public func commit(_ names: [String], keeping: Set<String> = []) throws {
        let manager = FileManager.default
        for name in names + keeping where !OutputName.isSafe(name) || name == Self.manifestName {
            throw InputError(file: path, message: "refusing to write an output named '\(name)': not a single file name")
        }
        let previous: [String]
        if let listed = manifest() {
            previous = listed
        } else {
            let present = (try? manager.contentsOfDirectory(atPath: path)) ?? []
            previous = present.filter { Self.knownOutputs.contains($0) || $0.hasSuffix(".svg") }
        }
        for name in Set(previous + names) where !keeping.contains(name) {
            let target = (path as NSString).appendingPathComponent(name)
            if unlink(target) != 0 && errno != ENOENT {
                throw InputError(file: target, message: "cannot remove the previous run's file: \(String(cString: strerror(errno)))")
            }
        }
        let listed = (names + keeping.sorted()).joined(separator: "\n") + "\n"
        let manifestPath = (path as NSString).appendingPathComponent(Self.manifestName)
        let manifestTemporary = staged(Self.manifestName)
        do {
            try Data(listed.utf8).write(to: URL(fileURLWithPath: manifestTemporary))
        } catch {
            throw InputError(file: manifestPath, message: "cannot be written (\(error.localizedDescription))")
        }
        let ordered = names.filter { !$0.hasSuffix(".h5") } + names.filter { $0.hasSuffix(".h5") }
        for name in [Self.manifestName] + ordered {
            let target = (path as NSString).appendingPathComponent(name)
            guard rename(staged(name), target) == 0 else {
                throw InputError(file: target, message: "cannot move the new output into place: \(String(cString: strerror(errno)))")
            }
        }
        try? manager.removeItem(atPath: staging)
        committed = true
    }

    /// Removes the staging folder (when still there) and releases the lock. A folder this
    /// value created and never committed into (the run failed on bad input) is removed again
    /// when nothing else was put in it, so a failed run leaves nothing behind.
    public func close() {
        guard descriptor >= 0 else { return }
        if !staging.isEmpty { try? FileManager.default.removeItem(atPath: staging) }
        if createdHere && !committed && !staging.isEmpty,
           (try? FileManager.default.contentsOfDirectory(atPath: path)) == [Self.lockName] {
            unlink((path as NSString).appendingPathComponent(Self.lockName))
            rmdir(path)
        }
        Glibc.close(descriptor)
        descriptor = -1
    }
}

/// Output names derived from input (protocol and sweep names) used as path components.
public enum OutputName {
    /// Whether `name` is one safe path component: not empty, at most 255 bytes, not starting
    /// with `.` (which also rules out `.` and `..`), and without `/`, `\`, NUL or control characters.
    public static func isSafe(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 255, !name.hasPrefix(".") else { return false }
        return !name.unicodeScalars.contains { $0 == "/" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F }
    }

    /// Checks that `name`, a file about to be written into `folder`, is a single safe file name
    /// (figure names are built from names stored in results files, which may not be ours).
    /// - Throws: ``InputError`` naming the folder.
    public static func checkFileName(_ name: String, folder: String) throws {
        guard isSafe(name) else {
            throw InputError(file: folder, message: "refusing to write a file named '\(name.prefix(80))': not a single file name")
        }
    }

    /// `Reports/<protocol name>`, the default output folder of `run` and `sweep`.
    /// - Throws: ``InputError`` naming the protocol file when its name is not a safe path component.
    public static func defaultFolder(_ loaded: ProtocolLoader.Loaded) throws -> String {
        try check(loaded.evaluationProtocol.name, key: "name", file: loaded.path)
        return "Reports/" + loaded.evaluationProtocol.name
    }

    /// Checks `name` (the value of `key` in `file`) is a safe path component.
    /// - Throws: ``InputError`` naming the file and key.
    public static func check(_ name: String, key: String, file: String) throws {
        guard isSafe(name) else {
            let shown = name.unicodeScalars.count > 40 ? String(String.UnicodeScalarView(name.unicodeScalars.prefix(40))) + "…" : name
            throw InputError(
                file: file,
                message: "key '\(key)': '\(shown.debugDescription.dropFirst().dropLast())' cannot name an output: it must be a single file name "
                    + "(not empty, not starting with '.', no '/' or '\\', at most 255 bytes)")
        }
    }
}
