import EvalMetrics
import EvalResults
import SessionViewer

extension ReportDocument {
    /// A recording section's links to its viewer page (Docs/viewer.md#links): the whole session,
    /// then each incident the section's tables count — every "missing" flag that was not
    /// correct and every removal or move the sweep missed — at its time, so a figure can be
    /// traced to seconds in the session. The pages are `Reports/viewer/<recording>.html`,
    /// written by `spatial-eval view` (Scripts/run-default writes those of the bundled recordings).
    public mutating func viewerLinks(_ recording: RecordingResults) {
        let name = recording.name
        var runs: [(text: String, href: String?)] = [("Viewer: ", nil), ("the session over time", ViewerLink.href(recording: name))]
        var incidents: [(time: Double, text: String)] = []
        for flag in recording.absenceFlags where flag.verdict != .correct {
            let what = flag.verdict == .falseMissing ? "false \"missing\" flag" : "unassociated \"missing\" flag"
            incidents.append((flag.time, "\(what) on instance \(flag.instance) at \(ReportNumber.fixed(flag.time, 2)) s"))
        }
        for removal in recording.removals where removal.latency.isNaN {
            incidents.append((removal.time, "missed \(removal.moved == 1 ? "move" : "removal") of object \(removal.object) at \(ReportNumber.fixed(removal.time, 2)) s"))
        }
        incidents.sort { $0.time < $1.time }
        if !incidents.isEmpty {
            runs.append(("; incidents: ", nil))
            for (k, incident) in incidents.enumerated() {
                if k > 0 { runs.append((", ", nil)) }
                runs.append((incident.text, ViewerLink.href(recording: name, time: incident.time)))
            }
        }
        runs.append((" (`spatial-eval view`, Docs/viewer.md).", nil))
        linkedParagraph(runs)
    }
}
