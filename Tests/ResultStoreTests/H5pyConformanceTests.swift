import Foundation
import Testing
import ResultStore

/// Python interpreter with h5py, given by `RESULTSTORE_PYTHON`; the test is skipped otherwise.
private let python = ProcessInfo.processInfo.environment["RESULTSTORE_PYTHON"]

@Suite("h5py conformance")
struct H5pyConformanceTests {
    @Test("h5py reads the written file naturally", .enabled(if: python != nil, "set RESULTSTORE_PYTHON"))
    func h5pyReadsSample() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("sample.h5")
        let file = try ResultFile.create(atPath: path)
        let root = file.root
        try root.setAttribute("tool", "spatial-eval ✓")
        try root.setAttribute("seed", Int64.min)
        try root.setAttribute("alpha", 0.05)
        let metrics = try root.createGroup("metrics")
        try metrics.write([1.5, .nan, .infinity], to: "values")
        try metrics.setAttribute("units", on: "values", "µm")
        try metrics.write([1, 2, 3, 4, 5, 6] as [Double], to: "matrix", shape: [2, 3])
        try metrics.write([Int64.min, 0, .max], to: "extremes")
        try metrics.write(["", "naïve", "日本語 🎉"], to: "labels")
        try metrics.write([Double](), to: "empty")
        try file.commit()

        #expect(try runScript([path]) == 0)
    }

    @Test("files written by h5py are readable", .enabled(if: python != nil, "set RESULTSTORE_PYTHON"))
    func readsH5pyFile() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("from-h5py.h5")
        #expect(try runScript(["--write", path]) == 0)
        let root = try ResultFile.open(atPath: path).root
        #expect(try root.readStrings("fixed") == ["ab", "cde", ""])
        #expect(try root.readStrings("ascii") == ["x", "yz"])
        #expect(try root.readDoubles("float32") == ResultArray(values: [0.5, -1, 2, 4], shape: [2, 2]))
        #expect(try root.readInt64s("int32").values == [-7, 7])
        #expect(try root.readDoubles("scalar") == ResultArray(values: [3.25], shape: []))
        #expect(try root.attributeString("fixed_attr") == "abc")
        #expect(try root.attributeString("str_attr") == "größe")
        #expect(try root.attributeInt64("count") == 42)
    }

    /// Runs read_with_h5py.py with `arguments` and returns its exit status.
    private func runScript(_ arguments: [String]) throws -> Int32 {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("read_with_h5py.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python ?? "python3")
        process.arguments = [script] + arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
