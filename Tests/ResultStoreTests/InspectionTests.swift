import Testing
import ResultStore

@Suite("Inspecting members, datasets and attributes")
struct InspectionTests {
    @Test("member kinds, dataset element classes and shapes, attribute descriptions")
    func inspection() throws {
        let dir = try TemporaryDirectory()
        let root = try roundTrip(dir) { root in
            try root.write([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], to: "matrix", shape: [2, 3])
            try root.write([Int64(1)], to: "count")
            try root.write(["a", "b"], to: "names")
            try root.write([] as [Double], to: "empty")
            try root.createGroup("group").setAttribute("units", "m")
            try root.setAttribute("seed", Int64(3))
            try root.setAttribute("alpha", 0.5)
            try root.setAttribute("label", on: "names", "x")
        }
        #expect(try root.memberKind("matrix") == .dataset)
        #expect(try root.memberKind("group") == .group)
        #expect(try root.memberKind("absent") == nil)
        #expect(try root.datasetInfo("matrix") == ResultObjectInfo(elementClass: .float, shape: [2, 3]))
        #expect(try root.datasetInfo("count") == ResultObjectInfo(elementClass: .integer, shape: [1]))
        #expect(try root.datasetInfo("names").elementClass == .string)
        #expect(try root.datasetInfo("empty").shape == [0])
        #expect(try root.attributeInfo("seed") == ResultObjectInfo(elementClass: .integer, shape: []))
        #expect(try root.attributeInfo("alpha")?.elementClass == .float)
        #expect(try root.attributeInfo("absent") == nil)
        #expect(try root.attributeInfo("label", on: "names")?.elementClass == .string)
        #expect(try root.openGroup("group").attributeInfo("units")?.rank == 0)
        #expect(throws: HDF5Error.self) { try root.datasetInfo("group") }
        #expect(throws: HDF5Error.self) { try root.attributeInfo("label", on: "absent") }
    }
}
