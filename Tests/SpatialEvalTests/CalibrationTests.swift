import Testing
@testable import EvalResults
@testable import EvalJobs
@testable import EvalReports
@testable import EvalCommandLine

/// `spatial-eval calibrate` sets every seed figure beside a simulated value with an interval.
@Suite struct CalibrationTests {
    @Test func shortCalibrationHasEveryRowLabelledSimulated() throws {
        var settings = CalibrationSettings()
        settings.sessions = 2
        settings.boundSessions = 1
        settings.duration = 20
        settings.resamples = 100
        let report = SimulatorCalibration.run(settings)
        #expect(report.sessions.map(\.seed) == [1, 2] && report.sharedBoundSessions.count == 1)
        let figures = report.rows.map(\.figure)
        for expected in ["re-anchor gap median, m", "re-anchor gap p90, m", "re-anchor gap max, m", "fast vs full network, Pearson r",
                         "bottle at 2.9–3.3 m: recall per detector run", "twin pairs: same-object vs twin ROC AUC"] {
            #expect(figures.contains(expected), "missing row \(expected)")
        }
        for row in report.rows where row.pooled.isFinite {
            #expect(row.interval.lowerBound <= row.interval.upperBound && !row.verdict.isEmpty, "\(row.figure)")
        }
        let median = try #require(report.rows.first { $0.figure == "re-anchor gap median, m" })
        #expect(median.perSession != nil && median.appValue == 0.028)
        #expect(report.markdown.hasPrefix("Simulated:") && report.markdown.contains("| re-anchor gap p90, m | 19.2 cm |"))
    }

    /// `--seed-offset` moves every session onto seeds disjoint from the tuning seeds, and the
    /// table says which seeds it used and how to remake it.
    @Test func seedOffsetShiftsEverySessionAndIsNamedInTheTable() {
        var settings = CalibrationSettings()
        settings.sessions = 30
        settings.seedOffset = 1000
        #expect((0..<30).map(settings.sessionSeed) == Array(UInt64(1001)...1030))
        let report = CalibrationReport(settings: settings, sessions: [], sharedBoundSessions: [], rows: [])
        #expect(report.markdown.contains("seeds 1001–1030"))
        #expect(report.markdown.contains("`spatial-eval calibrate --sessions 30 --seed 1 --seed-offset 1000`"))
        settings.seedOffset = 0
        #expect(!CalibrationReport(settings: settings, sessions: [], sharedBoundSessions: [], rows: []).markdown.contains("--seed-offset"))
        settings.firstSeed = .max
        settings.seedOffset = 2
        #expect(settings.sessionSeed(0) == 1, "seeds wrap instead of trapping")
    }

    @Test func commandRunsAndRejectsBadOptions() {
        #expect(runTool(["calibrate", "--sessions", "1"]).status == 64)
        let run = runTool(["calibrate", "--sessions", "2", "--duration", "12", "--resamples", "100"])
        #expect(run.status == 0 && run.output.standardOutput.contains("walkaway-reapproach"))
    }
}
