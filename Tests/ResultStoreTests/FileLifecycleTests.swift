import Foundation
import Testing
import ResultStore

@Suite("File lifecycle and errors")
struct FileLifecycleTests {
    @Test("commit renames the temporary file into place and leaves nothing else")
    func commitRenames() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("results.h5")
        let file = try ResultFile.create(atPath: path)
        try file.root.write([1.0, 2.0], to: "x")
        let pending = try dir.entries()
        #expect(pending.count == 1)
        #expect(pending.first?.hasPrefix("results.h5.tmp-\(getpid())-") == true)
        try file.commit()
        #expect(try dir.entries() == ["results.h5"])
        #expect(try ResultFile.open(atPath: path).root.readDoubles("x").values == [1.0, 2.0])
    }

    @Test("commit replaces an existing file; a second commit and later writes throw")
    func commitReplacesAndCloses() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("results.h5")
        let first = try ResultFile.create(atPath: path)
        try first.root.write([Int64(1)], to: "version")
        try first.commit()
        let second = try ResultFile.create(atPath: path)
        let group = try second.root.createGroup("g")
        try second.root.write([Int64(2)], to: "version")
        try second.commit()
        #expect(try ResultFile.open(atPath: path).root.readInt64s("version").values == [2])
        #expect(throws: ResultStoreError.fileClosed(path: path)) { try second.commit() }
        #expect(throws: ResultStoreError.fileClosed(path: path)) { try group.write([1.0], to: "late") }
        #expect(try dir.entries() == ["results.h5"])
    }

    /// Creates a file, writes into it and drops it without committing.
    private func abandon(_ path: String, fail: Bool) throws {
        let file = try ResultFile.create(atPath: path)
        try file.root.createGroup("g").write([1.0], to: "x")
        if fail { throw CocoaError(.userCancelled) }
    }

    @Test("releasing without commit leaves no file and no temporary file", arguments: [false, true])
    func releaseWithoutCommit(afterError: Bool) throws {
        let dir = try TemporaryDirectory()
        if afterError {
            #expect(throws: CocoaError.self) { try abandon(dir.file("results.h5"), fail: true) }
        } else {
            try abandon(dir.file("results.h5"), fail: false)
        }
        #expect(try dir.entries() == [])
    }

    @Test("opening a missing or non-HDF5 file throws an HDF5Error naming it, printing nothing")
    func openFailures() throws {
        let dir = try TemporaryDirectory()
        let missing = dir.file("missing.h5")
        let text = dir.file("notes.txt")
        try "just text, not HDF5\n".write(toFile: text, atomically: false, encoding: .utf8)
        var errors: [HDF5Error] = []
        let printed = try capturingStandardError(in: dir) {
            for path in [missing, text] {
                do {
                    _ = try ResultFile.open(atPath: path)
                    Issue.record("opening \(path) should fail")
                } catch let error as HDF5Error {
                    errors.append(error)
                }
            }
        }
        #expect(!printed.contains(hdf5DiagnosticMark), "libhdf5 printed: \(printed)")
        #expect(errors.count == 2)
        for (error, path) in zip(errors, [missing, text]) {
            #expect(error.path == path)
            #expect(error.description.hasPrefix("open file on \(path): H5Fopen(): "))
            #expect(error.frames.first?.function == "H5Fopen")
            #expect(error.frames.count > 1)
            #expect(error.frames.allSatisfy { !$0.major.isEmpty && !$0.minor.isEmpty })
        }
    }

    @Test("HDF5 errors are silent on a brand-new thread too")
    func silentOnNewThread() throws {
        let dir = try TemporaryDirectory()
        let missing = dir.file("missing.h5")
        final class Outcome: @unchecked Sendable { var message = "" }
        let outcome = Outcome()
        let printed = try capturingStandardError(in: dir) {
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                do { _ = try ResultFile.open(atPath: missing) } catch { outcome.message = "\(error)" }
                done.signal()
            }
            thread.start()
            done.wait()
        }
        #expect(!printed.contains(hdf5DiagnosticMark), "libhdf5 printed: \(printed)")
        #expect(outcome.message.contains(missing))
    }

    @Test("writing an existing name throws and keeps the original data")
    func duplicateNames() throws {
        let dir = try TemporaryDirectory()
        let file = try ResultFile.create(atPath: dir.file("r.h5"))
        let root = file.root
        try root.write([1.0], to: "x")
        _ = try root.createGroup("g")
        let error = #expect(throws: HDF5Error.self) { try root.write([2.0], to: "x") }
        #expect(error?.path.hasSuffix(":/x") == true)
        #expect(throws: HDF5Error.self) { try root.write([Int64(2)], to: "x") }
        #expect(throws: HDF5Error.self) { try root.write(["two"], to: "x") }
        #expect(throws: HDF5Error.self) { try root.createGroup("g") }
        #expect(try root.readDoubles("x").values == [1.0])
        #expect(try root.memberNames() == ["g", "x"])
    }

    @Test("bad shapes, wrong types and read-only misuse throw")
    func misuse() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("r.h5")
        let file = try ResultFile.create(atPath: path)
        let root = file.root
        #expect(throws: ResultStoreError.shapeMismatch(name: "/a", count: 5, shape: [2, 3])) {
            try root.write([1, 2, 3, 4, 5] as [Double], to: "a", shape: [2, 3])
        }
        #expect(throws: ResultStoreError.invalidShape(name: "/a", shape: [])) {
            try root.write([1.0], to: "a", shape: [])
        }
        #expect(throws: ResultStoreError.invalidShape(name: "/a", shape: [-1, -1])) {
            try root.write([1.0], to: "a", shape: [-1, -1])
        }
        #expect(try root.memberNames() == [])
        try root.write([1.5], to: "d")
        try root.write(["s"], to: "s")
        #expect(throws: ResultStoreError.self) { try root.readInt64s("d") }
        #expect(throws: ResultStoreError.self) { try root.readDoubles("s") }
        #expect(throws: ResultStoreError.self) { try root.readStrings("d") }
        #expect(throws: HDF5Error.self) { try root.readDoubles("nothing") }
        #expect(throws: HDF5Error.self) { try root.openGroup("d") }
        try file.commit()

        let readOnly = try ResultFile.open(atPath: path)
        #expect(readOnly.isReadOnly)
        #expect(throws: HDF5Error.self) { try readOnly.root.write([1.0], to: "new") }
        #expect(throws: ResultStoreError.notWritable(path: path)) { try readOnly.commit() }
    }

    @Test("identical content written at different times gives identical bytes")
    func deterministicOutput() async throws {
        let dir = try TemporaryDirectory()
        for name in ["a.h5", "b.h5"] {
            let file = try ResultFile.create(atPath: dir.file(name))
            let group = try file.root.createGroup("g")
            try group.write([1.0, 2.0], to: "x")
            try group.write(["label"], to: "s")
            try group.setAttribute("units", on: "x", "m")
            try file.commit()
            try await Task.sleep(for: .milliseconds(1100))  // object timestamps have 1 s resolution
        }
        #expect(FileManager.default.contentsEqual(atPath: dir.file("a.h5"), andPath: dir.file("b.h5")))
    }

    @Test("files can be written concurrently from many tasks")
    func concurrentWriters() async throws {
        let dir = try TemporaryDirectory()
        let paths = (0..<8).map { dir.file("r\($0).h5") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, path) in paths.enumerated() {
                group.addTask {
                    let file = try ResultFile.create(atPath: path)
                    for column in 0..<20 {
                        try file.root.write([Double](repeating: Double(index), count: 1000), to: "c\(column)")
                    }
                    try file.commit()
                }
            }
            try await group.waitForAll()
        }
        #expect(try dir.entries() == paths.map { ($0 as NSString).lastPathComponent }.sorted())
        for (index, path) in paths.enumerated() {
            let root = try ResultFile.open(atPath: path).root
            #expect(try root.memberNames().count == 20)
            #expect(try root.readDoubles("c19").values.allSatisfy { $0 == Double(index) })
        }
    }
}
