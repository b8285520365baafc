import Foundation
import ResultStore
@testable import EvalResults
import EvalJobs
import Sweeps
import TestSupport
import Testing

/// `sweep.h5` layouts: `sweep/2` (no per-recording metric cubes, the formulas stored) and the
/// earlier `sweep/1`, whose committed fixture `Data/legacy/sweep-v1.h5` (written by the tool at
/// 9e445ad from `Data/legacy/sweep-v1.json`, six default-corpus recordings) every reader still
/// reads. The files rewritten here carry the provenance of `Protocols/sweep-shard-ci.json`
/// (the fixture's own recordings are generated, not committed).
@Suite struct SweepLayoutTests {
    static let fixture = RunReportTests.repository + "/Data/legacy/sweep-v1.h5"
    static let provenanceProtocol = RunReportTests.repository + "/Protocols/sweep-shard-ci.json"

    /// The bits of `values`.
    private static func bits(_ values: [Double]) -> [UInt64] { values.map(\.bitPattern) }

    /// `results` (the fixture's, by default) written as `sweep/2` into `folder`; the file's path.
    private static func rewritten(_ results: SweepResults? = nil, in folder: TemporaryDirectory) throws -> String {
        let path = folder.file("sweep.h5")
        try SweepResultsFile.write(try results ?? SweepResultsFile.read(fixture), loaded: try ProtocolLoader.load(provenanceProtocol), to: path)
        return path
    }

    @Test("every formula spells and parses back to itself, and names each component it reads once")
    func formulasRoundTrip() {
        for metric in SweepMetric.allCases {
            let f = metric.formula
            #expect(MetricFormula.terms(MetricFormula.text(f.numerator)) == f.numerator, "\(metric)")
            #expect(MetricFormula.terms(MetricFormula.text(f.denominator)) == f.denominator, "\(metric)")
            #expect(Set(metric.components).count == metric.components.count)
        }
        #expect(MetricFormula.terms("removals - missedRemovals") == [.plus(.removals), .minus(.missedRemovals)])
        #expect(MetricFormula.terms("-moves + flags") == [.minus(.moves), .plus(.flags)])
        for bad in ["removals -", "removals * flags", "nothing", "removals  - flags", "- removals"] {
            #expect(MetricFormula.terms(bad) == nil, "\(bad)")
        }
    }

    @Test("the sweep/1 fixture reads, and every metric cube derived from its components equals the stored one bit for bit")
    func version1CubesDeriveBitForBit() throws {
        #expect(ResultsLayout.tag(of: Self.fixture) == "sweep/1" && SweepResultsFile.holdsSweep(Self.fixture))
        let results = try SweepResultsFile.read(Self.fixture)
        #expect(results.recordings.count == 6 && results.sweeps.map(\.definition.name) == ["merge", "lock-lhs"])
        let file = try ResultFile.open(atPath: Self.fixture)
        var compared = 0, nonFinite = 0
        var nonZero: Set<SweepMetric> = []
        for sweep in results.sweeps {
            let metrics = try file.root.openGroup("sweeps").openGroup(sweep.definition.name).openGroup("metrics")
            let pooled = sweep.outcome.pooled()
            for (k, name) in zip(0..., results.recordings + ["pooled"]) {
                for metric in SweepMetric.allCases {
                    let derived = k < results.recordings.count ? sweep.outcome.components.map { metric.value($0[k]) } : pooled.map(metric.value)
                    let stored = try metrics.openGroup(name).readDoubles(metric.rawValue).values
                    #expect(Self.bits(derived) == Self.bits(stored), "\(sweep.definition.name) \(name) \(metric.rawValue)")
                    compared += stored.count
                    nonFinite += stored.count { !$0.isFinite }
                    if stored.contains(where: { $0.isFinite && $0 != 0 }) { nonZero.insert(metric) }
                }
            }
        }
        #expect(compared == 7 * SweepMetric.allCases.count * (6 + 6), "every cube of both sweeps: six recordings and the pool")
        #expect(nonFinite > 0, "a metric with a zero denominator (NaN) is among them")
        // Every kind of formula meets finite, non-zero values: a difference over nothing, a ratio
        // over a difference and over a sum, a denominator divided first.
        #expect([.unconvergedMoves, .flagLatencyMean, .wrongTargetRate, .falseMissingPerHour, .duplicateRate].allSatisfy(nonZero.contains),
                "\(Set(SweepMetric.allCases).subtracting(nonZero))")
    }

    @Test("sweep/1 read, written as sweep/2 and read again: the same results, no per-recording cubes, the formulas stored")
    func version2RoundTrip() throws {
        let folder = try TemporaryDirectory()
        let old = try SweepResultsFile.read(Self.fixture)
        let path = try Self.rewritten(old, in: folder)
        #expect(ResultsLayout.tag(of: path) == "sweep/2")
        let new = try SweepResultsFile.read(path)
        #expect(new.recordings == old.recordings && new.cosinePairs == old.cosinePairs && new.dataSource == old.dataSource)
        for (a, b) in zip(new.sweeps, old.sweeps) {
            #expect(ComponentCube.sameBits(a.outcome.components, b.outcome.components))
            #expect(a.shipped == b.shipped && a.space == b.space && a.definition == b.definition)
            // Recommendations hold NaNs (a fold without a feasible point), which == calls unequal.
            #expect(try String(describing: a.recommendation(new.bootstrap)) == String(describing: b.recommendation(old.bootstrap)))
        }
        let root = try ResultFile.open(atPath: path).root
        #expect(try root.openGroup("sweeps").openGroup("merge").openGroup("metrics").memberNames() == ["pooled"])
        let formulas = try root.openGroup("metric_formulas")
        let (names, numerators, denominators, divisors) = (try formulas.readStrings("metric"), try formulas.readStrings("numerator"),
                                                          try formulas.readStrings("denominator"), try formulas.readDoubles("divisor").values)
        #expect(names == SweepMetric.allCases.map(\.rawValue))
        for (k, metric) in SweepMetric.allCases.enumerated() {
            let parsed = MetricFormula(try #require(MetricFormula.terms(numerators[k])), over: try #require(MetricFormula.terms(denominators[k])),
                                       divisor: divisors[k])
            #expect(parsed == metric.formula, "\(metric)")
        }
        let oldPooled = try ResultFile.open(atPath: Self.fixture).root.openGroup("sweeps").openGroup("merge").openGroup("metrics").openGroup("pooled")
        let newPooled = try root.openGroup("sweeps").openGroup("merge").openGroup("metrics").openGroup("pooled")
        for metric in SweepMetric.allCases {
            #expect(Self.bits(try newPooled.readDoubles(metric.rawValue).values) == Self.bits(try oldPooled.readDoubles(metric.rawValue).values))
        }
    }

    @Test("a file read back beside the results it was written from shares their component blocks; a changed block is its own")
    func readBackShares() throws {
        let folder = try TemporaryDirectory()
        var source = try SweepResultsFile.read(Self.fixture)
        let path = try Self.rewritten(source, in: folder)
        source.sweeps[0].outcome.components[1][0][0] += 1
        let read = try SweepResultsFile.read(path, sharing: source)
        func storage(_ block: [Double]) -> UnsafePointer<Double>? { block.withUnsafeBufferPointer(\.baseAddress) }
        let (shared, own) = (read.sweeps[0].outcome.components.blocks, source.sweeps[0].outcome.components.blocks)
        #expect(storage(shared[0]) == storage(own[0]) && storage(shared[2]) == storage(own[2]), "equal blocks are shared")
        #expect(storage(shared[1]) != storage(own[1]) && shared[1][0] == own[1][0] - 1, "the changed block is read from the file")
        let plain = try SweepResultsFile.read(path)
        #expect(ComponentCube.sameBits(plain.sweeps[0].outcome.components, read.sweeps[0].outcome.components))
        #expect(ComponentCube.sameBits(plain.sweeps[1].outcome.components, read.sweeps[1].outcome.components))
    }

    @Test("the report renders alike from the sweep/1 fixture and from its sweep/2 rewrite")
    func reportFromEitherLayout() throws {
        let folder = try TemporaryDirectory()
        let path = try Self.rewritten(in: folder)
        #expect(runTool(["report", Self.fixture, "--out", folder.file("v1")]).status == 0)
        #expect(runTool(["report", path, "--out", folder.file("v2")]).status == 0)
        let v1 = try String(contentsOfFile: folder.file("v1") + "/report.md", encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let v2 = try String(contentsOfFile: folder.file("v2") + "/report.md", encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        // The rewrite carries another protocol's provenance, whose name is the report's title.
        let differing = zip(v1, v2).filter { $0 != $1 }
        #expect(v1.count > 20 && v1.count == v2.count)
        #expect(differing.count == 1 && differing.allSatisfy { $0.0 == "# Sweep report: sweep-v1-fixture" }, "\(differing)")
    }
}
