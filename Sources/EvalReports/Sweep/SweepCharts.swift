import EvalResults
/// The sweep report's line and scatter figures, drawn on a ``ChartFrame``.
public enum SweepCharts {
    /// One series of a curve chart: its points and, optionally, a band (lower, upper per point).
    public struct Series: Sendable {
        /// Legend label.
        public var label: String
        /// (x, y) points in drawing order.
        public var points: [(Double, Double)]
        /// Lower and upper bound at each point, drawn as a shaded band; empty for none.
        public var band: [(Double, Double)]

        /// Creates a series.
        public init(label: String, points: [(Double, Double)], band: [(Double, Double)] = []) {
            self.label = label
            self.points = points
            self.band = band
        }
    }

    /// Polylines with markers, each with its optional band drawn first.
    public static func curves(_ series: [Series], title: String, xTitle: String, yTitle: String, caption: String,
                              xDomain: (Double, Double)? = nil, yDomain: (Double, Double)? = nil) -> String {
        let xs = series.flatMap { $0.points.map(\.0) }.filter(\.isFinite)
        let ys = (series.flatMap { $0.points.map(\.1) } + series.flatMap { $0.band.flatMap { [$0.0, $0.1] } }).filter(\.isFinite)
        let frame = ChartFrame(xDomain: xDomain ?? (xs.min() ?? 0, xs.max() ?? 1), yDomain: yDomain ?? (min(0, ys.min() ?? 0), ys.max() ?? 1))
        var svg = frame.begin(title: title, xTitle: xTitle, yTitle: yTitle, caption: caption)
        let c = ReportNumber.coordinate
        for (k, s) in series.enumerated() where !s.band.isEmpty {
            let kept = zip(s.points, s.band).filter { $0.0.0.isFinite && $0.1.0.isFinite && $0.1.1.isFinite }
            guard !kept.isEmpty else { continue }
            let upper = kept.map { "\(c(frame.x($0.0.0))),\(c(frame.y($0.1.1)))" }
            let lower = kept.reversed().map { "\(c(frame.x($0.0.0))),\(c(frame.y($0.1.0)))" }
            svg.element("polygon", [("class", "band marker-\(k % 3)"), ("points", (upper + lower).joined(separator: " "))])
        }
        for (k, s) in series.enumerated() {
            let points = s.points.filter { $0.0.isFinite && $0.1.isFinite }
            svg.element("polyline", [("class", "series-\(k % 3)"),
                                     ("points", points.map { "\(c(frame.x($0.0))),\(c(frame.y($0.1)))" }.joined(separator: " "))])
            if points.count <= 60 {
                for p in points {
                    svg.element("circle", [("class", "marker-\(k % 3) point"), ("cx", c(frame.x(p.0))), ("cy", c(frame.y(p.1))), ("r", "3")])
                }
            }
        }
        ReportCharts.legend(&svg, series.indices.map { ("series-\($0 % 3)", series[$0].label) })
        return svg.finish()
    }

    /// Every point of a sweep in two objectives, the Pareto front highlighted and joined as a
    /// staircase, the chosen point and the shipped configuration marked.
    public static func pareto(_ points: [(Double, Double)], front: [Bool], chosen: (Double, Double)?, shipped: (Double, Double)?,
                              title: String, xTitle: String, yTitle: String, caption: String) -> String {
        let finite = (points + [chosen, shipped].compactMap { $0 }).filter { $0.0.isFinite && $0.1.isFinite }
        let frame = ChartFrame(xDomain: (min(0, finite.map(\.0).min() ?? 0), finite.map(\.0).max() ?? 1),
                               yDomain: (min(0, finite.map(\.1).min() ?? 0), finite.map(\.1).max() ?? 1))
        var svg = frame.begin(title: title, xTitle: xTitle, yTitle: yTitle, caption: caption)
        let c = ReportNumber.coordinate
        svg.begin("g", [("class", "points")])
        for (p, onFront) in zip(points, front) where p.0.isFinite && p.1.isFinite && !onFront {
            svg.element("circle", [("class", "point"), ("cx", c(frame.x(p.0))), ("cy", c(frame.y(p.1))), ("r", "2"), ("fill", "#bdbdbd")])
        }
        svg.close()
        let frontPoints = Set(zip(points, front).filter { $0.1 && $0.0.0.isFinite && $0.0.1.isFinite }.map { [$0.0.0, $0.0.1] })
            .sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }
        if let first = frontPoints.first {
            var path = "M \(c(frame.x(first[0]))),\(c(frame.y(first[1])))"
            for p in frontPoints.dropFirst() { path += " H \(c(frame.x(p[0]))) V \(c(frame.y(p[1])))" }
            svg.element("path", [("class", "series-0 front"), ("d", path)])
        }
        for p in frontPoints {
            svg.element("circle", [("class", "marker-0 point front"), ("cx", c(frame.x(p[0]))), ("cy", c(frame.y(p[1]))), ("r", "4")])
        }
        if let shipped, shipped.0.isFinite, shipped.1.isFinite {
            svg.element("rect", [("class", "marker-2 shipped"), ("x", c(frame.x(shipped.0) - 5)), ("y", c(frame.y(shipped.1) - 5)),
                                 ("width", "10"), ("height", "10")])
        }
        if let chosen, chosen.0.isFinite, chosen.1.isFinite {
            svg.element("circle", [("class", "marker-1 chosen"), ("cx", c(frame.x(chosen.0))), ("cy", c(frame.y(chosen.1))), ("r", "6")])
        }
        ReportCharts.legend(&svg, [("series-0", "Pareto front"), ("series-1", "recommended"), ("series-2", "shipped")])
        return svg.finish()
    }
}
