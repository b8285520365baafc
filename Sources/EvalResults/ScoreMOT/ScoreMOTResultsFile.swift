import Foundation
import EvalMetrics
import Recording
import ResultStore

/// Writes a ``ScoreMOTReport`` as an HDF5 results file (layout `score-mot/1`): the
/// summary, the per-α HOTA arrays and the match events that ``ResultsSchema/scoreMOT``
/// declares (`Docs/result-store.md` shows them; `Docs/tracking-metrics.md` explains them).
/// Writing goes through the schema and is checked against it before the commit.
///
/// The file appears under its final name only once complete.
public enum ScoreMOTResultsFile {
    /// The layout tag written to the root.
    public static let layout = "score-mot/1"

    /// Writes `report`; `sources` are fingerprinted for provenance.
    public static func write(_ report: ScoreMOTReport, sources: [MOTSequenceSource], to path: String) throws {
        let file = try ResultFile.create(atPath: path)
        let root = SchemaGroup(file.root, ResultsSchema.scoreMOT.root)
        try root.setAttribute("tool", "spatial-eval")
        try root.setAttribute("tool_version", ToolInfo.version)
        if let commit = ToolInfo.gitCommit() { try root.setAttribute("git_commit", commit) }
        try root.setAttribute("convention", report.convention.rawValue)
        try root.setAttribute("created_utc", ISO8601DateFormatter().string(from: Date()))
        try root.setAttribute("layout", layout)
        try writeProvenance(sources, into: root.createGroup("provenance"))
        try writeSummary(report, into: root.createGroup("summary"))
        if report.convention == .trackeval {
            try writePerAlpha(report, into: root.createGroup("hota_alpha"))
        }
        let events = try root.createGroup("events")
        try events.setAttribute("kind_labels", MatchEvents.Kind.allCases.map { "\($0.rawValue)=\($0.label)" }.joined(separator: ","))
        for sequence in report.sequences {
            guard let recorded = sequence.events else { continue }
            let group = try events.createGroup(sequence.name)
            try group.write(recorded.frame, to: "frame")
            try group.write(recorded.groundTruthID, to: "gt_id")
            try group.write(recorded.trackerID, to: "tracker_id")
            try group.write(recorded.similarity, to: "similarity")
            try group.write(recorded.kind, to: "kind")
        }
        try SchemaGroup.checkWritten(file.root, layout: ResultsSchema.scoreMOT)
        try file.commit()
    }

    private static func writeProvenance(_ sources: [MOTSequenceSource], into group: SchemaGroup) throws {
        var paths: [String] = []
        for source in sources {
            paths += [source.groundTruthPath, source.trackerPath] + (source.infoPath.map { [$0] } ?? [])
        }
        var digests: [String] = []
        for path in paths {
            do {
                digests.append(try SHA256.hexDigest(ofFile: path))
            } catch {
                throw InputError(file: path, message: "cannot be read for fingerprinting")
            }
        }
        try group.write(paths, to: "path")
        try group.write(digests, to: "sha256")
    }

    private static func writeSummary(_ report: ScoreMOTReport, into group: SchemaGroup) throws {
        let rows = report.rows
        try group.write(rows.map(\.name), to: "sequence")
        for (column, (key, sample)) in report.combined.fields.enumerated() {
            let values = rows.map { $0.scores.fields[column].1 }
            if case .integer = sample {
                try group.write(values.map { Int64($0.scalar!) }, to: key)
            } else {
                try group.write(values.map { $0.scalar! }, to: key)
            }
        }
    }

    private static func writePerAlpha(_ report: ScoreMOTReport, into group: SchemaGroup) throws {
        try group.write(HOTAAccumulators.alphas, to: "alpha")
        let rows = report.rows
        for (column, (key, _)) in report.combined.perAlpha.enumerated() {
            var flat: [Double] = []
            for row in rows {
                if case .reals(let values) = row.scores.perAlpha[column].1 { flat += values }
            }
            try group.write(flat, to: key, shape: [rows.count, HOTAAccumulators.alphas.count])
        }
    }
}
