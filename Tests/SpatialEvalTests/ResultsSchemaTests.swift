import Foundation
@testable import EvalResults
@testable import EvalJobs
@testable import EvalReports
@testable import EvalCommandLine
import ResultStore
import TestSupport
import Testing

/// The schema is well formed, and the documents made from it are in step with it. Setting
/// `SPATIAL_EVAL_UPDATE_SCHEMA_DOCS=1` rewrites `Docs/result-store.md` (between the markers)
/// and `Conformance/results_schema.json` from the schema instead of comparing.
@Suite("Results schema and its documents")
struct ResultsSchemaTests {
    static let docsPath = RunReportTests.repository + "/Docs/result-store.md"
    static let jsonPath = RunReportTests.repository + "/Conformance/results_schema.json"
    static let scriptPath = RunReportTests.repository + "/Conformance/read_results_h5.py"
    static let updating = ProcessInfo.processInfo.environment["SPATIAL_EVAL_UPDATE_SCHEMA_DOCS"] == "1"

    /// Problems of a group's declaration: names declared twice, more than one placeholder of
    /// a kind, a dimension naming an extent no enclosing group declares, two runs in one shape.
    private func problems(_ group: ResultsGroupSchema, path: String, extents: Set<String>) -> [String] {
        var found: [String] = []
        let scope = extents.union(group.extents)
        let names = group.datasets.map(\.name.text) + group.groups.map(\.name.text)
        for name in Set(names) where names.filter({ $0 == name }).count > 1 { found.append("\(path): \(name) declared twice") }
        if group.datasets.filter(\.name.isPlaceholder).count > 1 { found.append("\(path): two placeholder datasets") }
        if group.groups.filter(\.name.isPlaceholder).count > 1 { found.append("\(path): two placeholder groups") }
        let attributes = group.attributes.map(\.name)
        if Set(attributes).count != attributes.count { found.append("\(path): an attribute declared twice") }
        for dataset in group.datasets {
            for extent in dataset.dimensions.compactMap(\.extentName) where !scope.contains(extent) {
                found.append("\(path)/\(dataset.name.text): extent \(extent) is not declared above it")
            }
            let runs = dataset.dimensions.filter { if case .extents = $0 { true } else { false } }
            if runs.count > 1 { found.append("\(path)/\(dataset.name.text): two runs of extents") }
        }
        for child in group.groups { found += problems(child, path: path + "/" + child.name.text, extents: scope) }
        return found
    }

    @Test("Every layout is well formed, has a fixed layout tag and a distinct tag")
    func wellFormed() {
        for layout in ResultsSchema.all {
            #expect(problems(layout.root, path: layout.tag, extents: []) == [])
            #expect(layout.root.attribute(named: "layout")?.value == layout.tag)
        }
        #expect(Set(ResultsSchema.all.map(\.tag)).count == ResultsSchema.all.count)
        #expect(ResultsSchema.layout(tagged: "run/1") == ResultsSchema.run)
    }

    @Test("The run layout's /fusion group is the fusion layout")
    func fusionInsideRun() throws {
        let fusion = try #require(ResultsSchema.run.root.group(named: "fusion"))
        #expect(fusion.datasets == ResultsSchema.fusion.root.datasets && fusion.groups == ResultsSchema.fusion.root.groups)
        #expect(!fusion.required && fusion.layout == "fusion/1")
    }

    @Test("Docs/result-store.md holds exactly the schema's tables between the markers")
    func documentation() throws {
        let document = try String(contentsOfFile: Self.docsPath, encoding: .utf8)
        let updated = try #require(ResultsSchemaDocument.updating(document), "the markers are missing from Docs/result-store.md")
        if Self.updating, updated != document { try updated.write(toFile: Self.docsPath, atomically: true, encoding: .utf8) }
        #expect(Self.updating || updated == document,
                "Docs/result-store.md is out of step with ResultsSchema: run the tests with SPATIAL_EVAL_UPDATE_SCHEMA_DOCS=1")
        let begin = try #require(document.range(of: ResultsSchemaDocument.beginMarker))
        #expect(document[begin.upperBound...].contains("| `/gates/passed` | dataset | int64 | [rows] | 1 or 0 |"))
    }

    @Test("Conformance/results_schema.json is the schema's JSON dump")
    func jsonDump() throws {
        let dump = ResultsSchemaDocument.json()
        if Self.updating { try dump.write(toFile: Self.jsonPath, atomically: true, encoding: .utf8) }
        let stored = try String(contentsOfFile: Self.jsonPath, encoding: .utf8)
        #expect(stored == dump, "Conformance/results_schema.json is out of step with ResultsSchema: run the tests with SPATIAL_EVAL_UPDATE_SCHEMA_DOCS=1")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(dump.utf8)) as? [String: Any])
        #expect((parsed["layouts"] as? [[String: Any]])?.compactMap { $0["tag"] as? String } == ResultsSchema.all.map(\.tag))
    }

    /// A Python 3: the reference one, else the system's.
    static let python: String? = ReferencePython.path ?? ["/usr/bin/python3", "/usr/local/bin/python3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Runs the conformance reader with `arguments`; its exit status and output.
    private func runScript(_ python: String, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [Self.scriptPath] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    @Test("read_results_h5.py finds the names it reads in the schema", .enabled(if: python != nil, "needs python3"))
    func scriptNames() throws {
        let (status, output) = try runScript(try #require(Self.python), ["--check-schema"])
        #expect(status == 0, "\(output)")
    }

    @Test("read_results_h5.py checks files as the Swift reader does", .enabled(if: ReferencePython.isAvailable, "needs h5py"))
    func scriptChecksFiles() throws {
        let folder = try TemporaryDirectory()
        let valid = try ResultsFileFixtures.runFile(in: folder)
        let sample = RunReportTests.repository + "/Data/mot-sample"
        let scored = folder.file("mot.h5")
        #expect(runTool(["score-mot", "--benchmark", sample + "/gt", "--tracker", sample + "/tracker", "--out", scored]).status == 0)
        let warmthOut = folder.file("warmth")
        let warmthProtocol = try WarmthCommandTests.smallProtocol(folder, corpus: WarmthCommandTests.corpus(folder))
        #expect([0, 2].contains(runTool(["warmth", warmthProtocol, "--out", warmthOut]).status))
        // The sweep/1 fixture and its sweep/2 rewrite: their metric cubes derived from the components.
        let sweep2 = folder.file("sweep.h5")
        try SweepResultsFile.write(try SweepResultsFile.read(SweepLayoutTests.fixture),
                                   loaded: try ProtocolLoader.load(SweepLayoutTests.provenanceProtocol), to: sweep2)
        let python = try #require(ReferencePython.path)
        let (status, output) = try runScript(python, ["--layout", valid, scored, warmthOut + "/results.h5", SweepLayoutTests.fixture, sweep2])
        #expect(status == 0, "\(output)")
        #expect(output.contains("layout run/1:") && output.contains("layout score-mot/1:") && output.contains("layout warmth/1:"))
        #expect(output.contains("derived metric cubes (sweep/1): 2856 values compared bit for bit, 0 cubes differed"), "\(output)")
        #expect(output.contains("derived metric cubes (sweep/2): 408 values compared bit for bit, 0 cubes differed"), "\(output)")
        // A stored cube one ulp off its components is found.
        let cube = "/sweeps/merge/metrics/c0001-low-light/duplicates"
        let stored = try ResultFile.open(atPath: SweepLayoutTests.fixture).root.openGroup("sweeps").openGroup("merge").openGroup("metrics")
            .openGroup("c0001-low-light").readDoubles("duplicates").values
        let nudged = folder.file("nudged.h5")
        try ResultsFileFixtures.copy(SweepLayoutTests.fixture, to: nudged, edits: [cube: .doubles([stored[0].nextUp] + stored.dropFirst())])
        let (differs, differReport) = try runScript(python, ["--layout", nudged])
        #expect(differs == 1 && differReport.contains("\(cube): derived from the components, it differs from the stored cube"), "\(differReport)")
        let broken = folder.file("broken.h5")
        try ResultsFileFixtures.copy(valid, to: broken, edits: ["/gates/value": .truncate, "/recordings/r/errors/error_m": .drop])
        let (failed, report) = try runScript(python, ["--layout", broken])
        #expect(failed == 1)
        #expect(report.contains("/gates/value: has [0] along 'rows' but /gates/metric has [1]"), "\(report)")
        #expect(report.contains("/recordings/r/errors/error_m: required dataset is missing"), "\(report)")
    }
}
