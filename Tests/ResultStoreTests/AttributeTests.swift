import Testing
import ResultStore

@Suite("Attributes")
struct AttributeTests {
    @Test("scalar attributes on groups round-trip")
    func groupAttributes() throws {
        let dir = try TemporaryDirectory()
        let root = try roundTrip(dir) { root in
            try root.setAttribute("tool", "spatial-eval ✓")
            try root.setAttribute("seed", Int64.min)
            try root.setAttribute("alpha", 0.05)
            try root.setAttribute("nan", Double.nan)
            let run = try root.createGroup("run")
            try run.setAttribute("label", "")
        }
        #expect(try root.attributeNames() == ["alpha", "nan", "seed", "tool"])
        #expect(try root.attributeString("tool") == "spatial-eval ✓")
        #expect(try root.attributeInt64("seed") == .min)
        #expect(try root.attributeDouble("alpha") == 0.05)
        #expect(try root.attributeDouble("nan").isNaN)
        #expect(try root.attributeDouble("seed") == Double(Int64.min))
        #expect(try root.openGroup("run").attributeString("label") == "")
        #expect(try root.openGroup("run").attributeNames() == ["label"])
    }

    @Test("attributes on datasets round-trip and are separate from the group's")
    func datasetAttributes() throws {
        let dir = try TemporaryDirectory()
        let root = try roundTrip(dir) { root in
            try root.write([1.0, 2.0], to: "distance")
            try root.setAttribute("units", on: "distance", "µm")
            try root.setAttribute("columns", on: "distance", "x,y")
            try root.setAttribute("scale", on: "distance", 2.5)
            try root.setAttribute("count", on: "distance", Int64(2))
        }
        #expect(try root.attributeNames(on: "distance") == ["columns", "count", "scale", "units"])
        #expect(try root.attributeNames() == [])
        #expect(try root.attributeString("units", on: "distance") == "µm")
        #expect(try root.attributeString("columns", on: "distance") == "x,y")
        #expect(try root.attributeDouble("scale", on: "distance") == 2.5)
        #expect(try root.attributeInt64("count", on: "distance") == 2)
        #expect(try root.readDoubles("distance").values == [1.0, 2.0])
    }

    @Test("setting an attribute again replaces it, even with another type")
    func overwrite() throws {
        let dir = try TemporaryDirectory()
        let root = try roundTrip(dir) { root in
            try root.setAttribute("version", "draft")
            try root.setAttribute("version", Int64(3))
        }
        #expect(try root.attributeNames() == ["version"])
        #expect(try root.attributeInt64("version") == 3)
    }

    @Test("reading an attribute with the wrong type or name throws")
    func wrongTypeOrName() throws {
        let dir = try TemporaryDirectory()
        let root = try roundTrip(dir) { root in
            try root.setAttribute("label", "text")
            try root.setAttribute("ratio", 0.5)
        }
        #expect(throws: ResultStoreError.self) { try root.attributeDouble("label") }
        #expect(throws: ResultStoreError.self) { try root.attributeInt64("ratio") }
        #expect(throws: ResultStoreError.self) { try root.attributeString("ratio") }
        let error = #expect(throws: HDF5Error.self) { try root.attributeString("missing") }
        #expect(error?.description.contains("missing") == true)
        #expect(throws: HDF5Error.self) { try root.setAttribute("u", on: "no-such-dataset", "m") }
    }

    @Test("strings with NUL characters are rejected")
    func embeddedNUL() throws {
        let dir = try TemporaryDirectory()
        let file = try ResultFile.create(atPath: dir.file("r.h5"))
        #expect(throws: ResultStoreError.embeddedNUL(name: "bad")) { try file.root.setAttribute("bad", "a\u{0}b") }
        #expect(throws: ResultStoreError.self) { try file.root.write(["ok", "a\u{0}b"], to: "s") }
        #expect(!file.root.contains("s"))
    }
}
