import EvalMetrics
import Evaluation
import Foundation
import Recording
import Replay
import SessionViewer
import Simulation
import Testing

/// `Data/recordings/NAME.sqlite` of this checkout.
private func bundled(_ name: String) throws -> Recording {
    try RecordingStore.read(from: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Data/recordings/\(name).sqlite").path)
}

private enum Fixtures {
    /// The bundled twins-moved recording: merges, blends, locks and arrivals occur in it.
    static let twins = try! bundled("twins-moved")
    static let twinsTimeline = SessionTimeline.build(twins, name: "twins-moved")
    /// The bundled multi-room recording: near-band merges, absent samples, a missing flip (a false one) occur in it.
    static let absence = try! bundled("multi-room")
    static let absenceTimeline = SessionTimeline.build(absence, name: "multi-room")
}

@Suite("Session viewer: the timeline a viewer page draws (Docs/viewer.md)")
struct SessionViewerTests {
    @Test("Anchors over time equal the replay's: positions, fresh/stored/missing, blended, errors", arguments: ["twins", "absence"])
    func statesEqualTheReplay(_ which: String) {
        let (recording, timeline) = which == "twins" ? (Fixtures.twins, Fixtures.twinsTimeline) : (Fixtures.absence, Fixtures.absenceTimeline)
        let times = AnchorStateDump.times(for: timeline, count: 40)
        let reference = AnchorStateDump.sample(recording, times: times)
        var states = Set<AnchorState>()
        for sample in reference {
            let drawn = timeline.anchors(atFrame: sample.frame)
            #expect(drawn.map(\.instance) == sample.anchors.map(\.instance), "frame \(sample.frame)")
            for (a, b) in zip(drawn, sample.anchors) {
                #expect(a.position == b.position && a.state == b.state && a.blended == b.blended, "instance \(a.instance) at \(sample.time)")
                #expect((a.error == nil) == (b.error == nil))
                if let x = a.error, let y = b.error { #expect(abs(x - y) < 1e-9) }
                states.insert(b.state)
            }
        }
        #expect(states.count >= 2, "the sampled times should show more than one state")
        if which == "absence" {
            // Every frame where the sweep holds an instance missing shows it missing.
            let looks = MemoryOutcomes.absenceLooks(AbsenceScene(recording), registry: SpatialReplay.run(recording).registry, configuration: .init())
            let flips = looks.filter { $0.flipped && $0.missing }
            #expect(!flips.isEmpty)
            for flip in flips {
                let frame = recording.frames.firstIndex { $0.index == flip.frame }!
                #expect(timeline.anchors(atFrame: frame).first { $0.instance == flip.instance }?.state == .missing)
            }
        }
    }

    @Test("Every registry update and every absence sample, flip, lock, arrival and metric event is on the timeline")
    func eventsAllPresent() {
        for (recording, timeline) in [(Fixtures.twins, Fixtures.twinsTimeline), (Fixtures.absence, Fixtures.absenceTimeline)] {
            let replay = SpatialReplay.run(recording)
            #expect(timeline.updates.count == replay.registry.events.count)
            #expect(zip(timeline.updates, replay.registry.events).allSatisfy { $0.instance == $1.instance && $0.position == $1.after && $0.kind == $1.kind })
            let looks = MemoryOutcomes.absenceLooks(AbsenceScene(recording), registry: replay.registry, configuration: .init())
            let flipsByLook = timeline.events.filter { if case .missingFlip(_, true) = $0.detail { true } else { false } }
            #expect(flipsByLook.count == looks.filter(\.flipped).count)
            let samples = timeline.events.filter { if case .absentSample = $0.detail { true } else { false } }
            // Each sample is an absent look of the sweep with that count.
            for sample in samples {
                guard case .absentSample(let n) = sample.detail else { continue }
                #expect(looks.contains { $0.time == sample.time && $0.instance == sample.instance && $0.look == .absent && $0.absentSamples == n })
            }
            // Each flip to missing comes after its counted samples 1, 2, 3, the last on the flip's frame.
            for flip in looks where flip.flipped && flip.missing {
                let counts = samples.filter { $0.instance == flip.instance && $0.time <= flip.time }.suffix(3).map { event -> Int in
                    if case .absentSample(let n) = event.detail { n } else { -1 }
                }
                #expect(counts == [1, 2, 3], "instance \(flip.instance) at \(flip.time)")
                #expect(samples.last { $0.instance == flip.instance && $0.time <= flip.time }?.time == flip.time)
            }

            let report = RecordingSpatialJob.run(recording)
            let locks = timeline.events.filter { $0.lane == .lock }
            let traceLocks = report.lockOn.requests.flatMap(\.trace.locks)
            #expect(locks.map(\.instance) == traceLocks.map(\.instance))
            #expect(locks.map(\.time) == traceLocks.map(\.time))
            let arrivals = timeline.events.filter { $0.lane == .arrival }
            #expect(arrivals.map(\.time) == report.lockOn.requests.flatMap(\.trace.arrivals).map(\.time))

            func count(_ match: (MetricIncident) -> Bool) -> Int {
                timeline.events.count { if case .metric(let m) = $0.detail { match(m) } else { false } }
            }
            #expect(count { if case .falseMissing = $0 { true } else { false } } == report.absence.falseMissing)
            #expect(count { if case .missedRemoval = $0 { true } else { false } } == report.absence.missedRemovals)
            #expect(count { if case .greenOverEmptySpace = $0 { true } else { false } } == report.lockOn.greenWithoutObject)
            #expect(count { if case .blended = $0 { true } else { false } } == report.accuracy.blendedInstances.count)
            #expect(count { if case .duplicate = $0 { true } else { false } } == report.accuracy.duplication)
            #expect(timeline.events.filter { $0.lane == .guidance && { if case .request = $0.detail { true } else { false } }($0) }.count
                    == recording.guidanceRequests.count)
        }
        #expect(Fixtures.twinsTimeline.events.contains { $0.lane == .lock })
        #expect(Fixtures.absenceTimeline.updates.contains { $0.match == .nearCosine })
        #expect(Fixtures.absenceTimeline.events.contains { if case .metric(.falseMissing) = $0.detail { true } else { false } })
    }

    @Test("Lock details: the class branch's distance is within the lock-on radius, its cosine at least the threshold")
    func lockDetails() {
        let c = GuidanceConfiguration()
        for event in Fixtures.twinsTimeline.events {
            guard case .lock(let reason, let distance, let cosine, _) = event.detail, reason == .sameClassNearby else { continue }
            #expect(distance <= c.lockOnRadius + 1e-12)
            if let cosine { #expect(cosine >= c.lockOnCosine) }
        }
        for step in Fixtures.twinsTimeline.updates where step.match == .farCosine {
            #expect(step.gap! > AnchorConfiguration().nearRadius && step.cosine! >= AnchorConfiguration().farCosine)
        }
    }

    @Test("Decimation keeps the endpoints, stays within the tolerance and thins a straight walk to two points")
    func decimation() {
        func sample(_ k: Int, _ x: Double, _ z: Double) -> PathSample {
            PathSample(frame: k, time: Double(k) / 30, position: SIMD3(x, 1.4, z), heading: 0)
        }
        let straight: [PathSample] = (0..<900).map { (k: Int) -> PathSample in sample(k, Double(k) * 0.01, -Double(k) * 0.005) }
        let thinStraight = PathDecimation.thin(straight)
        #expect(thinStraight.map(\.frame) == [0, 899])
        let wiggle: [PathSample] = (0..<3000).map { (k: Int) -> PathSample in
            let t = Double(k)
            return sample(k, cos(t / 200) * 2, sin(t / 150) * 1.5 + 0.01 * sin(t))
        }
        let thin = PathDecimation.thin(wiggle, tolerance: 0.02)
        #expect(thin.first?.frame == 0 && thin.last?.frame == 2999)
        #expect(thin.count < wiggle.count / 3)
        #expect(zip(thin, thin.dropFirst()).allSatisfy { (a: PathSample, b: PathSample) in a.frame < b.frame })
        var segment = 0
        for s in wiggle {
            while segment + 1 < thin.count - 1, thin[segment + 1].frame <= s.frame { segment += 1 }
            let a: SIMD3<Double> = thin[segment].position, b: SIMD3<Double> = thin[min(segment + 1, thin.count - 1)].position
            let ab = SIMD2<Double>(b.x - a.x, b.z - a.z), ap = SIMD2<Double>(s.position.x - a.x, s.position.z - a.z)
            let length2: Double = (ab * ab).sum()
            let u: Double = max(0, min(1, (ap * ab).sum() / max(length2, 1e-18)))
            let d: SIMD2<Double> = ap - u * ab
            let offset: Double = (d * d).sum().squareRoot()
            #expect(offset <= 0.02 + 1e-9, "frame \(s.frame)")
        }
        #expect(Fixtures.twinsTimeline.cameraPath.first?.frame == 0)
        #expect(Fixtures.twinsTimeline.cameraPath.last?.frame == Fixtures.twins.frames.count - 1)
    }

    @Test("The payload is JSON whose columns and events have the timeline's lengths")
    func payload() throws {
        let timeline = Fixtures.twinsTimeline
        let object = try JSONSerialization.jsonObject(with: Data(ViewerPayload.json(timeline).utf8)) as! [String: Any]
        let up = object["up"] as! [String: [Any]]
        #expect(up.values.allSatisfy { $0.count == timeline.updates.count })
        #expect((object["ev"] as! [Any]).count == timeline.events.count)
        let clock = object["clock"] as! [[Double]]
        #expect(Int(clock.map { $0[2] }.reduce(0, +)) == timeline.frames.count)
        // The runs give back every frame's time within half a millisecond.
        var k = 0
        for run in clock {
            for j in 0..<Int(run[2]) {
                #expect(abs(run[0] + Double(j) * run[1] - timeline.frames[k].time) <= 0.0005)
                k += 1
            }
        }
    }

    @Test("The page is self-contained: no external script, style, font or address")
    func selfContained() {
        let page = ViewerPage.html(Fixtures.twinsTimeline)
        for banned in ["http://", "https://", "<link", " src=", "@import", "url("] { #expect(!page.contains(banned), "\(banned)") }
        #expect(page.contains("<script type=\"application/json\" id=\"session-data\">"))
        #expect(!page.contains("</script><"), "payload must not close its script element early")
    }

    @Test("With an app decision log both sides are listed and the first divergence is on the parity lane")
    func parity() {
        let recording = ReplicaDecisionLog.attach(to: CaptureSimulator().simulate(.walkawayReapproach, seed: 2, duration: 30).recording)
        let agreeing = SessionTimeline.build(recording, name: "logged")
        #expect(agreeing.parity != nil && agreeing.parity!.firstDivergence == nil)
        #expect(agreeing.parity!.app.count == recording.decisions.count)
        var clamp = ReplayConfiguration()
        clamp.anchors.stepClamp = 0.02
        let differing = SessionTimeline.build(recording, name: "logged", configuration: clamp)
        let comparison = ParityReplay.compare(recording, configuration: clamp)
        let divergence = differing.events.first { $0.lane == .parity }
        #expect(comparison.firstDivergence != nil)
        #expect(divergence?.time == comparison.firstDivergence?.time)
        #expect(differing.parity?.firstDivergence == divergence?.frame)
        #expect(SessionTimeline.build(Fixtures.twins, name: "x").parity == nil)
    }

    @Test("Links: #t=SECONDS at millisecond precision, relative to a report folder")
    func links() {
        #expect(ViewerLink.href(recording: "twins-moved", time: 12.4) == "../viewer/twins-moved.html#t=12.4")
        #expect(ViewerLink.fragment(time: 3.14159) == "#t=3.142")
        #expect(ViewerLink.href(recording: "absence") == "../viewer/absence.html")
        #expect(ViewerLink.href(recording: "a", time: 0, base: "") == "a.html#t=0")
        #expect(ViewerLink.href(recording: "kitchen #2 é", time: 1.5) == "../viewer/kitchen%20%232%20%C3%A9.html#t=1.5")
    }
}
