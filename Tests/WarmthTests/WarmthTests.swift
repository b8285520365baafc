import Foundation
import Recording
import Testing
import Warmth

/// Behaviour of the warmth replay (Docs/warmth.md); the estimators' values are checked
/// against lifelines, statsmodels and scipy by Scripts/conformance-warmth.
@Suite struct WarmthTests {
    static let negatives = [0.2, 0.2, 0.2, 0.2, 0.2, 0.2]

    /// A trial from records (times, records) with queryStart and trialEnd added.
    static func trial(_ body: [(Double, TrialRecord)], end: Double = 20, present: Bool? = true) -> Trial {
        var records = [TimedRecord(t: 0, line: 2, record: .event(name: "queryStart", value: nil))]
        for (i, r) in body.enumerated() { records.append(TimedRecord(t: r.0, line: i + 3, record: r.1)) }
        records.append(TimedRecord(t: end, line: body.count + 3, record: .event(name: "trialEnd", value: nil)))
        return Trial(trialId: "T", sessionId: "S", device: "", cadence: "balanced", targetPresent: present, confirmMode: "forced",
                     confirmEveryS: 0.5, detConfFloor: 0.25, recordedParams: nil, records: records, file: "T.jsonl", warnings: [])
    }
    /// A guide record filling every crop with target cosine `cT`.
    static func guide(_ cT: Double) -> TrialRecord {
        .guide(frame: 0, crops: (0..<10).map { CropCosines(i: $0, cT: cT, cN: negatives) })
    }
    static let box = NormalizedBox(x: 0.4, y: 0.4, w: 0.2, h: 0.2)
    static func confirm(_ cT: Double) -> TrialRecord {
        .confirm(frame: 0, boxes: [CandidateBox(box: box, det: 0.8, label: "cup", cT: cT, cN: negatives, p: nil)])
    }
    static func replay(_ t: Trial, _ p: FinderParameters = FinderParameters()) -> FinderTrace { Finder.replay(PreparedTrial(t, p), p) }

    @Test func softmaxIsStableForALargeSpread() {
        let p = FinderMath.targetProbability(cT: 0.9, cN: [-0.9, 0, 0, 0, 0, 0], tau: 0.001)
        #expect(p == 1)
        let q = FinderMath.targetProbability(cT: 0.3, cN: [0.3, 0.3, 0.3, 0.3, 0.3, 0.3], tau: 0.01)
        #expect(abs(q - 1.0 / 7) < 1e-15)
    }

    @Test func floorZeroesACropJustBelowIt() {
        let below = [CropCosines(i: 0, cT: 0.2199, cN: Self.negatives)] + (1..<10).map { CropCosines(i: $0, cT: 0.1, cN: Self.negatives) }
        #expect(FinderMath.snapshotWarmth(below, tau: 0.01, floor: 0.22, mode: .targetCosine) == 0)
        let above = [CropCosines(i: 0, cT: 0.2201, cN: Self.negatives)] + (1..<10).map { CropCosines(i: $0, cT: 0.1, cN: Self.negatives) }
        #expect(FinderMath.snapshotWarmth(above, tau: 0.01, floor: 0.22, mode: .targetCosine) > 0.5)
        // snapshotMax: the best crop clears the floor, so a crop below it still counts
        let mixed = [CropCosines(i: 0, cT: 0.23, cN: Self.negatives), CropCosines(i: 1, cT: 0.215, cN: [0.1, 0.1, 0.1, 0.1, 0.1, 0.1])]
            + (2..<10).map { CropCosines(i: $0, cT: 0.1, cN: Self.negatives) }
        let a = FinderMath.snapshotWarmth(mixed, tau: 0.01, floor: 0.22, mode: .targetCosine)
        let b = FinderMath.snapshotWarmth(mixed, tau: 0.01, floor: 0.22, mode: .snapshotMax)
        #expect(b > a)
    }

    @Test func noGuideUpdateUntilTheSnapshotIsComplete() {
        let partial = TrialRecord.guide(frame: 0, crops: (0..<9).map { CropCosines(i: $0, cT: 0.4, cN: Self.negatives) })
        let t = Self.trial([(0.25, partial), (0.5, partial), (0.75, partial)])
        #expect(Self.replay(t).changes.map(\.to) == [.searching])
        let last = TrialRecord.guide(frame: 0, crops: [CropCosines(i: 9, cT: 0.1, cN: Self.negatives)])
        let t2 = Self.trial([(0.25, partial), (0.5, last), (0.75, last), (1, last)])
        #expect(Self.replay(t2).changes.map(\.to) == [.searching, .warm])  // the stale hot cells keep driving x
    }

    @Test func emaCrossesWarmOnAfterTheExpectedUpdates() {
        // x ≈ 1 every update: w_k = 1 − 0.7^k ≥ 0.45 from k = 2 (zero start), k = 1 (first value)
        let t = Self.trial((1...6).map { (Double($0) * 0.25, Self.guide(0.4)) })
        #expect(Self.replay(t).changes.first { $0.to == .warm }?.t == 0.5)
        var p = FinderParameters(); p.emaInit = .firstValue
        #expect(Self.replay(t, p).changes.first { $0.to == .warm }?.t == 0.25)
    }

    @Test func hysteresisHoldsBetweenWarmOffAndWarmOn() {
        var p = FinderParameters(); p.alpha = 1; p.floor = 0; p.tau = 1
        // x = softmax at τ = 1 of nearly equal cosines ≈ 1/7; pick cT to hit chosen x values
        func cosine(for x: Double) -> Double { 0.2 + log(6 * x / (1 - x)) }
        let xs = [0.5, 0.42, 0.42, 0.3]
        let t = Self.trial(xs.enumerated().map { (Double($0.offset + 1) * 0.25, Self.guide(cosine(for: $0.element))) })
        #expect(Self.replay(t, p).changes.map(\.to) == [.searching, .warm, .searching])
        #expect(Self.replay(t, p).changes.last?.t == 1.0)
    }

    @Test func voteNeedsKOfNAndIgnoresConfirmsOutsideWarm() {
        let hot = (1...4).map { (Double($0) * 0.25, Self.guide(0.4)) }
        let votes: [(Double, TrialRecord)] = [(0.1, Self.confirm(0.4)), (1.1, Self.confirm(0.4)), (1.2, Self.confirm(0.1)), (1.3, Self.confirm(0.4)), (1.4, Self.confirm(0.4))]
        let gt: [(Double, TrialRecord)] = [(0.05, .gt(visible: true, box: Self.box))]
        let t = Self.trial((gt + hot + votes).sorted { $0.0 < $1.0 })
        let trace = Self.replay(t)
        #expect(trace.unusedConfirms == 1)
        #expect(trace.finds == [Find(t: 1.4, kind: .correct)])
        #expect(trace.firstCorrectFind == 1.4)
    }

    @Test func lostAfterStrictlyMoreThanTheDeadlineThenReacquire() {
        var p = FinderParameters(); p.k = 1; p.n = 1
        let base: [(Double, TrialRecord)] = [(0.05, .gt(visible: true, box: Self.box)), (0.25, Self.guide(0.4)), (0.5, Self.guide(0.4)), (1.0, Self.confirm(0.4))]
        let exact = Self.trial(base + [(3.0, .gt(visible: false, box: nil))])
        #expect(!Self.replay(exact, p).changes.contains { $0.to == .lost })
        let after = Self.trial(base + [(2.5, .gt(visible: false, box: nil)), (3.001, .gt(visible: false, box: nil)), (4, Self.confirm(0.4))])
        let trace = Self.replay(after, p)
        #expect(trace.changes.map(\.to) == [.searching, .warm, .found, .lost, .found])
        #expect(trace.lostHidden == 1)
        #expect(trace.reacquireLatencies.count == 1 && abs(trace.reacquireLatencies[0].0 - 0.999) < 1e-9)
    }

    @Test func falseFindOnAnAbsentTrialGoesBackToSearching() {
        var p = FinderParameters(); p.k = 1; p.n = 1
        let t = Self.trial([(0.25, Self.guide(0.4)), (0.5, Self.guide(0.4)), (1.0, Self.confirm(0.4))], present: false)
        let trace = Self.replay(t, p)
        #expect(trace.finds == [Find(t: 1.0, kind: .falseAbsent)])
        #expect(trace.changes.last?.to == .searching)
        let s = WarmthSummary([trace], horizons: [5], minWarmS: 1)
        #expect(s.falseFindTrialsAbsent.x == 1 && s.falseFindsPerMinute.count == 1)
    }

    @Test func validationRejectsBrokenTrials() {
        let header = #"{"type":"header","format":"lookfor-replay","version":1,"trialId":"T","sessionId":"S","targetPresent":true,"cadence":"balanced","recording":{"confirmMode":"forced"}}"#
        let start = #"{"type":"event","t":0,"name":"queryStart"}"#
        let end = #"{"type":"event","t":5,"name":"trialEnd"}"#
        let guide = #"{"type":"guide","t":1,"frame":1,"crops":[{"i":1,"cT":0.2,"cN":[0.1,0.1,0.1,0.1,0.1,0.1]},{"i":1,"cT":0.2,"cN":[0.1,0.1,0.1,0.1,0.1,0.1]}]}"#
        func message(_ lines: [String]) -> String? {
            do { _ = try TrialReader.parse(Data(lines.joined(separator: "\n").utf8), file: "x.jsonl"); return nil } catch { return error.description }
        }
        #expect(message([header, start]) == "x.jsonl: the last record must be the trialEnd event")
        #expect(message([header, start, #"{"type":"gt","t":3,"visible":false,"box":null}"#, #"{"type":"gt","t":2,"visible":false,"box":null}"#, end])?.hasPrefix("x.jsonl:4: t goes down") == true)
        #expect(message([header, start, guide, end]) == "x.jsonl:3: crop index 1 repeats within one guide record")
        #expect(message([header, start, end]) == nil)
    }

    @Test func kaplanMeierCountsCensoringsAtTiedTimesAsAtRisk() {
        let km = KaplanMeier([(1, true), (2, true), (2, false), (3, true), (4, false)])
        #expect(km.rows.map(\.atRisk) == [5, 4, 2])
        #expect(abs(km.rows[1].survival - 0.6) < 1e-15)
        #expect(km.median == 3)
        let none = KaplanMeier([(1, false), (2, false)])
        #expect(none.median == nil)
    }

    @Test func garwoodBoundsAtZeroAndOne() {
        let zero = PoissonInterval.garwood(0)
        #expect(zero.lower == 0 && abs(zero.upper - 3.6888794541139363) < 1e-12)  // −ln 0.025
    }

    static func simulatedCorpus() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("warmth-test-\(UUID().uuidString)").path
        var sim = TrialSimulator()
        sim.sessions = 2; sim.trialsPerSession = 3; sim.absentPerSession = 1
        try sim.write(to: folder)
        return folder
    }

    @Test func simulatedTrialsReplayWithoutDivergenceAndTheCheckCanFail() throws {
        let folder = try Self.simulatedCorpus()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let trials = try TrialReader.readCorpus(index: folder + "/index.json")
        #expect(trials.count == 6 && trials.allSatisfy(\.hasAppPhases))
        for trial in trials {
            let p = try #require(trial.recordedParams)
            #expect(Finder.firstDivergence(Finder.replay(PreparedTrial(trial, p), p), file: trial.file) == nil)
        }
        // a replay with other constants than the app's must be caught
        let diverged = trials.contains { trial in
            var p = trial.recordedParams!
            p.warmOn = 0.3; p.warmOff = 0.25; p.k = 1; p.n = 1
            return Finder.firstDivergence(Finder.replay(PreparedTrial(trial, p), p), file: trial.file) != nil
        }
        #expect(diverged)
    }

    @Test func corpusIndexMustAgreeWithTheHeaders() throws {
        let folder = try Self.simulatedCorpus()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let index = folder + "/index.json"
        let text = try String(contentsOfFile: index, encoding: .utf8)
        try text.replacingOccurrences(of: "\"targetPresent\": false", with: "\"targetPresent\": true").write(toFile: index, atomically: true, encoding: .utf8)
        #expect(throws: InputError.self) { try TrialReader.readCorpus(index: index) }
        do { _ = try TrialReader.readCorpus(index: index) } catch {
            #expect(error.description.contains("disagree with the trial's header"))
        }
    }

    @Test func gridIndicesRoundTripAndNeighboursStayInside() {
        let grid = WarmthGrid(tau: [0.005, 0.01], floor: [0.2], alpha: [0.3], warmOn: [0.4, 0.45, 0.5], warmGap: [0, 0.05],
                              foundScore: [0.55], kn: [[3, 5], [2, 3]])
        #expect(grid.count == 24)
        for i in 0..<grid.count { #expect(grid.flat(grid.indices(i)) == i) }
        let corner = grid.indices(0)
        #expect(grid.neighbours(corner).count == 4)  // one step up in each dimension with more than one value
        let p = grid.parameters([1, 0, 0, 2, 1, 0, 1], base: FinderParameters())
        #expect(p.tau == 0.01 && p.warmOn == 0.5 && abs(p.warmOff - 0.45) < 1e-12 && p.k == 2 && p.n == 3)
    }

    @Test func liveModeCountsEligibleSecondsWithoutConfirmData() {
        var t = Self.trial([(0.25, Self.guide(0.4)), (0.5, Self.guide(0.4)), (1.0, Self.confirm(0.1))])
        #expect(Self.replay(t).uncoveredConfirmSeconds == 0)  // forced mode: not counted
        t.confirmMode = "live"
        // warm from 0.5 s: [0.5, 1.0) has no confirm before it, then everything after 1.5 s
        #expect(abs(Self.replay(t).uncoveredConfirmSeconds - 19.0) < 1e-12)
    }
}
