import Foundation
import ResultStore
@testable import EvalResults
@testable import EvalJobs
@testable import EvalReports
@testable import EvalCommandLine
import TestSupport
import Testing

@Suite("Results files are checked against the schema")
struct ResultsLayoutCheckTests {
    /// The error reading a copy of a valid run file with `edits` applied.
    private func readError(_ edits: [String: ResultsFileFixtures.Edit]) throws -> ResultsLayoutError? {
        let folder = try TemporaryDirectory()
        let valid = try ResultsFileFixtures.runFile(in: folder)
        #expect(try RunResultsFile.read(valid).recordings.map(\.name) == ["r"])
        let broken = folder.file("broken.h5")
        try ResultsFileFixtures.copy(valid, to: broken, edits: edits)
        let error = #expect(throws: ResultsLayoutError.self) { try RunResultsFile.read(broken) }
        #expect(error?.file == broken)
        return error
    }

    @Test("An unchanged copy reads back like the original")
    func unchangedCopy() throws {
        let folder = try TemporaryDirectory()
        let valid = try ResultsFileFixtures.runFile(in: folder)
        try ResultsFileFixtures.copy(valid, to: folder.file("copy.h5"), edits: [:])
        #expect(try RunResultsFile.read(folder.file("copy.h5")) == RunResultsFile.read(valid))
    }

    @Test("Columns of one table with different lengths are refused, naming the dataset")
    func unequalColumns() throws {
        let error = try readError(["/gates/value": .truncate])
        #expect(error?.object == "/gates/value")
        #expect(error?.message == "has length 0 along 'rows' but /gates/metric has length 1: columns of one table must have one length")
        let gaps = try readError(["/recordings/r/gaps/gap_m": .truncate])
        #expect(gaps?.object == "/recordings/r/gaps/gap_m")
    }

    @Test("A missing required dataset, group or attribute is refused")
    func missing() throws {
        #expect(try readError(["/recordings/r/gaps/gap_m": .drop])?.description.hasSuffix(
            "/recordings/r/gaps/gap_m: required dataset is missing") == true)
        #expect(try readError(["/recordings/r/never_anchored": .drop])?.object == "/recordings/r/never_anchored")
        #expect(try readError(["/@protocol_name": .drop])?.message == "required attribute is missing")
        #expect(try readError(["/recordings/r/gaps/gap_m@units": .drop])?.object == "/recordings/r/gaps/gap_m@units")
    }

    @Test("A wrong element type, rank or fixed shape is refused")
    func wrongTypeOrRank() throws {
        let type = try readError(["/gates/passed": .asFloat])
        #expect(type?.object == "/gates/passed" && type?.message == "holds float data, the schema declares int64")
        let rank = try readError(["/recordings/r/never_anchored": .reshape([2, 1])])
        #expect(rank?.object == "/recordings/r/never_anchored" && rank?.message.hasPrefix("has rank 2") == true)
        let fixed = try readError(["/pooled/gap_intervals/estimate": .truncate])
        #expect(fixed?.message == "has shape [1], the schema declares [2]")
    }

    @Test("A file of another layout is refused by its tag")
    func wrongLayout() throws {
        let error = try readError(["/@layout": .text("sweep/1")])
        #expect(error?.object == "/@layout" && error?.message == "is 'sweep/1', not 'run/1'")
    }

    @Test("Writers write only what the schema declares, and check the file before committing")
    func writersAreStrict() throws {
        let folder = try TemporaryDirectory()
        let file = try ResultFile.create(atPath: folder.file("w.h5"))
        let root = SchemaGroup(file.root, ResultsSchema.run.root)
        let extra = #expect(throws: ResultsLayoutError.self) { try root.write([1.0], to: "extra") }
        #expect(extra?.object == "/extra" && extra?.message == "the schema declares no dataset of this name")
        let gates = try root.createGroup("gates")
        #expect(#expect(throws: ResultsLayoutError.self) { try gates.write([1.0], to: "passed") }?.message
            == "the schema declares int64 data, not float64")
        #expect(#expect(throws: ResultsLayoutError.self) { try root.createGroup("nope") }?.object == "/nope")
        #expect(#expect(throws: ResultsLayoutError.self) { try root.setAttribute("nope", "x") } != nil)
        try file.root.write([1.0], to: "stray")
        let written = #expect(throws: ResultsLayoutError.self) { try SchemaGroup.checkWritten(file.root, layout: ResultsSchema.run) }
        #expect(written?.file == folder.file("w.h5") && written?.object == "/@tool")
    }

    @Test("The strict check refuses a member the layout does not declare; the reader passes over it")
    func strictCheck() throws {
        let folder = try TemporaryDirectory()
        let valid = try ResultsFileFixtures.runFile(in: folder)
        let file = try ResultFile.create(atPath: folder.file("extra.h5"))
        try ResultsFileFixtures.copyContents(of: valid, into: file.root)
        try SchemaGroup.checkWritten(file.root, layout: ResultsSchema.run)
        try file.root.openGroup("gates").write([Int64(1)], to: "stray")
        let error = #expect(throws: ResultsLayoutError.self) { try SchemaGroup.checkWritten(file.root, layout: ResultsSchema.run) }
        #expect(error?.object == "/gates/stray" && error?.message == "is not in layout run/1")
        try file.commit()
        #expect(try RunResultsFile.read(folder.file("extra.h5")) == RunResultsFile.read(valid))
    }
}
