import EvalNumerics
import EvalResults
import Evaluation

/// The run report's content, rendered from ``RunResults`` alone: Markdown text, the SVG
/// figures it links to, and a self-contained HTML page with the same figures inline.
public struct RunReport: Sendable {
    /// Markdown of the report.
    public var markdown: String
    /// The self-contained HTML page.
    public var html: String
    /// SVG files beside the Markdown: file name → content, in report order.
    public var figures: [(name: String, svg: String)]

    /// Renders `results`.
    public init(_ results: RunResults) {
        var doc = ReportDocument()
        func paragraph(_ text: String) { doc.paragraph(text) }
        func heading(_ text: String, _ level: Int) { doc.heading(text, level) }
        func table(_ rows: [[String]]) { doc.table(rows) }
        func figure(_ name: String, _ svg: String, caption: String) { doc.figure(name, svg, caption: caption) }
        let f = { (v: Double) in ReportNumber.fixed(v) }
        let pooledErrors = PooledFigures.errors(results.recordings)
        let edges = ReportCharts.edges(upTo: max(pooledErrors.max() ?? 0.1, 0.05), width: 0.025)
        let confidence = ReportNumber.fixed(results.bootstrap.confidence * 100, 0)
        func bootstrapNote(_ b: BootstrapSettings) -> String {
            "\(confidence)% \(b.method) bootstrap intervals, \(b.replicates) replicates, seed \(b.seed)"
        }
        let intervalNote = bootstrapNote(results.bootstrap) + ", whole instances resampled"
        let byRecording = results.recordingIntervals
        let nRecordings = "n = \(results.recordings.count) recordings"

        let fusionOnly = results.fusion != nil && results.runReport != nil
        heading((fusionOnly ? "Fusion report: " : "Run report: ") + results.protocolName, 1)
        doc.beginSummary()
        if fusionOnly, let fusion = results.fusion {
            paragraph(DataStatement.summary(results.recordings.map(\.data)) + ". Fusion study: \(fusion.boxes.detection.count) detection boxes "
                + "with ground-truth depth grids, \(fusion.samples.box.count) grid samples with a true depth.")
        } else {
            paragraph(RunSummary.data(results))
        }
        paragraph(RunSummary.verdict(results))
        if fusionOnly, let fusion = results.fusion, let runReport = results.runReport {
            table(RunSummary.fusionTable(fusion))
            doc.link("Boxes with a depth from every variant's fit; Δ: paired median difference variant − baseline per box with its "
                + "\(confidence)% interval over whole objects (lower is better). The run's gates, figures and per-recording detail: ",
                     "the run report", href: runReport, ".")
        } else {
            table(RunSummary.table(results))
            paragraph("Rates: \(confidence)% Wilson intervals over their events; re-anchor gaps: whole instances resampled; the other "
                + "figures: whole recordings resampled (\(bootstrapNote(results.bootstrap))). A gate tests its estimate unless it names a bound "
                + "(spec.md#gate-decisions).")
        }
        doc.endSummary()
        if !fusionOnly { doc.policySection(results) }
        doc.beginDetails("Data and inputs")
        table(DataStatement.table(results.recordings.map { ($0.name, $0.data) }))
        paragraph("spatial-eval \(results.toolVersion); protocol SHA-256 \(results.protocolSHA256). Rendered from results.h5 alone.")
        table([["recording", "path", "SHA-256"]] + results.recordings.map { [$0.name, $0.path, $0.sha256] })
        doc.endDetails()
        if fusionOnly, let fusion = results.fusion, let runReport = results.runReport {
            doc.link("This report holds the depth-fusion study only. The run's own figures on the same recordings (gates, tracking, anchors, "
                + "re-anchor gaps, absence, lock-on, both anchoring policies, per recording) are in ", "the run report", href: runReport, ".")
            doc.fusionSection(fusion, bootstrap: results.bootstrap)
            markdown = doc.markdownText
            self.html = doc.htmlPage(title: "Fusion report: \(results.protocolName)")
            self.figures = doc.figures
            return
        }

        struct Section {
            var key: String, title: String, gaps: [Double], units: Int, intervals: GapIntervals, errors: [Double]
            var tracking: [TrackingRow], recorded: [TrackingRow], tracking3D: [Tracking3DRow]
            var instances: [InstanceRow], duplication: Int64, duplicated: [Int64], never: [Int64], observations: Int64
        }
        let r = results.recordings, judged = PooledFigures.withGroundTruth(r)
        var sections = [Section(
            key: "pooled", title: "Pooled over \(r.count) recordings", gaps: PooledFigures.gaps(r),
            units: PooledFigures.gapUnits(r).count, intervals: results.pooledGaps, errors: pooledErrors,
            tracking: PooledFigures.tracking(judged.map(\.detectEveryN)),
            recorded: PooledFigures.tracking(judged.map(\.recordedIDs).filter { !$0.isEmpty }),
            tracking3D: PooledFigures.tracking3D(judged.map(\.tracking3D)), instances: judged.flatMap(\.instances),
            duplication: judged.reduce(0) { $0 + $1.duplication }, duplicated: [], never: [], observations: r.reduce(0) { $0 + $1.observationCount })]
        sections += r.map {
            Section(key: $0.name, title: "Recording \($0.name)", gaps: $0.gaps, units: PooledFigures.gapUnits(of: $0).count,
                    intervals: $0.gapIntervals, errors: $0.errors, tracking: $0.detectEveryN, recorded: $0.recordedIDs,
                    tracking3D: $0.tracking3D, instances: $0.instances, duplication: $0.duplication,
                    duplicated: $0.duplicatedObjects, never: $0.neverAnchored, observations: $0.observationCount)
        }
        for s in sections {
            let pooled = s.key == "pooled"
            // The figure with its interval over recordings in the pooled section, plain otherwise.
            func withInterval(_ value: Double, _ figure: String, _ parameter: Double = .nan) -> String {
                guard pooled, let interval = byRecording.interval(figure, parameter) else { return f(value) }
                return ReportNumber.interval(interval)
            }
            doc.beginDetails(s.title, open: pooled)
            let recording = r.first { !pooled && $0.name == s.key }
            if let recording { doc.viewerLinks(recording) }
            let covered = pooled ? r : recording.map { [$0] } ?? []
            let measurable = !PooledFigures.withGroundTruth(covered).isEmpty
            if let line = Self.groundTruthLine(covered, pooled: pooled) { paragraph(line) }
            if measurable {
            heading("Tracking: detect-every-N" + RunSummary.trackingSource(covered), 3)
            let trackingRows = s.tracking.map { ["\($0.n)", withInterval($0.mota, "mota", Double($0.n)), withInterval($0.idf1, "idf1", Double($0.n)),
                                                 withInterval($0.hota, "hota", Double($0.n)), "\($0.identitySwitches)", "\($0.groundTruthCount)",
                                                 "\($0.trackCount)", ReportNumber.fixed($0.newIDsPerMinute, 2), f($0.newIDsPerDetection),
                                                 ReportNumber.fixed($0.meanTrackLifetime, 2)] }
            let recordedRows = s.recorded.map { ["app ids", f($0.mota), f($0.idf1), f($0.hota), "\($0.identitySwitches)", "\($0.groundTruthCount)",
                                                 "\($0.trackCount)", ReportNumber.fixed($0.newIDsPerMinute, 2), f($0.newIDsPerDetection),
                                                 ReportNumber.fixed($0.meanTrackLifetime, 2)] }
            table([["N", "MOTA", "IDF1", "HOTA", "IDSW", "GT boxes", "tracks", "new ids/min", "new ids/det", "mean life s"]]
                  + trackingRows + recordedRows)
            if pooled {
                paragraph("MOTA, IDF1 and HOTA at each N: estimate [interval], \(nRecordings); \(bootstrapNote(results.bootstrap)), "
                    + "whole recordings resampled and the pooled figure recomputed from their rows.")
            }
            let gtBoxes = s.tracking.first?.groundTruthCount ?? 0
            figure("\(s.key)-tracking.svg", ReportCharts.lines(
                x: s.tracking.map { Double($0.n) }, series: [("MOTA", s.tracking.map(\.mota)), ("IDF1", s.tracking.map(\.idf1)),
                                                              ("HOTA", s.tracking.map(\.hota))],
                title: "Tracking vs detect-every-N (\(s.key))", xTitle: "detect every N frames", yTitle: "score",
                caption: "n = \(gtBoxes) ground-truth boxes per N"), caption: "MOTA, IDF1 and HOTA vs N, \(s.key); n = \(gtBoxes) ground-truth boxes per N.")
            }
            heading("Re-anchor gaps", 3)
            table([["n gaps", "instances", "median m", "p90 m", "mean m", "min m", "max m"],
                   ["\(s.gaps.count)", "\(s.units)", ReportNumber.interval(s.intervals.median), ReportNumber.interval(s.intervals.p90),
                    f(s.gaps.isEmpty ? .nan : s.gaps.reduce(0, +) / Double(s.gaps.count)), f(s.gaps.min() ?? .nan), f(s.gaps.max() ?? .nan)]])
            paragraph("Intervals: \(intervalNote).")
            figure("\(s.key)-gaps-ecdf.svg", ReportCharts.ecdf(
                s.gaps, median: s.intervals.median, p90: s.intervals.p90, title: "Re-anchor gaps (\(s.key))",
                caption: "n = \(s.gaps.count) gaps from \(s.units) instances; bands: \(confidence)% intervals"),
                caption: "ECDF of re-anchor gaps, \(s.key); n = \(s.gaps.count) gaps, \(s.units) instances; dashed: median and p90, shaded: their \(confidence)% intervals.")
            guard measurable else {
                doc.endDetails()
                continue
            }
            heading("Anchors", 3)
            let purity = s.instances.isEmpty ? Double.nan : s.instances.map(\.purity).reduce(0, +) / Double(s.instances.count)
            let blended = s.instances.filter { $0.objectsFeeding > 1 }.count
            let errorMedian = s.errors.isEmpty ? Double.nan : Quantile.linear(s.errors, 0.5)
            let errorP90 = s.errors.isEmpty ? Double.nan : Quantile.linear(s.errors, 0.9)
            table([["instances", "observations", "error n", "error median m", "error p90 m", "mean purity", "blended", "duplication", "never anchored"],
                   ["\(s.instances.count)", "\(s.observations)", "\(s.errors.count)", withInterval(errorMedian, GateMetric.anchorErrorMedian.rawValue),
                    withInterval(errorP90, GateMetric.anchorErrorP90.rawValue), withInterval(purity, GateMetric.meanPurity.rawValue), "\(blended)",
                    "\(s.duplication)" + (s.duplicated.isEmpty ? "" : " (objects \(s.duplicated.map(String.init).joined(separator: ", ")))"),
                    s.key == "pooled" ? "see recordings" : "\(s.never.count)" + (s.never.isEmpty ? "" : " (objects \(s.never.map(String.init).joined(separator: ", ")))")]])
            if pooled {
                paragraph("Anchor error median and p90 and mean purity: estimate [interval], \(nRecordings), whole recordings resampled.")
            }
            figure("\(s.key)-anchor-errors.svg", ReportCharts.histogram(
                s.errors, edges: edges, title: "Anchor errors (\(s.key))", xTitle: "anchor error (m)",
                caption: "n = \(s.errors.count) per-update errors; bins 0.025 m"),
                caption: "Histogram of per-update anchor errors, \(s.key); n = \(s.errors.count).")
            heading("3-D tracking of instances vs objects", 3)
            table([["gate m", "MOTA-3D", "MOTP m", "TP", "FP", "FN", "IDSW", "GT"]] + s.tracking3D.map {
                [ReportNumber.fixed($0.gate, 2), withInterval($0.mota, "mota_3d", $0.gate), f($0.motp), "\($0.truePositives)", "\($0.falsePositives)",
                 "\($0.falseNegatives)", "\($0.identitySwitches)", "\($0.truthCount)"]
            })
            if pooled { paragraph("MOTA-3D per gate: estimate [interval], \(nRecordings), counts summed over the resampled recordings.") }
            doc.outcomeSections(s.key == "pooled" ? judged : r.filter { $0.name == s.key }, details: s.key != "pooled")
            doc.endDetails()
        }
        doc.runsDifferSection(results.runsDiffer)
        if let fusion = results.fusion { doc.fusionSection(fusion, bootstrap: results.bootstrap) }
        heading("Understanding this report", 2)
        paragraph("Pooled MOTA and 3-D counts are exact over all recordings; pooled IDF1 and HOTA are ground-truth-weighted means; "
            + "the old proxies (new ids per minute/detection, mean track life) are plain means. Re-anchor gaps are the raw "
            + "distances logged before the EMA; their intervals resample whole anchor instances because gaps of one instance "
            + "are correlated. Pooled tracking, anchor-error and MOTA-3D intervals resample whole recordings. "
            + "Absence and lock-on rates carry 95% Wilson intervals [low, high]; the gates' rates use the bootstrap's confidence. "
            + "Definitions: Docs/recording-metrics.md and Docs/protocols.md.")
        markdown = doc.markdownText
        self.html = doc.htmlPage(title: "Run report: \(results.protocolName)")
        self.figures = doc.figures
    }

    /// What a section's figures are judged against, when it is not labelled boxes on every
    /// recording (spec.md#ground-truth-route): marks and their projected boxes, or no ground
    /// truth at all; nil for labelled boxes and for results that store no route.
    static func groundTruthLine(_ recordings: [RecordingResults], pooled: Bool) -> String? {
        let routes = recordings.compactMap(\.data.route)
        let none = routes.count { $0 == .none }, marks = routes.count(where: \.projectsMarks)
        if pooled {
            guard none + marks > 0 else { return nil }
            return "Ground truth: " + (DataStatement.routes(recordings.map(\.data)) ?? "not stated") + ". "
                + (marks > 0 ? "Tracking and the 3-D truth set of the \(marks) recordings with marks come from boxes projected from the marks, "
                   + "an approximation (spec.md#projected-marks). " : "")
                + (none > 0 ? "\(none) recording\(none == 1 ? " has" : "s have") no labelled boxes or marks: figures that need ground truth "
                   + "pool the other \(recordings.count - none) (spec.md#not-measurable)." : "")
        }
        guard let route = routes.first, route != .labelledBoxes else { return nil }
        if route == .none {
            return "Ground truth: none (no labelled boxes, no marks): tracking, anchor error and purity, 3-D tracking, absence and lock-on "
                + "are not measurable for this recording; only the re-anchor gaps, which need no ground truth, are (spec.md#not-measurable)."
        }
        return "Ground truth: \(route.text). Detections are attributed to the marked objects (spec.md#marks-attribution); tracking and "
            + "the 3-D truth set come from boxes projected from the marks, an approximation (spec.md#projected-marks)."
    }
}
