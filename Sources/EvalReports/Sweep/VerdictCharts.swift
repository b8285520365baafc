import Sweeps
import EvalResults

/// The verdict figures of a sweep report (spec.md#sweep-pivot): the pivot of a constant whose
/// verdict depends on an assumption, and the tornado of how far each assumption family moves
/// every recommendation.
public enum VerdictCharts {
    /// The main recommendation projected on each step of `scan` (moved by the step's shift on
    /// the same scenes; marker) with the shift's interval (bar), the shipped value as a dashed
    /// line; steps without an admissible point are left out (the caption says how many).
    public static func pivot(_ scan: PivotScan, recommended: Double, axis a: Int, key: String, shipped: Double, caption: String) -> String {
        let projected = scan.steps.indices.map { (scan.steps[$0].pivotValue ?? .nan, scan.projected($0, recommended: recommended, axis: a)) }
            .filter { $0.0.isFinite && $0.1.value.isFinite && $0.1.lower.isFinite }
        let xs = projected.map(\.0)
        let ys = projected.flatMap { [$0.1.lower, $0.1.upper] } + [shipped]
        let frame = ChartFrame(xDomain: (xs.min() ?? 0, xs.max() ?? 1), yDomain: (ys.min() ?? 0, ys.max() ?? 1))
        var svg = frame.begin(title: "\(key) along \(scan.measure)", xTitle: scan.measure, yTitle: "projected \(key)", caption: caption)
        let c = ReportNumber.coordinate
        svg.element("line", [("class", "series-2 reference"), ("x1", c(frame.x.range.0)), ("y1", c(frame.y(shipped))),
                             ("x2", c(frame.x.range.1)), ("y2", c(frame.y(shipped)))])
        for (value, p) in projected {
            let x = frame.x(value)
            svg.element("line", [("class", "series-0"), ("x1", c(x)), ("y1", c(frame.y(p.lower))), ("x2", c(x)), ("y2", c(frame.y(p.upper)))])
            svg.element("circle", [("class", "marker-0 point"), ("cx", c(x)), ("cy", c(frame.y(p.value))), ("r", "4")])
        }
        ReportCharts.legend(&svg, [("series-0", "projected recommendation [interval]"), ("series-2", "shipped")])
        return svg.finish()
    }

    /// One row per (swept key, assumption family): a bar from the smallest to the largest
    /// shift of the recommendation, in grid steps of the key, over the family's variants and
    /// pivot steps; rows sorted by extent. `rows` holds (label, lowest shift, highest shift).
    public static func tornado(_ rows: [(label: String, low: Double, high: Double)], title: String, caption: String) -> String {
        let sorted = rows.filter { $0.low.isFinite && $0.high.isFinite }.sorted { ($1.high - $1.low, $0.label) < ($0.high - $0.low, $1.label) }
        let labelWidth = 230.0, rowHeight = 22.0, top = 56.0
        let width = ChartFrame.width, height = max(140, top + Double(max(sorted.count, 1)) * rowHeight + 64)
        let extent = max(1, sorted.map { max(abs($0.low), abs($0.high)) }.max() ?? 1)
        let ticks = NiceTicks.ticks(-extent, extent)
        let scale = LinearScale(domain: (ticks.first!, ticks.last!), range: (labelWidth, width - 24))
        var svg = SVGWriter(width: width, height: height, style: ChartFrame.style)
        let c = ReportNumber.coordinate
        svg.element("rect", [("class", "background"), ("x", "0"), ("y", "0"), ("width", c(width)), ("height", c(height))])
        svg.element("text", [("class", "title"), ("x", "12"), ("y", "24")], text: title)
        let bottom = top + Double(sorted.count) * rowHeight
        for tick in ticks {
            svg.element("line", [("class", "grid"), ("x1", c(scale(tick))), ("y1", c(top)), ("x2", c(scale(tick))), ("y2", c(bottom))])
            svg.element("text", [("class", "tick"), ("x", c(scale(tick))), ("y", c(bottom + 16)), ("text-anchor", "middle")],
                        text: ReportNumber.fixed(tick, NiceTicks.decimals(ticks)))
        }
        svg.element("line", [("class", "axis"), ("x1", c(scale(0))), ("y1", c(top)), ("x2", c(scale(0))), ("y2", c(bottom))])
        for (k, row) in sorted.enumerated() {
            let y = top + Double(k) * rowHeight
            svg.element("text", [("class", "tick"), ("x", c(labelWidth - 8)), ("y", c(y + 15)), ("text-anchor", "end")], text: row.label)
            let (x0, x1) = (scale(row.low), scale(row.high))
            svg.element("rect", [("class", "bar"), ("x", c(min(x0, x1) - (x0 == x1 ? 1.5 : 0))), ("y", c(y + 4)),
                                 ("width", c(max(abs(x1 - x0), 3))), ("height", c(rowHeight - 8))])
        }
        svg.element("text", [("class", "axis-title"), ("x", c((labelWidth + width - 24) / 2)), ("y", c(bottom + 36)), ("text-anchor", "middle")],
                    text: "shift of the recommendation, grid steps")
        svg.element("text", [("class", "caption"), ("x", "12"), ("y", c(height - 12))], text: caption)
        return svg.finish()
    }
}
