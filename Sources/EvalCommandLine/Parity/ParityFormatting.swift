import Evaluation
import Foundation
import Recording
import EvalResults
import EvalJobs
import EvalReports

/// The output of `spatial-eval parity`: a table for people, JSON for scripts.
enum ParityFormatting {
    /// One parity run: what was compared and how.
    struct Run {
        var path: String
        var trackSource: String
        var threshold: Double
        var comparison: DecisionComparison
    }

    // MARK: - Table

    /// Agreement per kind, the instance pairing, the first divergence with its context, the
    /// replicas' known gaps and the verdict.
    static func table(_ run: Run) -> String {
        let c = run.comparison
        var lines = [
            "parity: \(run.path) (track source \(run.trackSource), threshold \(percent(run.threshold)))",
            "instances: app \(c.instances.appInstances), replicas \(c.instances.replicaInstances), "
                + "paired \(c.instances.paired) (by the detection that created them)",
            "",
        ]
        let header = ["kind", "app", "replica", "agree", "differ", "only app", "only replica", "not compared", "agreement"]
        let rows = c.kinds.filter { $0.app + $0.replica + $0.notCompared > 0 }.map { k in
            [k.kind.rawValue, "\(k.app)", "\(k.replica)", "\(k.agreeing)", "\(k.differing)", "\(k.onlyApp)", "\(k.onlyReplica)",
             "\(k.notCompared)", k.agreement.map(percent) ?? "—"]
        }
        lines += aligned([header] + rows)
        lines.append("")
        if let divergence = c.firstDivergence {
            lines += divergenceLines(divergence)
        } else {
            lines.append("first divergence: none")
        }
        lines += ["", "not modelled by the replicas (compared where both sides can say it):"] + c.notes.map { "  - \($0)" }
        lines.append(verdict(run))
        return lines.joined(separator: "\n") + "\n"
    }

    private static func divergenceLines(_ d: DecisionComparison.Divergence) -> [String] {
        let what = d.app == nil ? "only in the replicas" : d.replica == nil ? "only in the app" : "fields differ"
        var lines = ["first divergence: frame \(d.frame), t \(String(format: "%.3f", d.time)) s, \(d.kind.rawValue) (\(what))"]
        lines.append("  app:      " + (d.app.map(line) ?? "—"))
        lines.append("  replicas: " + (d.replica.map(line) ?? "—"))
        for difference in d.differences {
            lines.append("  \(difference.field): app \(difference.app), replicas \(difference.replica)"
                + (difference.delta.map { " (Δ \($0))" } ?? ""))
        }
        lines.append("  around it in the app's log:")
        lines += d.appContext.map { "    " + line($0) }
        lines.append("  around it in the replicas' decisions:")
        lines += d.replicaContext.map { "    " + line($0) }
        return lines
    }

    private static func verdict(_ run: Run) -> String {
        let below = run.comparison.kinds.filter { ($0.agreement ?? 1) < run.threshold }
        if below.isEmpty { return "result: every kind agrees at least \(percent(run.threshold)) (exit 0)" }
        return "result: below \(percent(run.threshold)): "
            + below.map { "\($0.kind.rawValue) \($0.agreement.map(percent) ?? "—")" }.joined(separator: ", ") + " (exit 2)"
    }

    /// One decision on one line: frame, kind, instance and the fields it has.
    static func line(_ d: AppDecision) -> String {
        var parts = ["f\(d.frame)", d.kind.rawValue, d.instance]
        if let detection = d.detection { parts.append("det \(detection)") }
        if let rule = d.mergeRule?.rawValue ?? d.lockOnBranch?.rawValue { parts.append("rule \(rule)") }
        if let label = d.label { parts.append(label) }
        if let gap = d.gap { parts.append(String(format: "gap %.4f", gap)) }
        for (name, flag) in [("clamped", d.clamped), ("snapped", d.snapped), ("followed", d.followed)] where flag == true {
            parts.append(name)
        }
        if let look = d.look { parts.append("look \(look.rawValue)") }
        if let reason = d.noEvidenceReason { parts.append(reason.rawValue) }
        if let samples = d.absentSamples { parts.append("samples \(samples)") }
        if let missing = d.missing { parts.append(missing ? "→ missing" : "→ present") }
        if !d.evidence.isEmpty { parts.append("evidence " + d.evidence.map { "\($0.look.rawValue)@f\($0.frame)" }.joined(separator: ",")) }
        if let state = d.arrivalState { parts.append("state \(state.rawValue)") }
        if let p = d.position { parts.append(String(format: "at (%.4f, %.4f, %.4f)", p.x, p.y, p.z)) }
        return parts.joined(separator: " ")
    }

    // MARK: - JSON

    /// The same content as JSON; decisions as their JSON Lines records.
    static func json(_ run: Run) -> String {
        let c = run.comparison
        var w = JSONWriter()
        w.beginObject()
        w.string("recording", run.path)
        w.string("track_source", run.trackSource)
        w.number("threshold", run.threshold)
        w.bool("passed", c.passes(threshold: run.threshold))
        w.beginObject("instances")
        w.integer("app", c.instances.appInstances)
        w.integer("replica", c.instances.replicaInstances)
        w.integer("paired", c.instances.paired)
        w.endObject()
        w.beginArray("kinds")
        for k in c.kinds {
            w.beginObject()
            w.string("kind", k.kind.rawValue)
            for (key, value) in [("app", k.app), ("replica", k.replica), ("agreeing", k.agreeing), ("differing", k.differing),
                                 ("only_app", k.onlyApp), ("only_replica", k.onlyReplica), ("not_compared", k.notCompared)] {
                w.integer(key, value)
            }
            if let agreement = k.agreement { w.number("agreement", agreement) } else { w.null("agreement") }
            w.endObject()
        }
        w.endArray()
        if let d = c.firstDivergence {
            w.beginObject("first_divergence")
            w.integer("frame", Int(d.frame))
            w.number("t", d.time)
            w.string("kind", d.kind.rawValue)
            decision(&w, "app", d.app)
            decision(&w, "replica", d.replica)
            w.beginArray("differences")
            for difference in d.differences {
                w.beginObject()
                w.string("field", difference.field)
                w.string("app", difference.app)
                w.string("replica", difference.replica)
                if let delta = difference.delta { w.string("delta", delta) }
                w.endObject()
            }
            w.endArray()
            w.beginArray("app_context")
            for entry in d.appContext { decision(&w, nil, entry) }
            w.endArray()
            w.beginArray("replica_context")
            for entry in d.replicaContext { decision(&w, nil, entry) }
            w.endArray()
            w.endObject()
        } else {
            w.null("first_divergence")
        }
        w.beginArray("not_modelled")
        for note in c.notes { w.string(nil, note) }
        w.endArray()
        w.endObject()
        return w.text
    }

    private static func decision(_ w: inout JSONWriter, _ key: String?, _ decision: AppDecision?) {
        guard let decision, let text = try? JSONLinesRecording.line(for: decision) else { return w.null(key) }
        w.raw(key, text)
    }

    // MARK: - Helpers

    private static func percent(_ fraction: Double) -> String { String(format: "%.1f %%", fraction * 100) }

    /// Rows padded to common column widths: the first column left-aligned, the others right.
    private static func aligned(_ rows: [[String]]) -> [String] {
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
    }
}
