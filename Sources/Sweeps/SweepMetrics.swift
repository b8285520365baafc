/// The additive quantities a sweep records per (point, recording). Pooling recordings is
/// summing them, so pooled rates are exact (a ratio of sums, not a mean of ratios) and the
/// bootstrap and leave-one-out validation can re-pool any subset of recordings.
public enum SweepComponent: Int, CaseIterable, Sendable {
    /// Anchor instances created.
    case instances
    /// Instances fed by two or more objects (blended twins, spec.md#twins-negative-result).
    case blended
    /// Feeding detections that did not see their instance's associated object.
    case impureFeeds
    /// Feeding detections in all.
    case feeds
    /// Σ over objects of (associated instances − 1).
    case duplicates
    /// Objects with at least one associated instance.
    case objectsAnchored
    /// Non-person objects with no associated instance.
    case neverAnchored
    /// Σ of per-update anchor errors, metres.
    case errorSum
    /// Number of per-update anchor errors.
    case errorCount
    /// Real moves (a new placement > 0.3 m from the previous one) whose object was seen after the move.
    case moves
    /// Those moves after which an instance of the object came within the convergence tolerance.
    case movesConverged
    /// Σ of convergence times of the converged moves, seconds.
    case convergenceSum
    /// IDF1 × ground-truth boxes of the tracker replica.
    case idf1Weighted
    /// HOTA × ground-truth boxes.
    case hotaWeighted
    /// MOTA × ground-truth boxes.
    case motaWeighted
    /// Ground-truth boxes (the tracking weights).
    case groundTruthBoxes
    /// Frames on which the replica ran the detector.
    case detectorCalls
    /// Flags to missing on instances of objects (correct + false missing).
    case flags
    /// Flags to missing on objects still at their anchor (the 3.1 m bottle of spec.md#absence-range-gate).
    case falseMissing
    /// Removals of anchored objects that left the scene (spec.md#sweep-metrics; a move is judged
    /// by convergence, not here: an anchor that follows its object needs no flag).
    case removals
    /// Removals no correct flag found.
    case missedRemovals
    /// Σ of flag latencies of the removals found, seconds.
    case latencySum
    /// Guidance requests whose object was in memory when guidance started.
    case guidedRequests
    /// Requests with a lock on another object's (or no object's) instance.
    case wrongTargetLocks
    /// Requests where every lock went to the requested object.
    case correctLocks
    /// Requests where no fresh anchor took the lock.
    case missedLocks
    /// Green (confirmed) arrivals (spec.md#arrival-states).
    case greenArrivals
    /// Green arrivals without the requested object there: green over empty space (spec.md#metric-empty-arrival).
    case greenWithoutObject
    /// Σ of seconds from the start of guidance to the first lock, over requests that locked.
    case lockTimeSum
    /// Requests that locked (the count behind `lockTimeSum`).
    case lockTimes
    /// Suggestion cards offered.
    case suggestions
    /// Suggestion cards whose object was really where the card said.
    case realSuggestions
    /// RealityRogue label anchors shown (confirmed; spec.md#policy-comparison).
    case labelShown
    /// Σ over objects of (shown label anchors associated − 1).
    case labelDuplicates
    /// Shown label anchors fed by two or more objects.
    case labelBlended
    /// Objects with a shown label anchor.
    case labelObjectsShown
    /// Σ of per-update label-anchor errors, metres.
    case labelErrorSum
    /// Number of per-update label-anchor errors.
    case labelErrorCount
    /// Σ over objects with a shown label anchor of the time from first observation to first showing, seconds.
    case labelConfirmSum
    /// Requests that could lock: the object was in memory and was detected live during the
    /// request (spec.md#lockon-radius; a removed or unseen object cannot be locked onto).
    case lockableRequests
    /// Lockable requests with no lock.
    case missedLockable
    /// Requests in which a lock went, by the radius rule, to another instance standing for
    /// another object (or none): the wrong targets the lock-on radius is responsible for.
    case radiusWrongLocks
    /// Twin pairs whose two objects both fed the memory (spec.md#metric-blended-anchor).
    case twinPairs
    /// Those twin pairs with a blended anchor between the two twins.
    case blendedTwinPairs
    /// Instances blended by the harm definition: another object's feeds sustained ≥ 1 s, or a
    /// final position between two objects (spec.md#metric-blended-anchor).
    case blendedAnchors
    /// Σ of seconds instances spent with their latest feed from another object (spec.md#metric-identity-wrong).
    case wrongIdentitySeconds
    /// Length of the recording, seconds: the time the memory was in use (for rates per hour).
    case recordedSeconds
}

/// A metric of a sweep, derived from summed ``SweepComponent``s. Every metric is oriented so
/// that smaller is better except `idf1`, `hota` and `mota` (the report says which).
public enum SweepMetric: String, CaseIterable, Sendable, Codable {
    /// Blended instances (count).
    case falseMerges = "false_merges"
    /// Impure feeding detections / all feeding detections.
    case falseMergeRate = "false_merge_rate"
    /// Duplicate instances (count).
    case duplicates
    /// Duplicates / objects anchored.
    case duplicateRate = "duplicate_rate"
    /// Objects never anchored (count).
    case neverAnchored = "never_anchored"
    /// Instances created (count).
    case instances
    /// Mean per-update anchor error, metres.
    case anchorErrorMean = "anchor_error_mean_m"
    /// Mean time from the first sighting after a real move to convergence, seconds.
    case convergenceMean = "convergence_mean_s"
    /// Real moves after which no instance converged (count).
    case unconvergedMoves = "unconverged_moves"
    /// Ground-truth-weighted IDF1 of the tracker replica.
    case idf1
    /// Ground-truth-weighted HOTA.
    case hota
    /// Ground-truth-weighted MOTA.
    case mota
    /// Detector runs (count).
    case detectorCalls = "detector_calls"
    /// False missing / flags (spec.md#metric-absence-outcomes).
    case falseMissingRate = "false_missing_rate"
    /// Missed removals / removals.
    case missedRemovalRate = "missed_removal_rate"
    /// Mean time from a removal to its first correct flag, seconds.
    case flagLatencyMean = "flag_latency_mean_s"
    /// Wrong-target requests / requests that locked (spec.md#lockon-radius: the twin at 0.43 m).
    case wrongTargetRate = "wrong_target_rate"
    /// Lockable requests with no lock / lockable requests (the object in memory and detected
    /// live during the request).
    case missedLockRate = "missed_lock_rate"
    /// Requests with a lock on another object's instance (a count: defined even when no request locked).
    case wrongTargetLocks = "wrong_target_locks"
    /// Green arrivals without the requested object there (a count; spec.md#metric-empty-arrival).
    case greenOverEmpty = "green_over_empty"
    /// Green arrivals without the object / green arrivals.
    case greenOverEmptyRate = "green_over_empty_rate"
    /// Mean seconds from the start of guidance to the first lock.
    case timeToLockMean = "time_to_lock_mean_s"
    /// RealityRogue label anchoring: duplicate shown anchors (count; spec.md#policy-comparison).
    case labelDuplicates = "label_duplicates"
    /// RealityRogue label anchoring: shown anchors fed by two or more objects (count).
    case labelBlended = "label_blended"
    /// RealityRogue label anchoring: mean per-update anchor error, metres.
    case labelAnchorErrorMean = "label_anchor_error_mean_m"
    /// RealityRogue label anchoring: mean time from an object's first observation to its first shown anchor, seconds.
    case labelTimeToConfirmedMean = "label_time_to_confirmed_mean_s"
    /// Requests whose lock the radius rule gave to another object's instance / requests in
    /// memory (the lock-on radius's own wrong targets; a wrong start instance is not its doing).
    case radiusWrongTargetRate = "radius_wrong_target_rate"
    /// Twin pairs with a blended anchor between the twins (count; spec.md#metric-blended-anchor).
    case blendedTwinPairs = "blended_twin_pairs"
    /// Blended twin pairs / twin pairs the memory saw: the harm that set the merge cosine (Docs/spec.md#twins-negative-result).
    case blendedTwinPairRate = "blended_twin_pair_rate"
    /// Blended anchors by the harm definition (count).
    case blendedAnchors = "blended_anchors"
    /// Blended anchors / objects anchored.
    case blendedAnchorRate = "blended_anchor_rate"
    /// Seconds an instance's identity stays wrong, per object anchored (spec.md#metric-identity-wrong).
    case wrongIdentityPerObject = "wrong_identity_s_per_object"
    /// False missing flags per hour of recording (the user's view of the harm of a false flag).
    case falseMissingPerHour = "false_missing_per_hour"
    /// Detector runs per second of recording (the compute cost of detect-every-N).
    case detectorCallsPerSecond = "detector_calls_per_s"

    /// Whether larger values are better.
    public var largerIsBetter: Bool { [.idf1, .hota, .mota].contains(self) }

    /// The metric from summed components `c` (indexed by ``SweepComponent/rawValue``), by its
    /// ``formula``; NaN when its denominator is not positive.
    public func value(_ c: [Double]) -> Double { Self.formulas[self]!.value(c) }

    /// The components ``value(_:)`` reads, and no others (a test holds the two together): a
    /// rule that compares a few metrics pools only their components.
    public var components: [SweepComponent] { Self.formulas[self]!.components }

    /// Every metric's formula, worked out once.
    private static let formulas = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.formula) })

    /// How the metric is derived from summed components (spec.md#sweep-metrics): the one
    /// definition ``value(_:)`` evaluates and `sweep.h5` stores (`/metric_formulas`), so every
    /// reader derives the metric cubes from the component cube alike.
    public var formula: MetricFormula {
        func ratio(_ n: SweepComponent, _ d: SweepComponent) -> MetricFormula { MetricFormula([.plus(n)], over: [.plus(d)]) }
        func count(_ n: SweepComponent) -> MetricFormula { MetricFormula([.plus(n)]) }
        switch self {
        case .falseMerges: return count(.blended)
        case .falseMergeRate: return ratio(.impureFeeds, .feeds)
        case .duplicates: return count(.duplicates)
        case .duplicateRate: return ratio(.duplicates, .objectsAnchored)
        case .neverAnchored: return count(.neverAnchored)
        case .instances: return count(.instances)
        case .anchorErrorMean: return ratio(.errorSum, .errorCount)
        case .convergenceMean: return ratio(.convergenceSum, .movesConverged)
        case .unconvergedMoves: return MetricFormula([.plus(.moves), .minus(.movesConverged)])
        case .idf1: return ratio(.idf1Weighted, .groundTruthBoxes)
        case .hota: return ratio(.hotaWeighted, .groundTruthBoxes)
        case .mota: return ratio(.motaWeighted, .groundTruthBoxes)
        case .detectorCalls: return count(.detectorCalls)
        case .falseMissingRate: return ratio(.falseMissing, .flags)
        case .missedRemovalRate: return ratio(.missedRemovals, .removals)
        case .flagLatencyMean: return MetricFormula([.plus(.latencySum)], over: [.plus(.removals), .minus(.missedRemovals)])
        case .wrongTargetRate: return MetricFormula([.plus(.wrongTargetLocks)], over: [.plus(.wrongTargetLocks), .plus(.correctLocks)])
        case .missedLockRate: return ratio(.missedLockable, .lockableRequests)
        case .radiusWrongTargetRate: return ratio(.radiusWrongLocks, .guidedRequests)
        case .wrongTargetLocks: return count(.wrongTargetLocks)
        case .greenOverEmpty: return count(.greenWithoutObject)
        case .greenOverEmptyRate: return ratio(.greenWithoutObject, .greenArrivals)
        case .timeToLockMean: return ratio(.lockTimeSum, .lockTimes)
        case .labelDuplicates: return count(.labelDuplicates)
        case .labelBlended: return count(.labelBlended)
        case .labelAnchorErrorMean: return ratio(.labelErrorSum, .labelErrorCount)
        case .labelTimeToConfirmedMean: return ratio(.labelConfirmSum, .labelObjectsShown)
        case .blendedTwinPairs: return count(.blendedTwinPairs)
        case .blendedTwinPairRate: return ratio(.blendedTwinPairs, .twinPairs)
        case .blendedAnchors: return count(.blendedAnchors)
        case .blendedAnchorRate: return ratio(.blendedAnchors, .objectsAnchored)
        case .wrongIdentityPerObject: return ratio(.wrongIdentitySeconds, .objectsAnchored)
        case .falseMissingPerHour: return MetricFormula([.plus(.falseMissing)], over: [.plus(.recordedSeconds)], divisor: 3600)
        case .detectorCallsPerSecond: return ratio(.detectorCalls, .recordedSeconds)
        }
    }

    /// The evidence behind the metric in `c`: the count of its denominator and what it counts.
    public func evidence(_ c: [Double]) -> (count: Int, noun: String) {
        func n(_ component: SweepComponent) -> Int { Int(c[component.rawValue]) }
        switch self {
        case .falseMerges, .falseMergeRate, .instances: return (n(.feeds), "anchored detections")
        case .duplicates, .duplicateRate, .neverAnchored: return (n(.objectsAnchored), "objects anchored")
        case .anchorErrorMean: return (n(.errorCount), "anchor updates")
        case .convergenceMean, .unconvergedMoves: return (n(.moves), "real moves")
        case .idf1, .hota, .mota: return (n(.groundTruthBoxes), "ground-truth boxes")
        case .detectorCalls: return (n(.detectorCalls), "detector runs")
        case .falseMissingRate: return (n(.flags), "missing flags")
        case .missedRemovalRate, .flagLatencyMean: return (n(.removals), "removals")
        case .wrongTargetRate: return (n(.wrongTargetLocks) + n(.correctLocks), "requests that locked")
        case .missedLockRate: return (n(.lockableRequests), "lockable requests")
        case .wrongTargetLocks, .greenOverEmpty, .radiusWrongTargetRate: return (n(.guidedRequests), "guided requests")
        case .greenOverEmptyRate: return (n(.greenArrivals), "green arrivals")
        case .timeToLockMean: return (n(.lockTimes), "requests that locked")
        case .labelDuplicates, .labelTimeToConfirmedMean: return (n(.labelObjectsShown), "objects with a shown label anchor")
        case .labelBlended: return (n(.labelShown), "shown label anchors")
        case .labelAnchorErrorMean: return (n(.labelErrorCount), "label-anchor updates")
        case .blendedTwinPairs, .blendedTwinPairRate: return (n(.twinPairs), "twin pairs")
        case .blendedAnchors, .blendedAnchorRate, .wrongIdentityPerObject: return (n(.objectsAnchored), "objects anchored")
        case .falseMissingPerHour: return (n(.flags), "missing flags")
        case .detectorCallsPerSecond: return (n(.detectorCalls), "detector runs")
        }
    }

    /// The metric as a cost (smaller is better): negated when larger is better.
    public func cost(_ c: [Double]) -> Double { largerIsBetter ? -value(c) : value(c) }

    /// Sums component vectors element by element.
    public static func pooled<Vectors: Sequence<[Double]>>(_ vectors: Vectors) -> [Double] {
        var sum = Array(repeating: 0.0, count: SweepComponent.allCases.count)
        for v in vectors { for k in sum.indices { sum[k] += v[k] } }
        return sum
    }
}

/// How a sweep metric is derived from summed components (``SweepMetric/formula``): a signed
/// sum of components, over another signed sum divided by ``divisor`` when there is a
/// denominator, NaN when that is not positive. Sums run left to right from the first term, so
/// any reader that adds and divides IEEE doubles in this order gets the tool's values bit for
/// bit (Docs/result-store.md: `sweep/2` stores the formulas and derives the per-recording
/// metric cubes from the component cube).
public struct MetricFormula: Sendable, Equatable {
    /// A component added to a sum, or subtracted from it.
    public struct Term: Sendable, Equatable {
        /// The component.
        public var component: SweepComponent
        /// Whether it is subtracted.
        public var subtracted: Bool

        /// The component added.
        public static func plus(_ component: SweepComponent) -> Term { Term(component: component, subtracted: false) }
        /// The component subtracted.
        public static func minus(_ component: SweepComponent) -> Term { Term(component: component, subtracted: true) }
    }

    /// The numerator's terms (at least one).
    public var numerator: [Term]
    /// The denominator's terms; empty for a metric that is the numerator itself.
    public var denominator: [Term]
    /// What the denominator's sum is divided by first (3600 turns seconds into hours); 1 for none.
    public var divisor: Double

    /// The formula `numerator / (denominator / divisor)`, or `numerator` alone.
    public init(_ numerator: [Term], over denominator: [Term] = [], divisor: Double = 1) {
        precondition(!numerator.isEmpty, "a metric formula has a numerator")
        self.numerator = numerator
        self.denominator = denominator
        self.divisor = divisor
    }

    /// The metric from summed components `c` (indexed by ``SweepComponent/rawValue``).
    public func value(_ c: [Double]) -> Double {
        let n = Self.sum(numerator, c)
        guard !denominator.isEmpty else { return n }
        var d = Self.sum(denominator, c)
        if divisor != 1 { d /= divisor }
        return d > 0 ? n / d : .nan
    }

    /// Every component the formula reads, numerator first, each once.
    public var components: [SweepComponent] {
        var seen: [SweepComponent] = []
        for term in numerator + denominator where !seen.contains(term.component) { seen.append(term.component) }
        return seen
    }

    /// The terms' signed sum, left to right from the first term.
    private static func sum(_ terms: [Term], _ c: [Double]) -> Double {
        func signed(_ t: Term) -> Double { t.subtracted ? -c[t.component.rawValue] : c[t.component.rawValue] }
        var s = signed(terms[0])
        for t in terms.dropFirst() { s = t.subtracted ? s - c[t.component.rawValue] : s + c[t.component.rawValue] }
        return s
    }

    /// `terms` as text: component names (as `component_names` spells them) joined by ` + ` and
    /// ` - `, the first prefixed `-` when subtracted; empty for no terms.
    public static func text(_ terms: [Term]) -> String {
        terms.enumerated().map { k, t in
            (k == 0 ? (t.subtracted ? "-" : "") : (t.subtracted ? " - " : " + ")) + "\(t.component)"
        }.joined()
    }

    /// The terms `text` spells (as ``text(_:)`` writes them), nil when it names an unknown
    /// component or is not of that form; empty text gives no terms.
    public static func terms(_ text: String) -> [Term]? {
        let names = Dictionary(uniqueKeysWithValues: SweepComponent.allCases.map { ("\($0)", $0) })
        var tokens = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard !text.isEmpty else { return [] }
        var first = tokens.removeFirst()
        let negated = first.hasPrefix("-")
        if negated { first.removeFirst() }
        guard let head = names[first], tokens.count % 2 == 0 else { return nil }
        var terms = [Term(component: head, subtracted: negated)]
        for k in stride(from: 0, to: tokens.count, by: 2) {
            guard ["+", "-"].contains(tokens[k]), let component = names[tokens[k + 1]] else { return nil }
            terms.append(Term(component: component, subtracted: tokens[k] == "-"))
        }
        return terms
    }
}
