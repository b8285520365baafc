@testable import EvalResults
@testable import EvalJobs
@testable import EvalReports
@testable import EvalCommandLine
import Testing

@Suite("Sweep charts")
struct SweepChartTests {
    @Test("heatmap: one cell per value, NaN cells grey, marked cells outlined, ramp from dark to yellow")
    func heatmap() throws {
        let svg = HeatmapChart.svg(values: [[0, 1, .nan], [2, 3, 4]], xValues: [0.8, 0.9], yValues: [0.1, 0.2, 0.3],
                                   title: "a < b", xTitle: "x", yTitle: "y", caption: "c",
                                   marked: [(i: 1, j: 2, style: "chosen"), (i: 0, j: 0, style: "shipped")])
        #expect(try RunReportTests.elements(svg, "rect", class: "cell") == 6 + 32)
        #expect(try RunReportTests.elements(svg, "rect", class: "missing") == 1)
        #expect(try RunReportTests.elements(svg, "rect", class: "chosen") == 1)
        #expect(try RunReportTests.elements(svg, "rect", class: "shipped") == 1)
        #expect(svg.contains("a &lt; b"))
        #expect(HeatmapChart.colour(0) == "#440154" && HeatmapChart.colour(1) == "#fde725")
        #expect(HeatmapChart.colour(-3) == HeatmapChart.colour(0) && HeatmapChart.colour(7) == HeatmapChart.colour(1))
    }

    @Test("Pareto plot: front points highlighted and joined, non-finite points left out")
    func pareto() throws {
        let points: [(Double, Double)] = [(0, 3), (1, 1), (2, 2), (.nan, 1), (3, 0)]
        let svg = SweepCharts.pareto(points, front: [true, true, false, false, true], chosen: (1, 1), shipped: (.nan, .nan),
                                     title: "t", xTitle: "x", yTitle: "y", caption: "c")
        #expect(try RunReportTests.elements(svg, "circle", class: "front") == 3)
        #expect(try RunReportTests.elements(svg, "path", class: "front") == 1)
        #expect(try RunReportTests.elements(svg, "circle", class: "chosen") == 1)
        #expect(try RunReportTests.elements(svg, "rect", class: "shipped") == 0)
    }
}
