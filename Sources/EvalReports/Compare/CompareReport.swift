import Foundation
import Recording
import EvalResults

/// The comparison report of `compare --out` (spec.md#compare-runs), laid out like every
/// report: a summary screen (both runs' data, the verdict, the headline figures of A and B
/// with B − A and the paired interval), then gates, policies and per-recording detail.
public enum CompareReport {
    /// Renders `comparison` (and the fusion rows, when both runs have a fusion study) into `folder`.
    public static func write(
        _ comparison: RunComparison, fusion: [VariantComparison], names: (a: String, b: String), fusionNote: String?,
        bootstrap: BootstrapSettings, to folder: String
    ) throws {
        let doc = render(comparison, fusion: fusion, names: names, fusionNote: fusionNote, bootstrap: bootstrap)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try AtomicFile.write(doc.markdownText, to: (folder as NSString).appendingPathComponent("report.md"))
        try AtomicFile.write(
            doc.htmlPage(title: "Comparison: \(comparison.a.protocolName) vs \(comparison.b.protocolName)"),
            to: (folder as NSString).appendingPathComponent("report.html"))
    }

    /// The report document.
    public static func render(
        _ c: RunComparison, fusion: [VariantComparison], names: (a: String, b: String), fusionNote: String?, bootstrap: BootstrapSettings
    ) -> ReportDocument {
        var doc = ReportDocument()
        doc.heading("Comparison: \(c.a.protocolName) (A) vs \(c.b.protocolName) (B)", 1)
        doc.beginSummary()
        let dataA = DataStatement.summary(c.a.recordings.map(\.data)), dataB = DataStatement.summary(c.b.recordings.map(\.data))
        doc.paragraph("A = \(names.a) (protocol \(c.a.protocolName)); B = \(names.b) (protocol \(c.b.protocolName)). "
            + (dataA == dataB ? "Both: \(dataA)." : "A: \(dataA). B: \(dataB)."))
        doc.paragraph(c.verdict)
        doc.table(c.figureRows)
        doc.paragraph("Paired: for each recording both runs scored from the same file, the figure on that recording alone in B minus "
            + "in A; mean over those recordings with a \(ReportNumber.fixed(bootstrap.confidence * 100, 0))% percentile bootstrap interval "
            + "(\(bootstrap.replicates) resamples of whole recordings, seed \(bootstrap.seed)); rates on one recording with no events are left out.")
        doc.endSummary()
        doc.heading("Gates", 2)
        doc.table(c.gateRows)
        if c.a.recordings.contains(where: { !$0.policyInstances.isEmpty }) || c.b.recordings.contains(where: { !$0.policyInstances.isEmpty }) {
            doc.heading("Anchoring policies", 2)
            doc.paragraph("Run A:")
            doc.table(PolicyTable.rows(c.a))
            doc.paragraph("Run B:")
            doc.table(PolicyTable.rows(c.b))
        }
        doc.beginDetails("Per recording")
        doc.paragraph(c.shared.isEmpty ? "The runs share no recording (same name and SHA-256)."
            : "Recordings both runs scored from the same file: \(c.shared.count).")
        if !c.shared.isEmpty { doc.table(c.recordingRows) }
        if !c.unpaired.isEmpty { doc.paragraph("Not paired (in one run only, or a different file): \(c.unpaired.joined(separator: ", ")).") }
        doc.endDetails()
        if !fusion.isEmpty {
            doc.beginDetails("Depth fusion, box by box")
            doc.table([["variant", "metric", "n", "median A − B [interval]", "verdict"]] + fusion.map {
                [$0.variant.rawValue, $0.metric, "\($0.count)", ReportNumber.interval($0.median, digits: 4), $0.verdict]
            })
            doc.endDetails()
        } else if let fusionNote {
            doc.paragraph("Depth fusion " + fusionNote.dropFirst("fusion: ".count) + ".")
        }
        doc.beginDetails("Data and inputs")
        doc.paragraph("A: " + RunSummary.data(c.a))
        doc.paragraph("B: " + RunSummary.data(c.b))
        doc.paragraph("Run A (\(names.a)): protocol \(c.a.protocolName), SHA-256 \(c.a.protocolSHA256), spatial-eval \(c.a.toolVersion).")
        doc.table(DataStatement.table(c.a.recordings.map { ($0.name, $0.data) }))
        doc.paragraph("Run B (\(names.b)): protocol \(c.b.protocolName), SHA-256 \(c.b.protocolSHA256), spatial-eval \(c.b.toolVersion).")
        doc.table(DataStatement.table(c.b.recordings.map { ($0.name, $0.data) }))
        doc.endDetails()
        return doc
    }
}
