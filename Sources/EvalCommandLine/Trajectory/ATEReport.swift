import Recording
import Foundation
import EvalMetrics
import EvalNumerics
import EvalResults
import EvalJobs
import EvalReports

/// The printed result of `spatial-eval ate`: a table for people, JSON for scripts.
struct ATEReport {
    var referencePath: String
    var estimatePath: String
    var maxDifference: Double
    var offset: Double
    var result: AbsoluteTrajectoryError

    /// Human-readable summary: inputs, pairs, statistics, alignment.
    var table: String {
        let alignment = result.alignment
        var lines = [
            "APE w.r.t. translation part (m), alignment \(result.alignmentKind.rawValue)",
            "reference  \(referencePath)",
            "estimate   \(estimatePath)",
            "pairs      \(result.association.count) (max diff \(maxDifference) s, offset \(offset) s)",
            "",
        ]
        lines += result.statistics.named.map { "  " + $0.name.padding(toLength: 8, withPad: " ", startingAt: 0) + Self.fixed($0.value) }
        lines += ["", "alignment (estimate → reference: p ↦ s·R·p + t)", "  scale        \(alignment.scale)"]
        lines += alignment.rotation.rowArrays.enumerated().map { index, row in
            (index == 0 ? "  rotation     " : "               ") + row.map(Self.fixed).joined(separator: " ")
        }
        lines.append("  translation  " + [alignment.translation.x, alignment.translation.y, alignment.translation.z].map(Self.fixed).joined(separator: " "))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every value in shortest round-trip form.
    var json: String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.string("reference", referencePath)
        writer.string("estimate", estimatePath)
        writer.string("align", result.alignmentKind.rawValue)
        writer.number("max_diff", maxDifference)
        writer.number("offset", offset)
        writer.integer("pairs", result.association.count)
        writer.beginObject("statistics")
        for (name, value) in result.statistics.named { writer.number(name, value) }
        writer.endObject()
        writer.beginObject("alignment")
        writer.beginArray("rotation")
        for row in result.alignment.rotation.rowArrays {
            writer.beginArray()
            for value in row { writer.number(nil, value) }
            writer.endArray()
        }
        writer.endArray()
        writer.beginArray("translation")
        for value in [result.alignment.translation.x, result.alignment.translation.y, result.alignment.translation.z] {
            writer.number(nil, value)
        }
        writer.endArray()
        writer.number("scale", result.alignment.scale)
        writer.endObject()
        writer.endObject()
        return writer.text
    }

    private static func fixed(_ value: Double) -> String {
        String(format: "%12.6f", value)
    }
}
