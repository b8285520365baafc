import Foundation

/// A fresh, empty directory removed when the value is released.
public final class TemporaryDirectory {
    /// Absolute path of the directory.
    public let path: String

    /// Creates the directory under the system's temporary folder.
    public init() throws {
        let base = FileManager.default.temporaryDirectory.path
        var template = Array("\(base)/spatialeval-test-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else {
            throw CocoaError(.fileWriteUnknown)
        }
        path = String(cString: created)
    }

    /// Path of `name` inside the directory.
    public func file(_ name: String) -> String { "\(path)/\(name)" }

    /// Writes `text` to `name` inside the directory (creating folders) and returns its path.
    @discardableResult
    public func write(_ text: String, to name: String) throws -> String {
        let target = file(name)
        try FileManager.default.createDirectory(
            atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: target, atomically: true, encoding: .utf8)
        return target
    }

    /// Names of the entries in the directory, sorted.
    public func entries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// The Python interpreter that has the reference libraries (scipy, numpy, h5py):
/// `SPATIAL_EVAL_REFERENCE_PYTHON`, else the repository's `.venv-trackeval` made by
/// `Scripts/test`. Tests that compare against a reference are disabled without it.
public enum ReferencePython {
    /// Path of the interpreter, when one is available.
    public static let path: String? = {
        if let configured = ProcessInfo.processInfo.environment["SPATIAL_EVAL_REFERENCE_PYTHON"] {
            return configured
        }
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let venv = repository.appendingPathComponent(".venv-trackeval/bin/python").path
        return FileManager.default.isExecutableFile(atPath: venv) ? venv : nil
    }()

    /// Whether reference comparisons can run.
    public static var isAvailable: Bool { path != nil }

    /// Runs `script` (Python source) with `arguments` and `input` on standard input and
    /// returns its standard output; throws when it exits non-zero.
    public static func run(_ script: String, arguments: [String] = [], input: Data = Data()) throws -> Data {
        guard let path else { throw ReferenceError(message: "no reference Python") }
        let result = try Subprocess.run(path, ["-c", script] + arguments, input: input)
        guard result.status == 0 else {
            throw ReferenceError(message: "python exited \(result.status): \(String(decoding: result.standardError, as: UTF8.self))")
        }
        return result.standardOutput
    }
}

/// A failure of a reference tool.
public struct ReferenceError: Error, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    public var description: String { message }
}

/// Runs a program and collects its output.
public enum Subprocess {
    /// The outcome of a run.
    public struct Result {
        /// Exit status.
        public var status: Int32
        /// Everything written to standard output.
        public var standardOutput: Data
        /// Everything written to standard error.
        public var standardError: Data
    }

    /// Runs `executable` with `arguments`, feeding `input` on standard input.
    public static func run(_ executable: String, _ arguments: [String], input: Data = Data()) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let writer = Thread {
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let errorData = LockedData()
        let errorReader = Thread { errorData.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
        errorReader.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.isSet { usleep(1000) }
        return Result(status: process.terminationStatus, standardOutput: output, standardError: errorData.value)
    }
}

private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    func set(_ value: Data) { lock.withLock { data = value } }
    var isSet: Bool { lock.withLock { data != nil } }
    var value: Data { lock.withLock { data ?? Data() } }
}

/// A folder of the shared reference data (`$SPATIAL_EVAL_REFERENCE_DATA`, by default
/// shared/data/reference beside the checkout), or nil when it is not there.
public func referenceDataFolder(_ name: String, file: String = #filePath) -> String? {
    let base: String
    if let configured = ProcessInfo.processInfo.environment["SPATIAL_EVAL_REFERENCE_DATA"], !configured.isEmpty {
        base = configured
    } else {
        var root = URL(fileURLWithPath: file)
        while root.path != "/" && !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root.deleteLastPathComponent()
        }
        base = root.deletingLastPathComponent().appendingPathComponent("shared/data/reference").path
    }
    let folder = (base as NSString).appendingPathComponent(name)
    return FileManager.default.fileExists(atPath: folder) ? folder : nil
}
