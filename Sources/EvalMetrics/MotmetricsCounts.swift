/// The event counts behind py-motmetrics' `motchallenge_metrics` for one sequence, or
/// summed over sequences (its OVERALL row).
public struct MotmetricsCounts: Sendable, Equatable {
    /// Frames evaluated (`num_frames`): the frames present in either file.
    public var frames = 0
    /// MATCH events (`num_matches`).
    public var matches = 0
    /// SWITCH events (`num_switches`).
    public var switches = 0
    /// TRANSFER events (`num_transfer`).
    public var transfers = 0
    /// ASCEND events (`num_ascend`).
    public var ascends = 0
    /// MIGRATE events (`num_migrate`).
    public var migrates = 0
    /// FP events (`num_false_positives`).
    public var falsePositives = 0
    /// MISS events (`num_misses`).
    public var misses = 0
    /// Ground-truth rows (`num_objects`).
    public var objects = 0
    /// Tracker rows (`num_predictions`).
    public var predictions = 0
    /// Distinct ground-truth ids (`num_unique_objects`).
    public var uniqueObjects = 0
    /// Ids tracked in ≥ 80 % of their frames (`mostly_tracked`).
    public var mostlyTracked = 0
    /// Ids tracked in 20–80 % (`partially_tracked`).
    public var partiallyTracked = 0
    /// Ids tracked in < 20 % (`mostly_lost`).
    public var mostlyLost = 0
    /// Tracked→missed transitions within each id's tracked span (`num_fragmentations`).
    public var fragmentations = 0
    /// Identity counts (`idtp`, `idfn`, `idfp`).
    public var identity = IdentityCounts()
    /// Σ (1 − IoU) over matches and switches; for an OVERALL row, Σ motp·detections over
    /// the sequences, as motmetrics combines them (NaN as soon as one sequence has no
    /// detections).
    public var distanceSum = 0.0

    /// Creates zero counts.
    public init() {}

    /// `num_detections` = matches + switches.
    public var detections: Int { matches + switches }

    /// Sums sequences the way `compute_many(..., generate_overall=True)` does.
    public static func combined(_ parts: [MotmetricsCounts]) -> MotmetricsCounts {
        var total = MotmetricsCounts()
        for part in parts {
            total.frames += part.frames
            total.matches += part.matches
            total.switches += part.switches
            total.transfers += part.transfers
            total.ascends += part.ascends
            total.migrates += part.migrates
            total.falsePositives += part.falsePositives
            total.misses += part.misses
            total.objects += part.objects
            total.predictions += part.predictions
            total.uniqueObjects += part.uniqueObjects
            total.mostlyTracked += part.mostlyTracked
            total.partiallyTracked += part.partiallyTracked
            total.mostlyLost += part.mostlyLost
            total.fragmentations += part.fragmentations
            total.distanceSum += part.motp * Double(part.detections)
        }
        total.identity = IdentityCounts.combined(parts.map(\.identity))
        return total
    }

    /// `motp`: mean distance (1 − IoU) of matched pairs; NaN without detections.
    public var motp: Double {
        distanceSum / Double(detections)
    }

    /// The fields under py-motmetrics' names, in `motchallenge_metrics` order followed by
    /// the counts behind them. Division by zero gives NaN or ±∞, as motmetrics does.
    public var fields: [(String, MetricValue)] {
        let idtp = Double(identity.truePositives), idfp = Double(identity.falsePositives)
        let idfn = Double(identity.falseNegatives)
        let detections = Double(self.detections), objects = Double(self.objects)
        return [
            ("idf1", .real(2 * idtp / (objects + Double(predictions)))),
            ("idp", .real(idtp / (idtp + idfp))),
            ("idr", .real(idtp / (idtp + idfn))),
            ("recall", .real(detections / objects)),
            ("precision", .real(detections / (Double(falsePositives) + detections))),
            ("num_unique_objects", .integer(uniqueObjects)),
            ("mostly_tracked", .integer(mostlyTracked)),
            ("partially_tracked", .integer(partiallyTracked)),
            ("mostly_lost", .integer(mostlyLost)),
            ("num_false_positives", .integer(falsePositives)),
            ("num_misses", .integer(misses)),
            ("num_switches", .integer(switches)),
            ("num_fragmentations", .integer(fragmentations)),
            ("mota", .real(1.0 - Double(misses + switches + falsePositives) / objects)),
            ("motp", .real(motp)),
            ("num_transfer", .integer(transfers)),
            ("num_ascend", .integer(ascends)),
            ("num_migrate", .integer(migrates)),
            ("num_frames", .integer(frames)),
            ("idtp", .integer(identity.truePositives)),
            ("idfp", .integer(identity.falsePositives)),
            ("idfn", .integer(identity.falseNegatives)),
            ("num_objects", .integer(self.objects)),
            ("num_predictions", .integer(predictions)),
            ("num_matches", .integer(matches)),
            ("num_detections", .integer(self.detections)),
        ]
    }
}
