import Foundation
import Testing
@_exported import TestSupport

/// Serializes tests that redirect the process-wide stderr file descriptor.
let stderrLock = NSLock()

/// What libhdf5 prints first when it reports an error stack itself ("HDF5-DIAG: Error detected
/// in HDF5 …"). Tests look for it rather than for silence: fd 2 is process-wide, and the test
/// runner prints other tests' progress there while a capture is open (CI once caught a
/// "◇ Test case … started" line that way).
let hdf5DiagnosticMark = "HDF5-DIAG"

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
