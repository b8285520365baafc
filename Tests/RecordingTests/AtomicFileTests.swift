import Foundation
import Recording
import Testing
import TestSupport

@Suite("Atomic whole-file writes")
struct AtomicFileTests {
    @Test("a write replaces the file whole and leaves no temporary sibling")
    func replacesWhole() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("checkpoint.json")
        try AtomicFile.write("first\n", to: path)
        try AtomicFile.write(Data("second\n".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["checkpoint.json"])
    }

    @Test("a failed write names the destination, leaves the old file and no temporary file")
    func failureLeavesNothing() throws {
        let folder = try TemporaryDirectory()
        let missing = folder.file("no-such-folder/out.json")
        #expect(throws: InputError.self) { try AtomicFile.write("x", to: missing) }
        do {
            try AtomicFile.write("x", to: missing)
        } catch let error as InputError {
            #expect(error.file == missing)
        }
        // The destination is a folder: the rename fails, the folder and the temporary file go untouched / away.
        let taken = folder.file("taken")
        try FileManager.default.createDirectory(atPath: taken + "/inside", withIntermediateDirectories: true)
        #expect(throws: InputError.self) { try AtomicFile.write("x", to: taken) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["taken"])
    }

    @Test("temporary names carry the marker the output-folder cleaner removes, and differ per call")
    func temporaryNames() {
        let a = AtomicFile.temporaryPath(for: "/x/sweep.json"), b = AtomicFile.temporaryPath(for: "/x/sweep.json")
        #expect(a.hasPrefix("/x/sweep.json" + AtomicFile.temporaryMarker) && a != b)
    }
}
