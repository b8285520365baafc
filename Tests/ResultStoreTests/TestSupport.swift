import Foundation
import Testing

/// A fresh, empty directory removed when the value is released.
final class TemporaryDirectory {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        var template = Array("\(base)/resultstore-test-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else {
            throw CocoaError(.fileWriteUnknown)
        }
        path = String(cString: created)
    }

    /// Path of `name` inside the directory.
    func file(_ name: String) -> String { "\(path)/\(name)" }

    /// Names of the entries in the directory, sorted.
    func entries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// Serializes tests that redirect the process-wide stderr file descriptor.
let stderrLock = NSLock()

/// Runs `body` with file descriptor 2 redirected to a file and returns what was written.
func capturingStandardError(in directory: TemporaryDirectory, _ body: () throws -> Void) throws -> String {
    stderrLock.lock()
    defer { stderrLock.unlock() }
    let capturePath = directory.file("stderr.txt")
    let captureFD = open(capturePath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    #expect(captureFD >= 0)
    fflush(nil)
    let saved = dup(2)
    dup2(captureFD, 2)
    close(captureFD)
    defer {
        fflush(nil)
        dup2(saved, 2)
        close(saved)
    }
    try body()
    fflush(nil)
    return try String(contentsOfFile: capturePath, encoding: .utf8)
}

/// Bit patterns of doubles, so NaNs and signed zeros compare exactly.
func bits(_ values: [Double]) -> [UInt64] { values.map(\.bitPattern) }

/// UTF-8 bytes of strings, so equality is byte-exact rather than canonical.
func utf8Bytes(_ values: [String]) -> [[UInt8]] { values.map { Array($0.utf8) } }
