import EvalNumerics
import Foundation
import Simulation
@testable import EvalResults
@testable import EvalJobs
@testable import EvalReports
@testable import EvalCommandLine
import Testing

@Suite("Gates on interval bounds, the minimum of events, intervals over recordings, the data statement")
struct GateDecisionTests {
    static let noInterval = GapIntervals(median: .init(estimate: .nan, lower: .nan, upper: .nan), p90: .init(estimate: .nan, lower: .nan, upper: .nan))

    /// A recording with `removals` removals of which `missed` were missed, and one tracking row.
    static func recording(_ name: String, removals: Int, missed: Int, mota: Double = 0.5, truth: Int64 = 100,
                          errors: [Double] = [0.1]) -> RecordingResults {
        RecordingResults(
            name: name, path: "\(name).sqlite", sha256: "00", observationCount: 1, gaps: [], gapInstances: [],
            errors: errors, errorInstances: errors.map { _ in 1 }, instances: [],
            detectEveryN: [TrackingRow(n: 1, mota: mota, idf1: mota, hota: mota, identitySwitches: 0, groundTruthCount: truth,
                                       trackCount: 1, newIDsPerMinute: 0, newIDsPerDetection: 0, meanTrackLifetime: 0)],
            recordedIDs: [], tracking3D: [], duplicatedObjects: [], neverAnchored: [], duplication: 0, gapIntervals: noInterval,
            absenceFlags: [], removals: (0..<removals).map { RemovalRow(object: Int64($0), time: 1, moved: 0, latency: $0 < missed ? .nan : 1) },
            unflags: 0, lockOn: [])
    }

    static func judge(_ gate: Gate, _ recordings: [RecordingResults], minimumEvents: Int) -> GateOutcome {
        let settings = BootstrapSettings(replicates: 200, seed: 7)
        return PooledFigures.judge([gate], recordings, pooledGaps: noInterval,
                                   intervals: RecordingBootstrap.figures(recordings, settings: settings),
                                   settings: settings, minimumEvents: minimumEvents)[0]
    }

    @Test("a gate decodes an optional bound, estimate by default, and encodes it only when set")
    func boundDecoding() throws {
        let plain = try JSONDecoder().decode(Gate.self, from: Data(#"{"metric": "tracking.mota_n1", "op": ">=", "value": 0.2}"#.utf8))
        #expect(plain.bound == .estimate && plain.text == "tracking.mota_n1 >= 0.200")
        #expect(String(decoding: try JSONEncoder().encode(plain), as: UTF8.self).contains("bound") == false)
        let lower = try JSONDecoder().decode(Gate.self, from: Data(
            #"{"metric": "absence.missed_removal_rate", "op": "<=", "value": 0.5, "bound": "lower"}"#.utf8))
        #expect(lower.bound == .lower && lower.text == "absence.missed_removal_rate <= 0.500 (lower bound)")
        #expect(try JSONDecoder().decode(Gate.self, from: JSONEncoder().encode(lower)) == lower)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Gate.self, from: Data(#"{"metric": "tracking.mota_n1", "op": ">=", "value": 0.2, "bound": "low"}"#.utf8))
        }
    }

    @Test("two of two removals missed: not enough events to decide, and the run does not fail")
    func fewEvents() {
        let recordings = [Self.recording("a", removals: 1, missed: 1), Self.recording("b", removals: 1, missed: 1)]
        let gate = Gate(metric: .missedRemovalRate, op: .atMost, value: 0.5, bound: .lower)
        let outcome = Self.judge(gate, recordings, minimumEvents: 10)
        #expect(outcome.verdict == .undecided && !outcome.failed)
        #expect(outcome.evidenceText == "2/2 = 1.00 [0.34, 1.00], 2 events")
        #expect(RunResults(protocolName: "p", protocolSHA256: "", toolVersion: "", bootstrap: .init(), recordings: recordings,
                           pooledGaps: Self.noInterval, gates: [outcome], runsDiffer: RunsDifferTest(recordings)).passed)
    }

    @Test("the bound decides: lower fails only on evidence of bad, upper passes only on evidence of good")
    func bounds() {
        // 2 of 12 missed: 0.17 [0.05, 0.45] (Wilson).
        let recordings = [Self.recording("a", removals: 6, missed: 1), Self.recording("b", removals: 6, missed: 1)]
        func verdict(_ value: Double, _ bound: GateBound) -> GateVerdict {
            Self.judge(Gate(metric: .missedRemovalRate, op: .atMost, value: value, bound: bound), recordings, minimumEvents: 10).verdict
        }
        #expect(verdict(0.3, .estimate) == .pass)
        #expect(verdict(0.3, .upper) == .fail, "the interval reaches above 0.3: no evidence of being good")
        #expect(verdict(0.5, .upper) == .pass)
        #expect(verdict(0.1, .estimate) == .fail)
        #expect(verdict(0.1, .lower) == .pass, "the interval reaches below 0.1: no evidence of being bad")
        #expect(verdict(0.03, .lower) == .fail)
        let outcome = Self.judge(Gate(metric: .missedRemovalRate, op: .atMost, value: 0.5), recordings, minimumEvents: 10)
        #expect(outcome.evidenceText == "2/12 = 0.17 [0.05, 0.45], 12 events")
    }

    @Test("intervals over recordings resample whole recordings and recompute the pooled figure")
    func recordingIntervals() throws {
        var recordings: [RecordingResults] = []
        for k in 0..<6 {
            let step = Double(k)
            recordings.append(Self.recording("r\(k)", removals: 0, missed: 0, mota: 0.2 + 0.1 * step, truth: Int64(50 + 10 * k),
                                             errors: [0.05 * (step + 1), 0.1]))
        }
        let settings = BootstrapSettings(replicates: 500, seed: 11, method: "percentile")
        let rows = RecordingBootstrap.figures(recordings, settings: settings)
        let mota = try #require(rows.interval("mota", 1) as IntervalEstimate?)
        #expect(mota.estimate == PooledFigures.tracking(recordings.map(\.detectEveryN))[0].mota)
        #expect(mota.lower < mota.estimate && mota.estimate < mota.upper)
        #expect(rows.allSatisfy { $0.recordings == 6 })
        // The same stream and statistic by hand: the first replicate's recordings are the first draws.
        let replicates = Bootstrap.replicates(units: recordings, resamples: 500, seed: 11) { (sample: [RecordingResults]) -> Double in
            PooledFigures.tracking(sample.map { $0.detectEveryN })[0].mota
        }
        let byHand = BootstrapInterval.percentile(estimate: mota.estimate, replicates: replicates, confidenceLevel: 0.95)
        #expect(byHand.lower == mota.lower && byHand.upper == mota.upper)
        let median = try #require(rows.interval(GateMetric.anchorErrorMedian.rawValue) as IntervalEstimate?)
        #expect(median.estimate == PooledFigures.value(of: .anchorErrorMedian, recordings))
        // One recording: no interval.
        #expect(RecordingBootstrap.figures([recordings[0]], settings: settings).allSatisfy { $0.interval.lower.isNaN })
    }

    @Test("the data statement names simulated and recorded data")
    func dataStatement() {
        let simulated = RecordingData(meta: ["source": "simulator", "simulator": "SpatialEval Simulation 4", "scenario": "absence", "seed": "1"])
        let recorded = RecordingData(meta: ["source": "import", "device": "iPhone 15 Pro"])
        #expect(SimulatorInfo.tag == "sim-4" && simulated.simulatorTag == SimulatorInfo.tag)
        #expect(DataStatement.summary([simulated, simulated]) == "Data: 2 recordings, all simulated (capture simulator sim-4)")
        #expect(DataStatement.summary([simulated]) == "Data: 1 recording, simulated (capture simulator sim-4)")
        #expect(DataStatement.summary([recorded]) == "Data: 1 recording, recorded (source import, device iPhone 15 Pro)")
        #expect(DataStatement.summary([simulated, recorded])
                == "Data: 2 recordings: 1 simulated (capture simulator sim-4), 1 recorded (source import, device iPhone 15 Pro)")
        #expect(DataStatement.table([("a", simulated), ("b", recorded)]) == [
            ["recording", "data", "meta.source", "scenario", "seed", "device"],
            ["a", "simulated (sim-4)", "simulator", "absence", "1", "—"],
            ["b", "recorded", "import", "—", "—", "iPhone 15 Pro"],
        ])
    }
}

@Suite("The run report's header states its data and the gates' evidence")
struct RunReportHeaderTests {
    @Test("a simulated run says so above the gates, and each gate shows its interval and events")
    func header() {
        var recording = GateDecisionTests.recording("absence", removals: 2, missed: 2)
        recording.data = RecordingData(meta: ["source": "simulator", "simulator": "SpatialEval Simulation 4", "scenario": "absence", "seed": "1"])
        let outcome = GateDecisionTests.judge(Gate(metric: .missedRemovalRate, op: .atMost, value: 0.5, bound: .lower), [recording], minimumEvents: 10)
        let results = RunResults(protocolName: "p", protocolSHA256: "", toolVersion: "t", bootstrap: .init(), recordings: [recording],
                                 pooledGaps: GateDecisionTests.noInterval, gates: [outcome], runsDiffer: RunsDifferTest([recording]))
        let markdown = RunReport(results).markdown
        let header = markdown.components(separatedBy: "**Contents:**")[0]
        #expect(header.contains("Data: 1 recording, simulated (capture simulator sim-4)"))
        #expect(markdown.contains("| absence | simulated (sim-4) | simulator | absence | 1 | — |"))
        #expect(header.contains("| missed-removal rate | 2/2 = 1.00 [0.34, 1.00], 2 events | <= 0.500 (lower bound) | not enough events to decide |"))
    }
}

@Suite("Figures the data cannot measure (spec.md#not-measurable)")
struct NotMeasurableTests {
    /// `GateDecisionTests.recording` with the ground-truth route stated.
    static func recording(_ name: String, route: String, mota: Double = 0.5, removals: Int = 0) -> RecordingResults {
        var result = GateDecisionTests.recording(name, removals: removals, missed: 0, mota: mota)
        result.data = RecordingData(meta: ["source": "app"], groundTruth: route)
        return result
    }

    @Test("without ground truth anywhere a gate is not measurable, neither pass nor fail, and says what it lacks")
    func noGroundTruth() {
        let recordings = [Self.recording("a", route: "none"), Self.recording("b", route: "none")]
        for metric in GateMetric.allCases where metric.groundTruthNeed != nil {
            let outcome = GateDecisionTests.judge(Gate(metric: metric, op: .atMost, value: 1), recordings, minimumEvents: 0)
            #expect(outcome.verdict == .notMeasurable && !outcome.failed && !outcome.passed)
            #expect(outcome.verdictText == "not measurable: no ground truth for \(metric.groundTruthNeed!)")
            #expect(outcome.evidenceText == outcome.verdictText)
        }
        let gaps = GateDecisionTests.judge(Gate(metric: .reanchorP90, op: .atMost, value: 1), recordings, minimumEvents: 0)
        #expect(gaps.verdict != .notMeasurable)
        let run = RunResults(protocolName: "p", protocolSHA256: "", toolVersion: "", bootstrap: .init(), recordings: recordings,
                             pooledGaps: GateDecisionTests.noInterval,
                             gates: [GateDecisionTests.judge(Gate(metric: .motaN1, op: .atLeast, value: 0.2), recordings, minimumEvents: 0)],
                             runsDiffer: RunsDifferTest(recordings))
        #expect(run.passed && run.nothingMeasured)
        #expect(RunSummary.verdict(run).contains("no gate could be measured") && RunSummary.verdict(run).contains("exits 4"))
    }

    @Test("a recording without ground truth is left out of the figures that need it, not counted as zero")
    func mixed() {
        let judged = GateDecisionTests.judge(
            Gate(metric: .motaN1, op: .atLeast, value: 0.4), [Self.recording("a", route: "marks ±0.05 m", mota: 0.6), Self.recording("b", route: "none", mota: -3)],
            minimumEvents: 0)
        #expect(judged.verdict == .pass && judged.value == 0.6 && judged.events == 1)
        let removals = GateDecisionTests.judge(
            Gate(metric: .missedRemovalRate, op: .atMost, value: 0.5),
            [Self.recording("a", route: "labelled boxes", removals: 2), Self.recording("b", route: "none", removals: 5)], minimumEvents: 0)
        #expect(removals.events == 2)
        // Results written before routes were stored (no route) count as having ground truth.
        let legacy = GateDecisionTests.judge(Gate(metric: .motaN1, op: .atLeast, value: 0.4),
                                             [GateDecisionTests.recording("old", removals: 0, missed: 0, mota: 0.6)], minimumEvents: 0)
        #expect(legacy.verdict == .pass)
    }

    @Test("the data statement names each route, with counts when they differ")
    func statement() {
        let data = [RecordingData(meta: ["source": "app"], groundTruth: "marks ±0.05 m"), RecordingData(meta: ["source": "app"], groundTruth: "none")]
        #expect(DataStatement.summary(data).hasSuffix("; ground truth: marks ±0.05 m (1), none (1)"))
        #expect(DataStatement.summary([data[0]]).hasSuffix("; ground truth: marks ±0.05 m"))
        #expect(DataStatement.summary([RecordingData(meta: ["source": "app"])]).contains("ground truth") == false)
        #expect(DataStatement.table(data.map { ("r", $0) })[0].last == "ground truth")
    }
}
