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

    /// Runs `h5pyScript` with `arguments` and returns its exit status.
    private func runScript(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python ?? "python3")
        process.arguments = ["-c", h5pyScript] + arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// The Python side (kept inline so the test target has no non-Swift files).
private let h5pyScript = #"""
"""h5py interoperability helper for ResultStoreTests (H5pyConformanceTests).

python3 -c SCRIPT SAMPLE.h5       checks a ResultStore-written sample reads naturally
                                  (shapes, dtypes, UTF-8 str, attributes)
python3 -c SCRIPT --write OUT.h5  writes an h5py-style file (fixed-length and ASCII
                                  strings, float32, int32) for Swift to read
Exit status 0 on success.
"""
import math
import sys

import h5py
import numpy as np


def main(path):
    with h5py.File(path, "r") as f:
        assert f.attrs["tool"] == "spatial-eval ✓", f.attrs["tool"]
        assert f.attrs["seed"] == -(2**63) and f.attrs["seed"].dtype == np.int64
        assert f.attrs["alpha"] == 0.05 and f.attrs["alpha"].dtype == np.float64
        m = f["metrics"]
        assert sorted(m.keys()) == ["empty", "extremes", "labels", "matrix", "values"]
        v = m["values"][()]
        assert v.dtype == np.float64 and v.shape == (3,)
        assert v[0] == 1.5 and math.isnan(v[1]) and v[2] == math.inf
        assert m["values"].attrs["units"] == "µm"
        mat = m["matrix"][()]
        assert mat.shape == (2, 3) and mat[1, 0] == 4.0 and mat[0, 2] == 3.0, mat
        ext = m["extremes"][()]
        assert ext.dtype == np.int64 and list(ext) == [-(2**63), 0, 2**63 - 1]
        labels = m["labels"].asstr()[()]
        assert list(labels) == ["", "naïve", "日本語 🎉"], labels
        assert m["empty"].shape == (0,) and m["empty"].dtype == np.float64
    print("h5py read OK:", path)


def write(path):
    with h5py.File(path, "w") as f:
        f["fixed"] = np.array([b"ab", b"cde", b""], dtype="S3")
        f.create_dataset("ascii", data=["x", "yz"], dtype=h5py.string_dtype("ascii"))
        f["float32"] = np.array([[0.5, -1.0], [2.0, 4.0]], dtype=np.float32)
        f["int32"] = np.array([-7, 7], dtype=np.int32)
        f["scalar"] = 3.25
        f.attrs["fixed_attr"] = np.bytes_(b"abc")
        f.attrs["str_attr"] = "größe"
        f.attrs["count"] = 42


if __name__ == "__main__":
    if sys.argv[1] == "--write":
        write(sys.argv[2])
    else:
        main(sys.argv[1])
"""#
