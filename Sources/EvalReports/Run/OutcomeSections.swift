import EvalNumerics
import EvalResults

extension ReportDocument {
    /// The absence and lock-on tables of `recordings` (one recording, or all of a run);
    /// with `details`, one row per flag and per guidance request as well.
    public mutating func outcomeSections(_ recordings: [RecordingResults], details: Bool) {
        let counts = OutcomeCounts(recordings)
        heading("Absence sweep", 3)
        let latencies = counts.latencies
        table([
            ["flags", "correct", "false missing", "unassociated", "false-missing rate", "removals", "missed", "missed-removal rate",
             "latency median s (n)"],
            ["\(counts.correctFlags + counts.falseMissing + counts.unassociatedFlags)", "\(counts.correctFlags)", "\(counts.falseMissing)",
             "\(counts.unassociatedFlags)", ReportNumber.proportion(counts.falseMissingRate(0.95)), "\(counts.removals)", "\(counts.missedRemovals)",
             ReportNumber.proportion(counts.missedRemovalRate(0.95)),
             latencies.isEmpty ? "n/a (0)" : "\(ReportNumber.fixed(Quantile.median(latencies), 2)) (\(latencies.count))"],
        ])
        if details {
            let flags = recordings.flatMap(\.absenceFlags)
            if !flags.isEmpty {
                table([["instance", "object", "frame", "t s", "verdict"]] + flags.map {
                    ["\($0.instance)", $0.object >= 0 ? "\($0.object)" : "none", "\($0.frame)", ReportNumber.fixed($0.time, 2), $0.verdict.rawValue]
                })
            }
            let removals = recordings.flatMap(\.removals)
            if !removals.isEmpty {
                table([["object", "left its spot at s", "how", "flagged after s"]] + removals.map {
                    ["\($0.object)", ReportNumber.fixed($0.time, 2), $0.moved == 1 ? "moved" : "removed",
                     $0.latency.isNaN ? "missed" : ReportNumber.fixed($0.latency, 2)]
                })
            }
        }
        heading("Lock-on and arrival", 3)
        paragraph("Under the shipped rules: a request starts from the memory's own freshest instance of the asked class; "
            + "the reticle turns green only after a live re-detection locked within 2 s, amber on proximity alone "
            + "(spec.md#arrival-states); a rejected same-class anchor is offered as a suggestion card, never retargeted to.")
        table([
            ["requests", "correct", "wrong target", "no lock", "not in memory", "wrong-target rate", "median s to first lock (n)"],
            ["\(counts.correctLocks + counts.wrongTarget + counts.noLock + counts.notInMemory)", "\(counts.correctLocks)",
             "\(counts.wrongTarget)", "\(counts.noLock)", "\(counts.notInMemory)", ReportNumber.proportion(counts.wrongTargetRate(0.95)),
             Self.median(counts.timesToFirstLock)],
        ])
        table([
            ["green arrivals", "no object there", "empty-arrival rate", "amber arrivals", "amber, no object there", "suggestion cards",
             "real"],
            ["\(counts.arrivals)", "\(counts.emptyArrivals)", ReportNumber.proportion(counts.emptyArrivalRate(0.95)),
             "\(counts.amberArrivals)", "\(counts.amberWithoutObject)", "\(counts.suggestions)", "\(counts.realSuggestions)"],
        ])
        if details {
            let requests = recordings.flatMap(\.lockOn)
            if !requests.isEmpty {
                table([["request", "object", "start instance", "start is", "verdict", "locks", "s to first lock", "s after re-detection",
                        "green at / without object", "amber at / without object", "cards (real)"]] + requests.map {
                    ["\($0.request)", "\($0.object)", $0.instance >= 0 ? "\($0.instance)" : "none",
                     $0.startObject >= 0 ? "object \($0.startObject)" : "—", $0.verdict.rawValue, "\($0.locks)",
                     Self.seconds($0.timeToFirstLock), Self.seconds($0.lockAfterRedetection),
                     "\($0.arrivalsAtObject) / \($0.arrivalsWithoutObject)", "\($0.amberAtObject) / \($0.amberWithoutObject)",
                     "\($0.suggestions) (\($0.realSuggestions))"]
                })
            }
        }
    }

    /// Seconds with one decimal, "—" for NaN.
    public static func seconds(_ value: Double) -> String { value.isNaN ? "—" : ReportNumber.fixed(value, 1) }

    /// The median of `values` with their count, "n/a (0)" when empty.
    public static func median(_ values: [Double]) -> String {
        values.isEmpty ? "n/a (0)" : "\(ReportNumber.fixed(Quantile.median(values), 1)) (\(values.count))"
    }

    /// The Kruskal–Wallis test of whether the recordings' re-anchor gaps differ.
    public mutating func runsDifferSection(_ test: RunsDifferTest) {
        heading("Do the recordings differ?", 2)
        table([["test", "H", "p-value", "recordings", "instances"],
               ["Kruskal–Wallis on per-instance median gaps", ReportNumber.fixed(test.statistic), ReportNumber.fixed(test.pValue, 4),
                "\(test.groups)", "\(test.instances)"]])
        let verdict: String
        if test.pValue.isNaN {
            verdict = "Not testable: fewer than two recordings with re-anchor gaps."
        } else if test.pValue < 0.05 {
            verdict = "The recordings' gap distributions differ (p < 0.05): pooled figures mix different conditions; read them per recording."
        } else {
            verdict = "No evidence that the recordings' gap distributions differ (p ≥ 0.05); this does not show they are the same."
        }
        paragraph(verdict + " Each instance counts once (its median gap), since the gaps of one instance are correlated.")
    }
}
