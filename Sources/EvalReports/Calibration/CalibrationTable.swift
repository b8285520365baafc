import EvalResults
extension CalibrationReport {
    /// The report as Markdown: how it was made, then one row per figure (every simulated
    /// value labelled as such).
    public var markdown: String {
        let s = settings
        let seeds = "seeds \(s.sessionSeed(0))–\(s.sessionSeed(max(s.sessions, 1) - 1))"
        let offset = s.seedOffset == 0 ? "" : " --seed-offset \(s.seedOffset)"
        var lines = [
            "Simulated: \(sessions.count) sessions of `walkaway-reapproach` (\(seeds), "
                + "\(s.duration.map { "\(ReportNumber.fixed($0, 0)) s" } ?? "nominal 60 s"), default simulator configuration), "
                + "replicas with the shipped constants; intervals: 95 % percentile bootstrap over whole sessions "
                + "(\(s.resamples) resamples, seed \(s.bootstrapSeed)); one session: the central 95 % of the statistic over single "
                + "sessions. The shared-error bound re-simulates the first \(sharedBoundSessions.count) sessions with "
                + "`depthNetwork.fastPassResidual = shared`. Made by `spatial-eval calibrate --sessions \(s.sessions) --seed \(s.firstSeed)\(offset)`.",
            "",
            "| figure | app (reported) | simulated, pooled [95 % interval] | simulated, one session (95 %) | verdict |",
            "| --- | --- | --- | --- | --- |",
        ]
        for row in rows {
            let f = { (v: Double) in Self.number(v, figure: row.figure) }
            let pooled = "\(f(row.pooled)) [\(f(row.interval.lowerBound)), \(f(row.interval.upperBound))]"
            let one = row.perSession.map { "\(f($0.lowerBound))–\(f($0.upperBound))" } ?? "—"
            lines.append("| \(row.figure) | \(row.app) | \(pooled) | \(one) | \(row.verdict) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A table number: metres and rates with three decimals, percentages and counts with one.
    public static func number(_ value: Double, figure: String) -> String {
        guard value.isFinite else { return "n/a" }
        return figure.hasSuffix("%") || figure.hasPrefix("gaps per") ? ReportNumber.fixed(value, 1) : ReportNumber.fixed(value)
    }
}
