import Foundation
import EvalMetrics
import Recording
import EvalResults

/// The sensor-statistics report (Markdown + HTML), rendered from `results.h5` alone
/// (`spec.md#sensor-statistics`, Docs/sensor-statistics.md): recorded and simulated recordings
/// side by side, one column each, every column labelled `recorded` or `simulated`.
public enum SensorStatsReport {
    /// The report of `contents`; `viewerPages` maps a recording's file name to its viewer page
    /// (relative to the report), linked from the data table.
    public static func document(_ contents: SensorStatsResultsFile.Contents, viewerPages: [String: String] = [:]) -> ReportDocument {
        let r = contents.results
        var doc = ReportDocument()
        doc.heading("Sensor statistics: recorded and simulated LiDAR and poses", 1)
        doc.beginSummary()
        doc.paragraph(dataLine(r))
        doc.paragraph(resolutionLine(r))
        var headline = [["figure"] + r.recordings.map(column)]
        for (low, high) in [(0.0, 1.0), (2, 3), (4, 5), (5, 6)] {
            headline.append(["high-confidence share at \(number(low, 0))–\(number(high, 0)) m"] + r.recordings.indices.map { shareCell(r, $0, low: low) })
        }
        headline.append(["high share on a discontinuity (≤ \(number(r.settings.edgeMaximumDepth, 0)) m)"] + r.recordings.indices.map { edgeCell(r, $0, low: 0) })
        let gap = r.settings.pairGaps.contains(1) ? 1.0 : (r.settings.pairGaps.first ?? 0)
        headline.append(["median depth disagreement, pairs \(number(gap, 1)) s apart, m"] + r.recordings.indices.map { disagreementCell(r, $0, by: "gap", gap: gap) })
        headline.append(["median speed, m/s"] + r.recordings.indices.map { motionCell(r, $0, "speed_m_per_s", 0.5) })
        headline.append(["frame-pair alignment (median of per-pair p25), m"] + r.recordings.map(alignmentCell))
        doc.table(headline)
        doc.endSummary()

        doc.beginDetails("Confidence by depth", open: true)
        doc.paragraph("Share of the maps' samples with each ARKit confidence, by the depth they read (bins [a, b), metres); 95 % block-bootstrap intervals, samples in parentheses. \"no return\": samples without a depth (the simulator's beyond its valid range).")
        for (level, name) in [(2, "high (2)"), (1, "medium (1)"), (0, "low (0)")] {
            doc.heading("Share of confidence \(name)", 3)
            doc.table([["depth, m"] + r.recordings.map(column)] + binRows(r.depthRows, recordings: r.recordings.count).map { bin in
                [bin.label] + bin.rows.map { row in row.map { shareText($0, level: level) } ?? "—" }
            })
        }
        doc.endDetails()

        doc.beginDetails("Confidence at depth discontinuities")
        doc.paragraph("Samples read at or nearer than \(number(r.settings.edgeMaximumDepth, 0)) m, by their distance in map samples to the nearest discontinuity (a sample whose 4-neighbour's depth differs by more than \(number(r.settings.discontinuityStep, 2)) m, the simulator's silhouette rule applied to the measured depths); the last bin also holds maps without one.")
        for (level, name) in [(2, "high (2)"), (1, "medium (1)")] {
            doc.heading("Share of confidence \(name)", 3)
            doc.table([["distance, samples"] + r.recordings.map(column)] + binRows(r.edgeRows, recordings: r.recordings.count, integer: true).map { bin in
                [bin.label] + bin.rows.map { row in row.map { shareText($0, level: level) } ?? "—" }
            })
        }
        doc.endDetails()

        doc.beginDetails("Depth disagreement of frame pairs")
        doc.paragraph("Each high-confidence sample of a frame (not at a discontinuity) is moved through the two frames' poses into a later frame and compared with the high-confidence sample it lands on there: |measured − predicted| depth, metres — depth noise and pose drift as an app reading these maps meets them (occlusions count too). Median and 90th percentile (nearest rank) [95 % interval] (points).")
        doc.heading("By predicted depth, pairs \(number(r.settings.pairGaps.first ?? 0, 1)) s apart", 3)
        let depthBins = disagreementBins(r, by: "depth")
        doc.table([["depth, m"] + r.recordings.map(column)] + depthBins.map { bin in [bin.label] + bin.rows.map { $0.map(disagreementText) ?? "—" } })
        doc.heading("By time apart, points predicted within \(number(r.settings.pairMaximumDepth, 0)) m", 3)
        let gapBins = disagreementBins(r, by: "gap")
        doc.table([["seconds apart"] + r.recordings.map(column)] + gapBins.map { bin in [bin.label] + bin.rows.map { $0.map(disagreementText) ?? "—" } })
        doc.endDetails()

        doc.beginDetails("Camera motion")
        doc.paragraph("Speed of the camera centre and angle of the relative rotation per second between poses at least \(number(r.settings.motionStep, 1)) s apart [95 % interval] (steps).")
        var motion = [["figure"] + r.recordings.map(column)]
        for (quantity, label) in [("speed_m_per_s", "speed, m/s"), ("angular_speed_deg_per_s", "angular speed, °/s")] {
            for level in [0.5, 0.9] {
                motion.append(["\(level == 0.5 ? "median" : "90th percentile") \(label)"] + r.recordings.indices.map { k in
                    r.motionRows.first { $0.recording == k && $0.quantity == quantity && $0.level == level }.map { interval($0.value, $0.lower, $0.upper, 2) + " (\($0.steps))" } ?? "—"
                })
            }
        }
        doc.table(motion)
        doc.endDetails()

        doc.beginDetails("Frame-pair alignment")
        doc.paragraph("The conventions checked on the data: the high-confidence samples (≤ \(number(r.settings.alignmentMaximumDepth, 0)) m) of two frames about \(number(r.settings.alignmentGap, 0)) s apart, back-projected into the world at the maps' own resolution; per pair the 25th percentile of the nearest-neighbour distances from the first frame's points the second frame sees, then the median over pairs [95 % interval]. Static surfaces seen twice land within millimetres to a few centimetres of each other; a wrong axis, a transposed pose or a mirrored map makes them fit clearly worse, by more the farther the camera moved between the frames. At the simulator's 32 × 24 maps neighbouring samples lie several centimetres apart, so its figure is larger for that reason alone.")
        doc.table([["recording", "data", "map size", "pairs", "alignment, m"]] + r.recordings.map {
            [$0.name, $0.data, "\($0.nativeColumns) × \($0.nativeRows)", "\($0.alignmentPairs)", interval($0.alignment, $0.alignmentLower, $0.alignmentUpper, 3)]
        })
        doc.endDetails()

        doc.beginDetails("Method")
        doc.paragraph("Intervals: 95 % percentile bootstrap over blocks of \(number(r.settings.blockSeconds, 0)) s of each recording (\(r.settings.resamples) resamples, seed \(r.settings.seed)); a resample draws as many blocks as the recording has, with replacement, and every figure is recomputed on the drawn blocks' pooled samples (resamples where a figure has no data are left out of its interval). Samples within a block are correlated, so the interval reflects the blocks, not the sample count. Quantiles are nearest-rank.")
        doc.paragraph(resolutionLine(r) + " The simulator judges its silhouettes on true depth; here discontinuities are judged on the measured depths, for recorded and simulated maps alike.")
        doc.endDetails()

        doc.beginDetails("Data and inputs")
        doc.table([["recording", "data", "source", "origin", "frames", "LiDAR maps", "seconds", "blocks", "pairs per gap"]] + r.recordings.map {
            [$0.name, $0.data, $0.source, $0.origin, "\($0.frames)", "\($0.mapFrames)", number($0.durationSeconds, 1), "\($0.blocks)", $0.pairs]
        })
        let pages = r.recordings.compactMap { row in viewerPages[row.name].map { (row.name, $0) } }
        for (name, page) in pages { doc.link("Viewer page of \(name) (camera path): ", page, href: page) }
        doc.table([["input", "SHA-256"]] + contents.inputs.map { [($0.path as NSString).lastPathComponent, $0.sha256] })
        doc.endDetails()
        return doc
    }

    /// Writes `report.md` and `report.html` of `contents` into `folder`; the file names.
    @discardableResult
    public static func write(_ contents: SensorStatsResultsFile.Contents, viewerPages: [String: String] = [:], to folder: String) throws -> [String] {
        let doc = document(contents, viewerPages: viewerPages)
        let files = [("report.md", doc.markdownText), ("report.html", doc.htmlPage(title: "Sensor statistics"))]
        for (name, text) in files { try AtomicFile.write(text, to: (folder as NSString).appendingPathComponent(name)) }
        return files.map(\.0)
    }

    /// The lines a command prints: per recording, its data, maps and alignment.
    public static func summary(_ r: SensorStatsResults) -> String {
        r.recordings.map { "\($0.name) (\($0.data)): \($0.mapFrames) LiDAR maps, alignment \(interval($0.alignment, $0.alignmentLower, $0.alignmentUpper, 3)) m over \($0.alignmentPairs) pairs\n" }.joined()
    }

    // MARK: - Cells

    static func column(_ row: SensorStatsResults.RecordingRow) -> String {
        "\((row.name as NSString).deletingPathExtension) (\(row.data))"
    }

    static func dataLine(_ r: SensorStatsResults) -> String {
        let recorded = r.recordings.filter { $0.data == "recorded" }, simulated = r.recordings.filter { $0.data == "simulated" }
        return "Data: \(r.recordings.count) recording\(r.recordings.count == 1 ? "" : "s"): \(recorded.count) recorded ("
            + recorded.map { "\($0.name), \($0.origin)" }.joined(separator: "; ") + "), \(simulated.count) simulated ("
            + simulated.map { "\($0.name), \($0.origin)" }.joined(separator: "; ") + "); \(r.recordings.reduce(0) { $0 + $1.mapFrames }) LiDAR maps."
    }

    static func resolutionLine(_ r: SensorStatsResults) -> String {
        r.mapResolution == "simulator-pitch"
            ? "Maps compared at the simulator's resolution: finer maps point-sampled to one sample per 60 px of the image (the simulator's 24 × 32 over 1440 × 1920; a 1920 × 1440 capture's 256 × 192 maps become 32 × 24), each kept sample the recorded one nearest the coarse sample's pixel, as the simulator samples the scene."
            : "Maps compared at their own resolution (recorded 256 × 192 beside the simulator's 24 × 32)."
    }

    static func shareCell(_ r: SensorStatsResults, _ k: Int, low: Double) -> String {
        r.depthRows.first { $0.recording == k && $0.low == low }.map { shareText($0, level: 2) } ?? "—"
    }

    static func edgeCell(_ r: SensorStatsResults, _ k: Int, low: Double) -> String {
        r.edgeRows.first { $0.recording == k && $0.low == low }.map { shareText($0, level: 2) } ?? "—"
    }

    static func disagreementCell(_ r: SensorStatsResults, _ k: Int, by: String, gap: Double) -> String {
        r.disagreementRows.first { $0.recording == k && $0.by == by && $0.gap == gap }.map {
            $0.points == 0 ? "— (0)" : interval($0.median, $0.medianLower, $0.medianUpper, 3) + " (\($0.points))"
        } ?? "—"
    }

    static func motionCell(_ r: SensorStatsResults, _ k: Int, _ quantity: String, _ level: Double) -> String {
        r.motionRows.first { $0.recording == k && $0.quantity == quantity && $0.level == level }.map { interval($0.value, $0.lower, $0.upper, 2) } ?? "—"
    }

    static func alignmentCell(_ row: SensorStatsResults.RecordingRow) -> String {
        row.alignmentPairs == 0 ? "— (0 pairs)" : interval(row.alignment, row.alignmentLower, row.alignmentUpper, 3) + " (\(row.alignmentPairs) pairs)"
    }

    static func shareText(_ row: SensorStatsResults.ShareRow, level: Int) -> String {
        guard row.samples > 0 else { return "— (0)" }
        let (v, l, u) = level == 2 ? (row.high2, row.high2Lower, row.high2Upper) : level == 1 ? (row.medium, row.mediumLower, row.mediumUpper)
            : (row.low0, row.low0Lower, row.low0Upper)
        return interval(v, l, u, 2) + " (\(row.samples))"
    }

    static func disagreementText(_ row: SensorStatsResults.DisagreementRow) -> String {
        row.points == 0 ? "— (0)" : "\(interval(row.median, row.medianLower, row.medianUpper, 3)) / \(interval(row.p90, row.p90Lower, row.p90Upper, 3)) (\(row.points))"
    }

    static func interval(_ value: Double, _ lower: Double, _ upper: Double, _ digits: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "—" : "∞" }
        return "\(number(value, digits)) [\(number(lower, digits)), \(number(upper, digits))]"
    }

    static func number(_ x: Double, _ digits: Int) -> String {
        x.isInfinite ? "∞" : ReportNumber.fixed(x, digits)
    }

    /// A bin's label and, per recording, its row (nil where the recording has none).
    struct Bin<Row> {
        var label: String
        var rows: [Row?]
    }

    /// The bins of `rows` in order of their first appearance, one row per recording.
    static func binRows(_ rows: [SensorStatsResults.ShareRow], recordings: Int, integer: Bool = false) -> [Bin<SensorStatsResults.ShareRow>] {
        var bins: [Bin<SensorStatsResults.ShareRow>] = []
        var index: [String: Int] = [:]
        for row in rows {
            let label = row.low.isNaN ? "no return" : row.high.isInfinite ? "≥ \(number(row.low, integer ? 0 : 0))"
                : "\(number(row.low, 0))–\(number(row.high, 0))"
            let key = integer && !row.high.isInfinite && row.high == row.low + 1 ? "\(number(row.low, 0))" : label
            if index[key] == nil {
                index[key] = bins.count
                bins.append(Bin(label: key, rows: Array(repeating: nil, count: recordings)))
            }
            bins[index[key]!].rows[row.recording] = row
        }
        return bins
    }

    static func disagreementBins(_ r: SensorStatsResults, by: String) -> [Bin<SensorStatsResults.DisagreementRow>] {
        var bins: [Bin<SensorStatsResults.DisagreementRow>] = []
        var index: [String: Int] = [:]
        for row in r.disagreementRows where row.by == by {
            let label = by == "gap" ? number(row.gap, 1) : row.depthHigh.isInfinite ? "≥ \(number(row.depthLow, 0))" : "\(number(row.depthLow, 0))–\(number(row.depthHigh, 0))"
            if index[label] == nil {
                index[label] = bins.count
                bins.append(Bin(label: label, rows: Array(repeating: nil, count: r.recordings.count)))
            }
            bins[index[label]!].rows[row.recording] = row
        }
        return bins
    }
}
