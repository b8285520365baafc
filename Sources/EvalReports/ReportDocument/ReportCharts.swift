import EvalResults
/// The report's three figures as SVG text, drawn on a ``ChartFrame``.
public enum ReportCharts {
    /// A legend entry: CSS class of its swatch and its label.
    public typealias LegendEntry = (style: String, label: String)

    /// Empirical CDF of `values` as one step path (y = i/n), with dashed vertical lines at
    /// the median and p90 and their intervals shaded as bands.
    public static func ecdf(_ values: [Double], median: IntervalEstimate, p90: IntervalEstimate, title: String, caption: String) -> String {
        let sorted = values.sorted()
        let frame = ChartFrame(xDomain: (0, max(sorted.last ?? 0, p90.upper.isFinite ? p90.upper : 0, 0.01)), yDomain: (0, 1))
        var svg = frame.begin(title: title, xTitle: "re-anchor gap (m)", yTitle: "fraction of gaps ≤ x", caption: caption)
        let c = ReportNumber.coordinate
        for (k, marker) in [median, p90].enumerated() where marker.lower.isFinite && marker.upper.isFinite {
            svg.element("rect", [("class", "band marker-\(k + 1)"), ("x", c(frame.x(marker.lower))), ("y", c(frame.y.range.1)),
                                 ("width", c(frame.x(marker.upper) - frame.x(marker.lower))),
                                 ("height", c(frame.y.range.0 - frame.y.range.1))])
        }
        if !sorted.isEmpty {
            var path = "M \(c(frame.x(sorted[0]))),\(c(frame.y(0)))"
            for (i, value) in sorted.enumerated() {
                path += " H \(c(frame.x(value))) V \(c(frame.y(Double(i + 1) / Double(sorted.count))))"
            }
            svg.element("path", [("class", "series-0 ecdf"), ("d", path)])
        }
        for (k, marker) in [median, p90].enumerated() where marker.estimate.isFinite {
            svg.element("line", [("class", "series-\(k + 1) reference"), ("x1", c(frame.x(marker.estimate))), ("y1", c(frame.y.range.0)),
                                 ("x2", c(frame.x(marker.estimate))), ("y2", c(frame.y.range.1))])
        }
        legend(&svg, [("series-0", "ECDF"), ("series-1", "median " + ReportNumber.interval(median)),
                      ("series-2", "p90 " + ReportNumber.interval(p90))])
        return svg.finish()
    }

    /// Histogram of `values` over the bins `edges` (ascending; values outside are clamped
    /// into the end bins), one `rect` per bin.
    public static func histogram(_ values: [Double], edges: [Double], title: String, xTitle: String, caption: String) -> String {
        let counts = binCounts(values, edges: edges)
        let frame = ChartFrame(xDomain: (edges.first ?? 0, edges.last ?? 1), yDomain: (0, Double(max(counts.max() ?? 1, 1))))
        var svg = frame.begin(title: title, xTitle: xTitle, yTitle: "count", caption: caption)
        let c = ReportNumber.coordinate
        svg.begin("g", [("class", "bars")])
        for (k, count) in counts.enumerated() {
            let left = frame.x(edges[k]), right = frame.x(edges[k + 1]), top = frame.y(Double(count))
            svg.element("rect", [("class", "bar"), ("x", c(left)), ("y", c(top)), ("width", c(right - left)),
                                 ("height", c(frame.y(0) - top))])
        }
        svg.close()
        return svg.finish()
    }

    /// Counts of `values` per bin of `edges` (last bin closed; outliers clamped to the ends).
    public static func binCounts(_ values: [Double], edges: [Double]) -> [Int] {
        guard edges.count >= 2 else { return [] }
        var counts = Array(repeating: 0, count: edges.count - 1)
        for value in values where value.isFinite {
            let k = edges.lastIndex { $0 <= value } ?? 0
            counts[min(k, counts.count - 1)] += 1
        }
        return counts
    }

    /// The most bins ``edges(upTo:width:)`` makes.
    public static let maximumBins = 1_000

    /// Shared bin edges from 0 to past the largest value in steps of `width`.
    public static func edges(upTo maximum: Double, width: Double) -> [Double] {
        // At most `maximumBins` bins; a non-finite or huge maximum gives one (spec.md#limits-report-numbers).
        let ratio = (maximum / width).rounded(.up)
        let count = ratio.isFinite ? max(1, Int(min(ratio, Double(maximumBins)))) : 1
        return (0...count).map { Double($0) * width }
    }

    /// One polyline with circle markers per series over shared x values.
    public static func lines(x: [Double], series: [(label: String, values: [Double])], title: String, xTitle: String,
                             yTitle: String, caption: String) -> String {
        let finite = series.flatMap(\.values).filter(\.isFinite)
        let frame = ChartFrame(xDomain: (x.min() ?? 0, x.max() ?? 1), yDomain: (min(0, finite.min() ?? 0), max(1, finite.max() ?? 1)))
        var svg = frame.begin(title: title, xTitle: xTitle, yTitle: yTitle, caption: caption)
        let c = ReportNumber.coordinate
        for (k, line) in series.enumerated() {
            let points = zip(x, line.values).filter { $0.1.isFinite }
            svg.element("polyline", [("class", "series-\(k)"),
                                     ("points", points.map { "\(c(frame.x($0.0))),\(c(frame.y($0.1)))" }.joined(separator: " "))])
            for point in points {
                svg.element("circle", [("class", "marker-\(k) point"), ("cx", c(frame.x(point.0))), ("cy", c(frame.y(point.1))), ("r", "3")])
            }
        }
        legend(&svg, series.indices.map { ("series-\($0)", series[$0].label) })
        return svg.finish()
    }

    public static func legend(_ svg: inout SVGWriter, _ entries: [LegendEntry]) {
        let c = ReportNumber.coordinate
        svg.begin("g", [("class", "legend")])
        for (k, entry) in entries.enumerated() {
            let y = 40 + Double(k % 2) * 14, x = ChartFrame.margin.left + Double(k / 2) * 300
            svg.element("line", [("class", entry.style), ("x1", c(x)), ("y1", c(y - 4)), ("x2", c(x + 16)), ("y2", c(y - 4))])
            svg.element("text", [("x", c(x + 20)), ("y", c(y))], text: entry.label)
        }
        svg.close()
    }
}
