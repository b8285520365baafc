import Foundation
@testable import EvalResults
@testable import EvalJobs
@testable import EvalReports
@testable import EvalCommandLine
import TestSupport
import Testing

@Suite("report --json dumps the typed results")
struct ResultsJSONTests {
    /// The dump of the fixture run file, parsed.
    private func dump() throws -> [String: Any] {
        let folder = try TemporaryDirectory()
        let path = try ResultsFileFixtures.runFile(in: folder)
        let text = try ResultsJSON.dump(path)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("A run's dump holds its attributes, tables as columns and NaN as a string")
    func runDump() throws {
        let json = try dump()
        #expect(json["layout"] as? String == "run/1")
        let attributes = try #require(json["attributes"] as? [String: Any])
        #expect(attributes["tool_version"] as? String == "test")
        #expect(attributes["protocol_sha256"] as? String == "ab")
        #expect(json["passed"] as? Bool == true)
        let recordings = try #require(json["recordings"] as? [String: Any])
        let r = try #require(recordings["r"] as? [String: Any])
        let gaps = try #require(r["gaps"] as? [String: Any])
        #expect(gaps["gap_m"] as? [Double] == [0.1, 0.2])
        #expect(gaps["instance"] as? [Int] == [1, 2])
        #expect(r["never_anchored"] as? [Int] == [4, 5])
        #expect(r["mean_purity"] as? String == "NaN")
        let instances = try #require(r["instances"] as? [String: Any])
        #expect(Set(instances.keys) == ["purity", "instance", "object", "feed_count", "objects_feeding"])
        let gates = try #require(json["gates"] as? [String: Any])
        #expect(gates["metric"] as? [String] == ["reanchor.median_m"])
        #expect(gates["value"] as? [Double] == [0.1])
        #expect(gates["passed"] as? [Int] == [1])
        let pooled = try #require(json["pooled"] as? [String: Any])
        let differ = try #require(pooled["runs_differ"] as? [String: Any])
        #expect(differ["p_value"] as? Double == 0.5)
    }

    @Test("A file that is not results is refused, naming it")
    func notResults() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("plain.txt")
        try Data("not HDF5".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: (any Error).self) { try ResultsJSON.dump(path) }
    }
}
