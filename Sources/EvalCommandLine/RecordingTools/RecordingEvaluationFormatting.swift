import Recording
import Evaluation
import Foundation
import EvalMetrics
import EvalNumerics
import EvalResults
import EvalJobs
import EvalReports

/// Renders the evaluation of one recording as aligned text tables or as JSON.
enum RecordingEvaluationFormatting {
    static func table(path: String, tracking: RecordingTrackingReport, spatial: RecordingSpatialReport) -> String {
        var lines = ["\(path)", "", "Tracking (replica, TrackEval rules vs gt_boxes) beside the app's old proxies:"]
        var rows = [["N", "MOTA", "IDF1", "HOTA", "IDSW", "tracks", "new ids/min", "new ids/det", "mean life s"]]
        rows += tracking.rows.map { trackingCells("\($0.detectEvery)", $0.summary, $0.proxies) }
        if let recorded = tracking.recorded { rows.append(trackingCells("app", recorded.summary, recorded.proxies)) }
        lines += aligned(rows)
        if tracking.recorded == nil { lines.append("  (no recorded track ids in this recording)") }

        let a = spatial.accuracy
        lines += ["", "Anchor accuracy (\(spatial.instanceCount) instances from \(spatial.observationCount) observations):"]
        lines += aligned([
            ["anchor error m", summaryText(spatial.errors)],
            ["mean purity", fixed(a.meanPurity)],
            ["blended instances", list(a.blendedInstances.map(Int64.init))],
            ["duplication", "\(a.duplication) (objects \(list(a.duplicatedObjects)))"],
            ["never anchored", "\(a.neverAnchored.count) (objects \(list(a.neverAnchored)))"],
            ["unassociated instances", "\(a.instances.filter { $0.object == nil }.count)"],
        ])
        lines += ["", "Re-anchor gaps (raw, before the EMA):"]
        lines += aligned([["gaps m", summaryText(spatial.gaps)]])
        lines += ["", "3-D tracking of instances vs objects (centre distance):"]
        lines += tracking3DTable(spatial.tracking3D)
        lines += ["", "Absence sweep (flags judged against the ground truth):"]
        lines += aligned(absenceRows(spatial.absence))
        lines += ["", "Lock-on and arrival (guidance requests):"]
        lines += aligned(lockOnRows(spatial.lockOn))
        return lines.joined(separator: "\n") + "\n"
    }

    /// The 3-D tracking table, one row per gate (also `score-3d`'s table).
    static func tracking3DTable(_ gates: [CentreDistanceCounts]) -> [String] {
        var rows = [["gate m", "MOTA-3D", "MOTP m", "TP", "FP", "FN", "IDSW", "GT"]]
        rows += gates.map {
            [fixed($0.gate, 2), fixed($0.mota), fixed($0.motp), "\($0.truePositives)", "\($0.falsePositives)",
             "\($0.falseNegatives)", "\($0.identitySwitches)", "\($0.truthCount)"]
        }
        return aligned(rows)
    }

    /// One gate's 3-D tracking figures as JSON fields (also `score-3d`'s).
    static func tracking3DFields(_ w: inout JSONWriter, _ counts: CentreDistanceCounts) {
        w.number("gate_m", counts.gate)
        w.number("MOTA", counts.mota)
        w.number("MOTP_m", counts.motp)
        for (key, value) in [("TP", counts.truePositives), ("FP", counts.falsePositives), ("FN", counts.falseNegatives),
                             ("IDSW", counts.identitySwitches), ("GT", counts.truthCount)] { w.integer(key, value) }
    }

    /// The absence table: counts, and rates with their 95 % Wilson intervals.
    static func absenceRows(_ a: AbsenceOutcomes) -> [[String]] {
        [
            ["flags to missing", "\(a.flags.count) (correct \(a.correctFlags), false missing \(a.falseMissing), "
                + "unassociated \(a.flags.count - a.correctFlags - a.falseMissing))"],
            ["false-missing rate", rateText(a.falseMissingRate())],
            ["removals of anchored objects", "\(a.removals.count) (found \(a.removals.count - a.missedRemovals), missed \(a.missedRemovals))"],
            ["missed-removal rate", rateText(a.missedRemovalRate())],
            ["flag latency s", a.latencies.isEmpty ? "n/a" : a.latencies.map { fixed($0, 2) }.joined(separator: ", ")],
        ]
    }

    /// The lock-on table: verdict counts, green arrivals, rates with 95 % Wilson intervals.
    static func lockOnRows(_ l: LockOnOutcomes) -> [[String]] {
        [
            ["requests", "\(l.requests.count) (correct \(l.count(.correct)), wrong target \(l.count(.wrongTarget)), "
                + "no lock \(l.count(.none)), not in memory \(l.count(.notInMemory)))"],
            ["wrong-target rate", rateText(l.wrongTargetRate())],
            ["green arrivals", "\(l.greenArrivals) (no object there: \(l.greenWithoutObject))"],
            ["empty-arrival rate", rateText(l.emptyArrivalRate())],
        ]
    }

    static func rateText(_ r: ProportionInterval) -> String {
        ReportNumber.proportion(r, digits: 3) + (r.trials == 0 ? "" : " (95 % Wilson)")
    }

    static func json(path: String, tracking: RecordingTrackingReport, spatial: RecordingSpatialReport) -> String {
        var w = JSONWriter()
        w.beginObject()
        w.string("recording", path)
        w.beginArray("detect_every_n")
        for row in tracking.rows { trackingJSON(&w, n: row.detectEvery, row.summary, row.proxies) }
        w.endArray()
        if let recorded = tracking.recorded {
            w.beginArray("recorded_track_ids")
            trackingJSON(&w, n: nil, recorded.summary, recorded.proxies)
            w.endArray()
        }
        let a = spatial.accuracy
        w.beginObject("anchors")
        w.integer("instances", spatial.instanceCount)
        w.integer("observations", spatial.observationCount)
        summaryJSON(&w, "error_m", spatial.errors)
        w.number("mean_purity", a.meanPurity)
        w.integer("duplication", a.duplication)
        integers(&w, "duplicated_objects", a.duplicatedObjects)
        integers(&w, "blended_instances", a.blendedInstances.map(Int64.init))
        integers(&w, "never_anchored", a.neverAnchored)
        w.beginArray("per_instance")
        for entry in a.instances {
            w.beginObject()
            w.integer("instance", entry.instance)
            if let object = entry.object { w.integer("object", Int(object)) }
            w.integer("feed_count", entry.feedCount)
            w.number("purity", entry.purity)
            if let error = entry.finalError { w.number("final_error_m", error) }
            if let error = entry.meanError { w.number("mean_error_m", error) }
            w.endObject()
        }
        w.endArray()
        w.endObject()
        summaryJSON(&w, "reanchor_gaps_m", spatial.gaps, ecdf: true)
        w.beginArray("tracking_3d")
        for counts in spatial.tracking3D {
            w.beginObject()
            tracking3DFields(&w, counts)
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return w.text + "\n"
    }

    private static func trackingCells(_ n: String, _ s: TrackingSummary, _ p: TrackProxies) -> [String] {
        [n, fixed(s.mota), fixed(s.idf1), fixed(s.hota), "\(s.identitySwitches)", "\(p.trackCount)",
         fixed(p.newIDsPerMinute, 2), fixed(p.newIDsPerDetection), fixed(p.meanTrackLifetime, 2)]
    }

    private static func trackingJSON(_ w: inout JSONWriter, n: Int?, _ s: TrackingSummary, _ p: TrackProxies) {
        w.beginObject()
        if let n { w.integer("N", n) }
        for (key, value) in [("MOTA", s.mota), ("IDF1", s.idf1), ("HOTA", s.hota)] { w.number(key, value) }
        w.integer("IDSW", s.identitySwitches)
        w.integer("tracks", p.trackCount)
        w.number("new_ids_per_minute", p.newIDsPerMinute)
        w.number("new_ids_per_detection", p.newIDsPerDetection)
        w.number("mean_track_lifetime_s", p.meanTrackLifetime)
        w.endObject()
    }

    private static func summaryJSON(_ w: inout JSONWriter, _ key: String, _ s: GapSummary, ecdf: Bool = false) {
        w.beginObject(key)
        w.integer("n", s.count)
        for (name, value) in [("median", s.median), ("p90", s.p90), ("mean", s.mean), ("min", s.minimum), ("max", s.maximum)] {
            w.number(name, value)
        }
        if ecdf {
            w.beginArray("ecdf")
            for point in s.ecdf {
                w.beginArray()
                w.number(nil, point.value)
                w.number(nil, point.fraction)
                w.endArray()
            }
            w.endArray()
        }
        w.endObject()
    }

    private static func integers(_ w: inout JSONWriter, _ key: String, _ values: [Int64]) {
        w.beginArray(key)
        for value in values { w.integer(nil, Int(value)) }
        w.endArray()
    }

    private static func summaryText(_ s: GapSummary) -> String {
        "n \(s.count)  median \(fixed(s.median))  p90 \(fixed(s.p90))  mean \(fixed(s.mean))  "
            + "min \(fixed(s.minimum))  max \(fixed(s.maximum))"
    }

    private static func list(_ values: [Int64]) -> String { values.isEmpty ? "none" : values.map(String.init).joined(separator: ", ") }

    private static func fixed(_ value: Double, _ digits: Int = 3) -> String {
        value.isFinite ? String(format: "%.\(digits)f", value) : "n/a"
    }

    private static func aligned(_ rows: [[String]]) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { c in rows.map { c < $0.count ? $0[c].count : 0 }.max() ?? 0 }
        return rows.map { row in
            "  " + row.enumerated().map { c, cell in cell.padding(toLength: widths[c], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
    }
}
