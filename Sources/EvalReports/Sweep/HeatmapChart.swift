import EvalResults
/// A 2-D heatmap of a metric over two sweep axes: one `rect` per cell coloured through a
/// viridis-like ramp, a colour bar, grey cells for NaN, and outlines on marked cells.
public enum HeatmapChart {
    /// Ramp stops (viridis at tenths), low to high.
    public static let stops: [(Double, Double, Double)] = [
        (0x44, 0x01, 0x54), (0x48, 0x28, 0x78), (0x3e, 0x49, 0x89), (0x31, 0x68, 0x8e), (0x26, 0x82, 0x8e),
        (0x1f, 0x9e, 0x89), (0x35, 0xb7, 0x79), (0x6e, 0xce, 0x58), (0xb5, 0xde, 0x2b), (0xfd, 0xe7, 0x25),
    ]

    /// The ramp colour of `t` in [0, 1] as `#rrggbb`.
    public static func colour(_ t: Double) -> String {
        let x = (t.isFinite ? max(0, min(1, t)) : 0) * Double(stops.count - 1)
        let k = min(Int(x), stops.count - 2), f = x - Double(k)
        let a = stops[k], b = stops[k + 1]
        func channel(_ p: Double, _ q: Double) -> String {
            let v = Int((p + (q - p) * f).rounded())
            let hex = String(v, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }
        return "#" + channel(a.0, b.0) + channel(a.1, b.1) + channel(a.2, b.2)
    }

    /// The heatmap of `values[i][j]` (x = `xValues[i]`, y = `yValues[j]`).
    ///
    /// - Parameters:
    ///   - marked: cells outlined, with the CSS class of the outline (`chosen`, `shipped`).
    public static func svg(
        values: [[Double]], xValues: [Double], yValues: [Double], title: String, xTitle: String, yTitle: String,
        caption: String, marked: [(i: Int, j: Int, style: String)] = []
    ) -> String {
        let style = ChartFrame.style + " .cell { shape-rendering: crispEdges; stroke: none; } .missing { fill: #bdbdbd; } "
            + ".chosen { fill: none; stroke: #d62728; stroke-width: 3; } .shipped { fill: none; stroke: #000000; stroke-width: 2; stroke-dasharray: 4 3; }"
        var svg = SVGWriter(width: ChartFrame.width, height: ChartFrame.height, style: style)
        let c = ReportNumber.coordinate, m = ChartFrame.margin
        svg.element("rect", [("class", "background"), ("x", "0"), ("y", "0"), ("width", c(ChartFrame.width)), ("height", c(ChartFrame.height))])
        svg.element("text", [("class", "title"), ("x", c(m.left)), ("y", "24")], text: title)
        let left = m.left, top = m.top, right = ChartFrame.width - m.right - 70, bottom = ChartFrame.height - m.bottom
        let nx = max(1, xValues.count), ny = max(1, yValues.count)
        let w = (right - left) / Double(nx), h = (bottom - top) / Double(ny)
        let finite = values.flatMap { $0 }.filter(\.isFinite)
        let low = finite.min() ?? 0, high = finite.max() ?? 1
        func unit(_ v: Double) -> Double { high > low ? (v - low) / (high - low) : 0.5 }
        svg.begin("g", [("class", "cells")])
        for i in 0..<nx {
            for j in 0..<ny {
                let v = i < values.count && j < values[i].count ? values[i][j] : .nan
                var attributes = [("class", v.isFinite ? "cell" : "cell missing"), ("x", c(left + Double(i) * w)),
                                  ("y", c(bottom - Double(j + 1) * h)), ("width", c(w)), ("height", c(h))]
                if v.isFinite { attributes.append(("fill", colour(unit(v)))) }
                svg.element("rect", attributes)
            }
        }
        svg.close()
        for mark in marked {
            svg.element("rect", [("class", mark.style), ("x", c(left + Double(mark.i) * w)), ("y", c(bottom - Double(mark.j + 1) * h)),
                                 ("width", c(w)), ("height", c(h))])
        }
        let xEvery = max(1, nx / 10), yEvery = max(1, ny / 10)
        for i in stride(from: 0, to: nx, by: xEvery) where i < xValues.count {
            svg.element("text", [("class", "tick"), ("x", c(left + (Double(i) + 0.5) * w)), ("y", c(bottom + 16)), ("text-anchor", "middle")],
                        text: ReportNumber.fixed(xValues[i], 2))
        }
        for j in stride(from: 0, to: ny, by: yEvery) where j < yValues.count {
            svg.element("text", [("class", "tick"), ("x", c(left - 6)), ("y", c(bottom - (Double(j) + 0.5) * h + 4)), ("text-anchor", "end")],
                        text: ReportNumber.fixed(yValues[j], 2))
        }
        svg.element("text", [("class", "axis-title"), ("x", c((left + right) / 2)), ("y", c(bottom + 36)), ("text-anchor", "middle")], text: xTitle)
        let titleY = (top + bottom) / 2
        svg.element("text", [("class", "axis-title"), ("x", "16"), ("y", c(titleY)), ("text-anchor", "middle"),
                             ("transform", "rotate(-90, 16, \(c(titleY)))")], text: yTitle)
        svg.begin("g", [("class", "colour-bar")])
        let barLeft = right + 24, steps = 32, stepHeight = (bottom - top) / Double(steps)
        for s in 0..<steps {
            svg.element("rect", [("class", "cell"), ("x", c(barLeft)), ("y", c(bottom - Double(s + 1) * stepHeight)), ("width", "14"),
                                 ("height", c(stepHeight)), ("fill", colour((Double(s) + 0.5) / Double(steps)))])
        }
        svg.element("text", [("class", "tick"), ("x", c(barLeft + 18)), ("y", c(bottom))], text: ReportNumber.fixed(low))
        svg.element("text", [("class", "tick"), ("x", c(barLeft + 18)), ("y", c(top + 8))], text: ReportNumber.fixed(high))
        svg.close()
        svg.element("text", [("class", "caption"), ("x", c(left)), ("y", c(ChartFrame.height - 12))], text: caption)
        return svg.finish()
    }
}
