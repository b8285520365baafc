import Foundation
import EvalResults

/// A linear map from a data domain onto a pixel range (the range may be reversed, as for y).
public struct LinearScale: Sendable, Equatable {
    /// Data interval.
    public var domain: (Double, Double)
    /// Pixel interval.
    public var range: (Double, Double)

    /// Creates a scale; a zero-width domain is widened by one unit so it stays invertible.
    public init(domain: (Double, Double), range: (Double, Double)) {
        self.domain = domain.0 == domain.1 ? (domain.0, domain.0 + 1) : domain
        self.range = range
    }

    /// Pixel position of `value`.
    public func callAsFunction(_ value: Double) -> Double {
        range.0 + (value - domain.0) / (domain.1 - domain.0) * (range.1 - range.0)
    }

    /// Data value at pixel `pixel`.
    public func invert(_ pixel: Double) -> Double {
        domain.0 + (pixel - range.0) / (range.1 - range.0) * (domain.1 - domain.0)
    }

    /// Equality of domain and range.
    public static func == (a: Self, b: Self) -> Bool { a.domain == b.domain && a.range == b.range }
}

/// "Nice" axis ticks: a step of 1, 2, 2.5 or 5 × 10^k giving 4–10 ticks that cover the
/// domain (a simplification of leather's score search).
public enum NiceTicks {
    /// Tick values covering `low…high`, ascending; the first ≤ low and the last ≥ high.
    /// Non-finite bounds, or a span too wide to hold in a double, give `[0, 1]` or the finite
    /// bounds as they are: a chart never converts a non-finite number to an integer
    /// (spec.md#limits-report-numbers).
    public static func ticks(_ low: Double, _ high: Double) -> [Double] {
        guard low.isFinite, high.isFinite, (high - low).isFinite else {
            let finite = [low, high].filter(\.isFinite)
            return finite.count == 2 && finite[0] < finite[1] ? finite : [0, 1]
        }
        let span = high > low ? high - low : max(abs(low), 1)
        let magnitude = pow(10, floor(log10(span / 5)))
        for factor in [1.0, 2, 2.5, 5, 10, 20] {
            let step = factor * magnitude
            let first = floor(low / step + 1e-9), last = ceil(high / step - 1e-9)
            guard (last - first).isFinite, last - first < 1e6 else { continue }
            let count = Int(last - first) + 1
            if count <= 10 { return (0..<max(count, 2)).map { (first + Double($0)) * step } }
        }
        return [low, high]
    }

    /// Decimals that show every tick of `ticks` distinctly (0–3).
    public static func decimals(_ ticks: [Double]) -> Int {
        (0...3).first { d in ticks.allSatisfy { abs($0 * pow(10, Double(d)) - ($0 * pow(10, Double(d))).rounded()) < 1e-6 } } ?? 3
    }
}

/// The shared frame of every chart: margins, scales, grid, ticks, axis titles and caption.
public struct ChartFrame: Sendable {
    /// Width of the whole SVG.
    public static let width = 640.0
    /// Height of the whole SVG.
    public static let height = 400.0
    /// Plot-area margins: left, top, right, bottom.
    public static let margin = (left: 64.0, top: 64.0, right: 24.0, bottom: 72.0)
    /// The stylesheet of every chart (classes, poloto style).
    public static let style = """
        .background { fill: #ffffff; } .grid { stroke: #e0e0e0; stroke-width: 1; } \
        .axis { stroke: #333333; stroke-width: 1; } text { font-family: sans-serif; font-size: 12px; fill: #222222; } \
        .title { font-size: 14px; font-weight: bold; } .caption { font-size: 11px; fill: #555555; } \
        .series-0 { stroke: #1f77b4; fill: none; stroke-width: 2; } .series-1 { stroke: #d62728; fill: none; stroke-width: 2; } \
        .series-2 { stroke: #2ca02c; fill: none; stroke-width: 2; } .bar { fill: #1f77b4; stroke: #ffffff; stroke-width: 1; } \
        .marker-0 { fill: #1f77b4; } .marker-1 { fill: #d62728; } .marker-2 { fill: #2ca02c; } \
        .reference { stroke-dasharray: 4 3; stroke-width: 1.5; fill: none; } .band { fill-opacity: 0.25; stroke: none; }
        """

    /// Horizontal scale onto the plot area.
    public let x: LinearScale
    /// Vertical scale onto the plot area (reversed).
    public let y: LinearScale
    /// Tick values of x.
    public let xTicks: [Double]
    /// Tick values of y.
    public let yTicks: [Double]

    /// A frame over x in `xDomain` and y in `yDomain`, both extended to nice ticks.
    public init(xDomain: (Double, Double), yDomain: (Double, Double)) {
        xTicks = NiceTicks.ticks(xDomain.0, xDomain.1)
        yTicks = NiceTicks.ticks(yDomain.0, yDomain.1)
        let m = Self.margin
        x = LinearScale(domain: (xTicks.first!, xTicks.last!), range: (m.left, Self.width - m.right))
        y = LinearScale(domain: (yTicks.first!, yTicks.last!), range: (Self.height - m.bottom, m.top))
    }

    /// Starts a chart: background, title, grid, axes, tick labels, axis titles, caption.
    public func begin(title: String, xTitle: String, yTitle: String, caption: String) -> SVGWriter {
        var svg = SVGWriter(width: Self.width, height: Self.height, style: Self.style)
        let c = ReportNumber.coordinate
        svg.element("rect", [("class", "background"), ("x", "0"), ("y", "0"), ("width", c(Self.width)), ("height", c(Self.height))])
        svg.element("text", [("class", "title"), ("x", c(Self.margin.left)), ("y", "24")], text: title)
        let bottom = y.range.0, top = y.range.1, left = x.range.0, right = x.range.1
        svg.begin("g", [("class", "x-axis")])
        let xDigits = NiceTicks.decimals(xTicks), yDigits = NiceTicks.decimals(yTicks)
        for tick in xTicks {
            svg.element("line", [("class", "grid"), ("x1", c(x(tick))), ("y1", c(top)), ("x2", c(x(tick))), ("y2", c(bottom))])
            svg.element("text", [("class", "tick"), ("x", c(x(tick))), ("y", c(bottom + 16)), ("text-anchor", "middle")],
                        text: ReportNumber.fixed(tick, xDigits))
        }
        svg.element("line", [("class", "axis"), ("x1", c(left)), ("y1", c(bottom)), ("x2", c(right)), ("y2", c(bottom))])
        svg.element("text", [("class", "axis-title"), ("x", c((left + right) / 2)), ("y", c(bottom + 36)), ("text-anchor", "middle")],
                    text: xTitle)
        svg.close()
        svg.begin("g", [("class", "y-axis")])
        for tick in yTicks {
            svg.element("line", [("class", "grid"), ("x1", c(left)), ("y1", c(y(tick))), ("x2", c(right)), ("y2", c(y(tick)))])
            svg.element("text", [("class", "tick"), ("x", c(left - 6)), ("y", c(y(tick) + 4)), ("text-anchor", "end")],
                        text: ReportNumber.fixed(tick, yDigits))
        }
        svg.element("line", [("class", "axis"), ("x1", c(left)), ("y1", c(bottom)), ("x2", c(left)), ("y2", c(top))])
        let titleY = (top + bottom) / 2
        svg.element("text", [("class", "axis-title"), ("x", "16"), ("y", c(titleY)), ("text-anchor", "middle"),
                             ("transform", "rotate(-90, 16, \(c(titleY)))")], text: yTitle)
        svg.close()
        svg.element("text", [("class", "caption"), ("x", c(left)), ("y", c(Self.height - 12))], text: caption)
        return svg
    }
}
