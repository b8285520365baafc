import Recording
import Foundation
import EvalMetrics
import EvalResults
import EvalJobs
import EvalReports

/// Renders a ``ScoreMOTReport`` as JSON, CSV or a terminal table.
public enum ScoreMOTFormatting {
    /// JSON: `{"tool", "version", "convention", "results": {<sequence>: {...}, COMBINED: {...}}}`
    /// with the reference tool's key names; TrackEval's per-α arrays sit under `"alpha"`.
    public static func json(_ report: ScoreMOTReport) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.string("tool", "spatial-eval")
        writer.string("version", ToolInfo.version)
        writer.string("convention", report.convention.rawValue)
        writer.beginObject("results")
        for row in report.rows {
            writer.beginObject(row.name)
            for (key, value) in row.scores.fields { write(value, key: key, into: &writer) }
            let arrays = row.scores.perAlpha
            if !arrays.isEmpty {
                writer.beginObject("alpha")
                for (key, value) in arrays { write(value, key: key, into: &writer) }
                writer.endObject()
            }
            writer.endObject()
        }
        writer.endObject()
        writer.endObject()
        return writer.text
    }

    private static func write(_ value: MetricValue, key: String, into writer: inout JSONWriter) {
        switch value {
        case .integer(let number): writer.integer(key, number)
        case .real(let number): writer.number(key, number)
        case .reals(let numbers):
            writer.beginArray(key)
            for number in numbers { writer.number(nil, number) }
            writer.endArray()
        }
    }

    /// CSV: a header `sequence,<fields…>` and one line per sequence plus the combination.
    public static func csv(_ report: ScoreMOTReport) -> String {
        let keys = report.combined.fields.map(\.0)
        var lines = [(["sequence"] + keys).joined(separator: ",")]
        for row in report.rows {
            let values = row.scores.fields.map { cell($0.1) }
            lines.append(([csvField(row.name)] + values).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func csvField(_ text: String) -> String {
        text.contains(",") || text.contains("\"") ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }

    private static func cell(_ value: MetricValue) -> String {
        switch value {
        case .integer(let number): String(number)
        case .real(let number): number.isNaN ? "NaN" : "\(number)"
        case .reals: ""
        }
    }

    /// A table in the style of TrackEval's printed summary: one block per metric family,
    /// rows per sequence and the combination; ratios in percent with three decimals.
    public static func table(_ report: ScoreMOTReport) -> String {
        let groups: [(String, [String])]
        switch report.convention {
        case .trackeval:
            groups = [
                ("HOTA", ["HOTA", "DetA", "AssA", "DetRe", "DetPr", "AssRe", "AssPr", "LocA", "OWTA", "HOTA(0)", "LocA(0)", "HOTALocA(0)"]),
                ("CLEAR", ["MOTA", "MOTP", "MODA", "CLR_Re", "CLR_Pr", "MTR", "PTR", "MLR", "sMOTA", "CLR_TP", "CLR_FN", "CLR_FP", "IDSW", "MT", "PT", "ML", "Frag"]),
                ("Identity", ["IDF1", "IDR", "IDP", "IDTP", "IDFN", "IDFP"]),
            ]
        case .motmetrics:
            groups = [("motmetrics", report.combined.fields.map(\.0))]
        }
        var blocks: [String] = []
        for (title, keys) in groups {
            let header = ["\(title): \(report.convention.rawValue)"] + keys
            var rows = [header]
            for row in report.rows {
                let values = Dictionary(row.scores.fields, uniquingKeysWith: { a, _ in a })
                rows.append([row.name] + keys.map { tableCell(values[$0], percent: report.convention == .trackeval) })
            }
            let widths = (0..<header.count).map { column in rows.map { $0[column].count }.max() ?? 0 }
            let rendered = rows.map { row in
                row.enumerated().map { column, text in
                    column == 0 ? text.padding(toLength: widths[0], withPad: " ", startingAt: 0)
                        : String(repeating: " ", count: widths[column] - text.count) + text
                }.joined(separator: "  ")
            }
            blocks.append(rendered.joined(separator: "\n"))
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    private static func tableCell(_ value: MetricValue?, percent: Bool) -> String {
        switch value {
        case .integer(let number): return String(number)
        case .real(let number):
            if !number.isFinite { return "\(number)" }
            return String(format: "%.3f", percent ? number * 100 : number)
        default: return ""
        }
    }
}
