/// Range checks of replay settings read from a file (a protocol's `replay` object, a
/// `parity --config` file, a sweep axis), each naming its key (`spec.md#limits-settings`).
///
/// The replicas themselves take any value a caller constructs (tests use out-of-range
/// values on purpose); what comes from a file is checked here first, so that no count is
/// negative or zero where it sizes a loop or a window, no fraction leaves [0, 1], no
/// distance is negative or non-finite, and no range is inverted.
extension ReplayConfiguration {
    /// The largest distance, in metres, or duration, in seconds, a setting may have.
    public static let maximumMagnitude = 1e6
    /// The largest count (frames, hits, samples, pairs) a setting may have.
    public static let maximumCount = 100_000

    /// One problem: the key path (e.g. `absence.minRange`) and what is wrong.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        /// The key path at fault.
        public var key: String
        /// What is wrong.
        public var message: String
        public var description: String { "key '\(key)': \(message)" }

        /// Creates a problem at `key`.
        public init(key: String, message: String) {
            self.key = key
            self.message = message
        }
    }

    /// Problems with single values, key by key.
    public func valueProblems() -> [Problem] {
        var found: [Problem] = []
        func count(_ key: String, _ value: Int, _ range: ClosedRange<Int>) {
            if !range.contains(value) { found.append(Problem(key: key, message: "\(value) is outside \(range.lowerBound)...\(range.upperBound)")) }
        }
        func fraction(_ key: String, _ value: Double, _ range: ClosedRange<Double> = 0...1) {
            if !(value.isFinite && range.contains(value)) {
                found.append(Problem(key: key, message: "\(value) is outside \(range.lowerBound)...\(range.upperBound)"))
            }
        }
        func amount(_ key: String, _ value: Double, positive: Bool = false) {
            let ok = value.isFinite && (positive ? value > 0 : value >= 0) && value <= Self.maximumMagnitude
            if !ok {
                found.append(Problem(key: key, message: "\(value) must be a finite number \(positive ? "above" : "at least") 0 "
                    + "and at most \(Self.maximumMagnitude)"))
            }
        }
        let t = tracker, f = depthFusion, a = anchors, b = absence, g = guidance
        fraction("tracker.highScore", t.highScore); fraction("tracker.lowScore", t.lowScore); fraction("tracker.iouGate", t.iouGate)
        count("tracker.maxCoastFrames", t.maxCoastFrames, 0...Self.maximumCount)
        count("tracker.minHits", t.minHits, 0...Self.maximumCount)
        count("tracker.detectEvery", t.detectEvery, 1...1_000)
        amount("depthFusion.minLidarDepth", f.minLidarDepth); amount("depthFusion.maxLidarDepth", f.maxLidarDepth, positive: true)
        count("depthFusion.minLidarConfidence", Int(f.minLidarConfidence), 0...2)
        count("depthFusion.minPairs", f.minPairs, 1...Self.maximumCount)
        amount("depthFusion.outlierSigmas", f.outlierSigmas, positive: true)
        amount("depthFusion.conditioningEpsilon", f.conditioningEpsilon); amount("depthFusion.denominatorFloor", f.denominatorFloor)
        fraction("anchors.nearCosine", a.nearCosine, -1...1); fraction("anchors.farCosine", a.farCosine, -1...1)
        amount("anchors.nearRadius", a.nearRadius); amount("anchors.farRadius", a.farRadius)
        fraction("anchors.emaWeight", a.emaWeight); amount("anchors.stepClamp", a.stepClamp)
        count("anchors.consensusCount", a.consensusCount, 1...1_000)
        amount("anchors.consensusMinDistance", a.consensusMinDistance); amount("anchors.consensusAgreement", a.consensusAgreement)
        count("absence.budgetPerPass", b.budgetPerPass, 0...Self.maximumCount)
        count("absence.absentSamples", b.absentSamples, 1...Self.maximumCount)
        amount("absence.minSampleSpacing", b.minSampleSpacing); amount("absence.rangePerSize", b.rangePerSize)
        amount("absence.minRange", b.minRange); amount("absence.maxRange", b.maxRange)
        amount("absence.sightlineTolerance", b.sightlineTolerance)
        amount("guidance.lockOnRadius", g.lockOnRadius); fraction("guidance.lockOnCosine", g.lockOnCosine, -1...1)
        amount("guidance.arrivalRadius", g.arrivalRadius); amount("guidance.departureRadius", g.departureRadius)
        amount("guidance.confirmationWindow", g.confirmationWindow); amount("guidance.refreshPeriod", g.refreshPeriod)
        return found
    }

    /// Problems between values: ranges whose lower end is above the upper.
    public func rangeProblems() -> [Problem] {
        var found: [Problem] = []
        if absence.minRange > absence.maxRange {
            found.append(Problem(key: "absence.minRange", message: "\(absence.minRange) is above absence.maxRange \(absence.maxRange)"))
        }
        if depthFusion.minLidarDepth > depthFusion.maxLidarDepth {
            found.append(Problem(key: "depthFusion.minLidarDepth",
                                 message: "\(depthFusion.minLidarDepth) is above depthFusion.maxLidarDepth \(depthFusion.maxLidarDepth)"))
        }
        if tracker.lowScore > tracker.highScore {
            found.append(Problem(key: "tracker.lowScore", message: "\(tracker.lowScore) is above tracker.highScore \(tracker.highScore)"))
        }
        return found
    }

    /// Every problem: ``valueProblems()`` then ``rangeProblems()``.
    public func problems() -> [Problem] { valueProblems() + rangeProblems() }
}
