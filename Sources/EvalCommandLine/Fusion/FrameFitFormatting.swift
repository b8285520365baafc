import Recording
import EvalMetrics
import Replay
import EvalResults
import EvalJobs
import EvalReports

/// Text and JSON renderings of `fit-depth` results.
enum FrameFitFormatting {
    /// One block per variant: model, diagnostics, metrics.
    static func table(_ fits: [FrameFit], file: String, rows: Int) -> String {
        var lines = ["\(file): \(rows) rows"]
        for fit in fits {
            let r = fit.result
            let (s, t) = r.model?.coefficients ?? (.nan, .nan)
            lines.append("")
            lines.append("\(r.variant.rawValue): " + (r.fallback.map { "fell back to the LiDAR median (\($0.rawValue))" }
                ?? "scale \(JSONWriter.number(s)), shift \(JSONWriter.number(t)) (\(r.model!.space))"))
            lines.append("  box depth \(r.depth.map { JSONWriter.number($0) } ?? "none") m; pairs \(r.pairs), inliers \(r.inliers), "
                + "condition \(JSONWriter.number(r.conditionNumber)), iterations \(r.iterations)")
            if let metrics = fit.metrics {
                lines.append("  " + metrics.named.map { "\($0.name) \(ReportNumber.fixed($0.value, 6))" }.joined(separator: ", "))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `{"file", "rows", "fits": [{variant, fallback, space, scale, shift, depth, pairs, inliers, condition, iterations, metrics}]}`.
    static func json(_ fits: [FrameFit], file: String, rows: Int) -> String {
        var w = JSONWriter()
        w.beginObject()
        w.string("file", file)
        w.integer("rows", rows)
        w.beginArray("fits")
        for fit in fits {
            let r = fit.result
            let (s, t) = r.model?.coefficients ?? (.nan, .nan)
            w.beginObject()
            w.string("variant", r.variant.rawValue)
            w.string("fallback", r.fallback?.rawValue ?? "")
            w.string("space", r.model?.space ?? "")
            w.number("scale", s)
            w.number("shift", t)
            w.number("depth", r.depth ?? .nan)
            w.integer("pairs", r.pairs)
            w.integer("inliers", r.inliers)
            w.number("condition", r.conditionNumber)
            w.integer("iterations", r.iterations)
            w.beginObject("metrics")
            for (name, value) in fit.metrics?.named ?? [] { w.number(name, value) }
            w.endObject()
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return w.text
    }
}
