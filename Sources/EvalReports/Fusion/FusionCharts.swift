import EvalResults
/// The fusion section's own chart: paired differences against the baseline, one row per variant.
public enum FusionCharts {
    /// A forest plot: for each row its median difference (dot) and interval (bar), with a
    /// dashed line at zero; values are in the units given by `xTitle`.
    public static func pairedDifferences(_ rows: [(label: String, estimate: Double, lower: Double, upper: Double)], title: String, xTitle: String,
                                  caption: String) -> String {
        let finite = rows.flatMap { [$0.estimate, $0.lower, $0.upper] }.filter(\.isFinite)
        let low = min(finite.min() ?? -1, 0), high = max(finite.max() ?? 1, 0)
        let frame = ChartFrame(xDomain: (low, high == low ? low + 1 : high), yDomain: (0, Double(rows.count + 1)))
        var svg = frame.begin(title: title, xTitle: xTitle, yTitle: "variant", caption: caption)
        let c = ReportNumber.coordinate
        svg.element("line", [("class", "series-1 reference"), ("x1", c(frame.x(0))), ("y1", c(frame.y.range.0)),
                             ("x2", c(frame.x(0))), ("y2", c(frame.y.range.1))])
        for (k, row) in rows.enumerated() {
            let y = frame.y(Double(rows.count - k))
            if row.lower.isFinite && row.upper.isFinite {
                svg.element("line", [("class", "series-0"), ("x1", c(frame.x(row.lower))), ("y1", c(y)), ("x2", c(frame.x(row.upper))), ("y2", c(y))])
            }
            if row.estimate.isFinite {
                svg.element("circle", [("class", "marker-0 point"), ("cx", c(frame.x(row.estimate))), ("cy", c(y)), ("r", "4")])
            }
            svg.element("text", [("x", c(frame.x.range.0 + 6)), ("y", c(y - 6))], text: row.label)
        }
        return svg.finish()
    }
}
