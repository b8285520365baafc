import EvalMetrics
import Evaluation
import Recording
import Replay
import EvalResults

/// The main job's computation: every recording of a protocol through the existing
/// tracking and spatial jobs, flattened into ``RunResults`` rows, pooled and gated.
public enum RunEvaluation {
    /// Evaluates `loaded`; `progress` receives one line per step.
    public static func run(_ loaded: ProtocolLoader.Loaded, progress: (String) -> Void = { _ in }) throws -> RunResults {
        let spec = loaded.evaluationProtocol
        var recordings: [RecordingResults] = [], fusionInputs: [(name: String, recording: Recording)] = []
        for (given, path) in zip(spec.recordings, loaded.recordingPaths) {
            let name = ProtocolLoader.recordingName(given)
            progress("[\(recordings.count + 1)/\(spec.recordings.count)] \(name): reading")
            let recording = try RecordingStore.readValidated(from: path)
            if spec.fusion != nil { fusionInputs.append((name, recording)) }
            let truth = RecordingGroundTruth(recording)
            progress("[\(recordings.count + 1)/\(spec.recordings.count)] \(name): ground truth: \(truth.route.text)"
                + (truth.route.projectsMarks ? " (tracking against projected marks)" : ""))
            progress("[\(recordings.count + 1)/\(spec.recordings.count)] \(name): tracking at detect-every-N = 1…5")
            let tracking = try RecordingTrackingJob.run(truth, configuration: spec.replay.tracker)
            progress("[\(recordings.count + 1)/\(spec.recordings.count)] \(name): anchors, gaps, 3-D tracking, absence, lock-on")
            let spatial = RecordingSpatialJob.run(truth, configuration: spec.replay)
            let sha = try SHA256.fingerprint(path)
            var result = results(name: name, path: given, sha256: sha, tracking: tracking, spatial: spatial, settings: spec.bootstrap)
            result.data = RecordingData(meta: recording.meta, groundTruth: truth.route.text)
            recordings.append(result)
        }
        recordings.sort { $0.name < $1.name }
        progress("pooling \(PooledFigures.gaps(recordings).count) gaps of \(PooledFigures.gapUnits(recordings).count) instances: "
            + "\(spec.bootstrap.replicates) \(spec.bootstrap.method) bootstrap replicates")
        let pooledGaps = PooledFigures.gapIntervals(units: PooledFigures.gapUnits(recordings), settings: spec.bootstrap)
        progress("intervals over \(recordings.count) recordings: tracking, 3-D tracking, anchor error")
        let intervals = RecordingBootstrap.figures(recordings, settings: spec.bootstrap)
        return RunResults(
            protocolName: spec.name, protocolSHA256: try SHA256.fingerprint(loaded.path), toolVersion: ToolInfo.version,
            bootstrap: spec.bootstrap, recordings: recordings, pooledGaps: pooledGaps,
            gates: PooledFigures.judge(spec.gates, recordings, pooledGaps: pooledGaps, intervals: intervals,
                                       settings: spec.bootstrap, minimumEvents: spec.minimumEvents),
            minimumEvents: spec.minimumEvents, recordingIntervals: intervals, runsDiffer: RunsDifferTest(recordings),
            fusion: spec.fusion.map { FusionStudy.run(fusionInputs.sorted { $0.name < $1.name }, configuration: spec.replay.depthFusion,
                                                      settings: $0, bootstrap: spec.bootstrap) },
            runReport: spec.runReport)
    }

    /// One recording's reports as rows.
    public static func results(
        name: String, path: String, sha256: String, tracking: RecordingTrackingReport, spatial: RecordingSpatialReport,
        settings: BootstrapSettings
    ) -> RecordingResults {
        var gaps: [Double] = [], gapInstances: [Int64] = []
        for instance in spatial.gapsByInstance.keys.sorted() {
            for gap in spatial.gapsByInstance[instance]! {
                gaps.append(gap)
                gapInstances.append(Int64(instance))
            }
        }
        let accuracy = spatial.accuracy
        var result = RecordingResults(
            name: name, path: path, sha256: sha256, observationCount: Int64(spatial.observationCount),
            gaps: gaps, gapInstances: gapInstances,
            errors: accuracy.instances.flatMap(\.errors),
            errorInstances: accuracy.instances.flatMap { entry in entry.errors.map { _ in Int64(entry.instance) } },
            instances: accuracy.instances.map {
                InstanceRow(instance: Int64($0.instance), object: $0.object ?? -1, feedCount: Int64($0.feedCount),
                            objectsFeeding: Int64($0.objectsFeeding), purity: $0.purity)
            },
            detectEveryN: tracking.rows.map { row(Int64($0.detectEvery), $0.summary, $0.proxies) },
            recordedIDs: tracking.recorded.map { [row(0, $0.summary, $0.proxies)] } ?? [],
            tracking3D: spatial.tracking3D.map {
                Tracking3DRow(gate: $0.gate, truePositives: Int64($0.truePositives), falsePositives: Int64($0.falsePositives),
                              falseNegatives: Int64($0.falseNegatives), identitySwitches: Int64($0.identitySwitches),
                              truthCount: Int64($0.truthCount), distanceSum: $0.distanceSum)
            },
            duplicatedObjects: accuracy.duplicatedObjects, neverAnchored: accuracy.neverAnchored,
            duplication: Int64(accuracy.duplication),
            gapIntervals: GapIntervals(median: .init(estimate: .nan, lower: .nan, upper: .nan), p90: .init(estimate: .nan, lower: .nan, upper: .nan)),
            absenceFlags: spatial.absence.flags.map {
                AbsenceFlagRow(instance: Int64($0.flag.instance), object: $0.object ?? -1, frame: $0.flag.frame, time: $0.flag.time, verdict: $0.verdict)
            },
            removals: spatial.absence.removals.map {
                RemovalRow(object: $0.object, time: $0.time, moved: $0.moved ? 1 : 0, latency: $0.latency ?? .nan)
            },
            unflags: Int64(spatial.absence.unflags),
            lockOn: spatial.lockOn.requests.map(lockOnRow))
        (result.policyInstances, result.policyErrors) = PolicyFigures.rows(spatial.policies)
        result.gapIntervals = PooledFigures.gapIntervals(units: PooledFigures.gapUnits(of: result), settings: settings)
        return result
    }

    /// One guidance request's outcome as a results row.
    private static func lockOnRow(_ o: LockOnOutcome) -> LockOnRow {
        LockOnRow(
            request: o.trace.request, object: o.trace.object, instance: o.trace.instance.map(Int64.init) ?? -1, verdict: o.verdict,
            locks: Int64(o.trace.locks.count), arrivalsAtObject: Int64(o.arrivals(.green, objectThere: true)),
            arrivalsWithoutObject: Int64(o.arrivals(.green, objectThere: false)), startObject: o.startObject ?? -1,
            timeToFirstLock: o.timeToFirstLock ?? .nan, lockAfterRedetection: o.lockAfterRedetection ?? .nan,
            amberAtObject: Int64(o.arrivals(.amber, objectThere: true)), amberWithoutObject: Int64(o.arrivals(.amber, objectThere: false)),
            suggestions: Int64(o.suggestions.count), realSuggestions: Int64(o.suggestions.count(where: \.real)))
    }

    private static func row(_ n: Int64, _ s: TrackingSummary, _ p: TrackProxies) -> TrackingRow {
        TrackingRow(
            n: n, mota: s.mota, idf1: s.idf1, hota: s.hota, identitySwitches: Int64(s.identitySwitches),
            groundTruthCount: Int64(s.groundTruthCount), trackCount: Int64(p.trackCount), newIDsPerMinute: p.newIDsPerMinute,
            newIDsPerDetection: p.newIDsPerDetection, meanTrackLifetime: p.meanTrackLifetime)
    }
}
