import EvalMetrics
import Recording
import Testing

/// Objects: 1 a bottle moved 2 m at t = 5; 2 a cup removed at t = 4 (and not back);
/// 3 a book that never moves; 4 a person.
private let objects = [
    GroundTruthObject(id: 1, label: "bottle", extent: [0.1, 0.25, 0.1]),
    GroundTruthObject(id: 2, label: "cup", extent: [0.1, 0.1, 0.1]),
    GroundTruthObject(id: 3, label: "book", extent: [0.2, 0.03, 0.15]),
    GroundTruthObject(id: 4, label: "person", extent: [0.5, 1.7, 0.3], isPerson: true),
]
private let placements = [
    GroundTruthPlacement(id: 1, object: 1, from: 0, to: 5, position: [1, 0, 0]),
    GroundTruthPlacement(id: 2, object: 1, from: 5, to: nil, position: [3, 0, 0]),
    GroundTruthPlacement(id: 3, object: 2, from: 0, to: 4, position: [0, 0, 2]),
    GroundTruthPlacement(id: 4, object: 3, from: 0, to: nil, position: [-1, 0, 0]),
    GroundTruthPlacement(id: 5, object: 4, from: 0, to: 3, position: [0, 0, 5]),
]

/// An instance anchored once at `position` at t = 1.
private func history(_ instance: Int, at position: SIMD3<Double>) -> AnchorHistory {
    AnchorHistory(instance: instance, label: "x", updates: [AnchorUpdate(frame: 10, time: 1, position: position)], detections: [])
}

private let histories = [
    history(0, at: [1.1, 0, 0]), history(1, at: [0, 0, 2.1]), history(2, at: [-1, 0, 0.1]), history(3, at: [5, 5, 5]),
    history(4, at: [0, 0, 5]),
]
private let objectOfInstance: [Int: Int64] = [0: 1, 1: 2, 2: 3, 4: 4]

private func flag(_ instance: Int, at time: Double, missing: Bool = true) -> MissingFlagChange {
    MissingFlagChange(instance: instance, frame: Int64(time * 10), time: time, missing: missing)
}

@Suite("Absence outcomes against the ground truth")
struct AbsenceOutcomeTests {
    @Test("Flags are judged by where the object truly is at the flag's time")
    func verdicts() {
        let outcomes = AbsenceOutcomes(
            changes: [flag(2, at: 6), flag(0, at: 7), flag(1, at: 3), flag(3, at: 6), flag(4, at: 6), flag(1, at: 4.5), flag(1, at: 5, missing: false)],
            histories: histories, objectOfInstance: objectOfInstance, objects: objects, placements: placements)
        // Time order: cup flagged at 3 (still there: false), cup at 4.5 (removed: correct), book (never moved: false),
        // unassociated instance 3, bottle at 7 (moved 2 m away: correct); the person's flag is not judged.
        #expect(outcomes.flags.map(\.verdict) == [.falseMissing, .correct, .falseMissing, .unassociated, .correct])
        #expect(outcomes.correctFlags == 2 && outcomes.falseMissing == 2 && outcomes.unflags == 1)
        let rate = outcomes.falseMissingRate()
        #expect(rate.successes == 2 && rate.trials == 4)
    }

    @Test("Removals of anchored objects are found with their latency, or missed")
    func removals() throws {
        let outcomes = AbsenceOutcomes(
            changes: [flag(1, at: 6.5)], histories: histories, objectOfInstance: objectOfInstance, objects: objects,
            placements: placements)
        // The cup left at 4 (found 2.5 s later); the bottle moved at 5 (missed); the person's end is not a removal.
        #expect(outcomes.removals.map(\.object) == [2, 1])
        let cup = try #require(outcomes.removals.first)
        #expect(!cup.moved && abs(cup.latency! - 2.5) < 1e-12)
        #expect(outcomes.removals[1].moved && outcomes.removals[1].latency == nil)
        #expect(outcomes.missedRemovals == 1 && outcomes.missedRemovalRate().trials == 2)
    }

    @Test("A removal before the object was ever anchored is not the sweep's to find")
    func unanchoredRemoval() {
        let late = [AnchorHistory(instance: 1, label: "cup", updates: [AnchorUpdate(frame: 90, time: 9, position: [0, 0, 2])], detections: [])]
        let outcomes = AbsenceOutcomes(changes: [], histories: late, objectOfInstance: [1: 2], objects: objects, placements: placements)
        #expect(outcomes.removals.isEmpty)
    }

    @Test("The displacement tolerance decides between moved and still there")
    func tolerance() {
        let near = [history(0, at: [2.6, 0, 0])]
        let judged = { (tolerance: Double) in
            AbsenceOutcomes(changes: [flag(0, at: 7)], histories: near, objectOfInstance: [0: 1], objects: objects,
                            placements: placements, displacementTolerance: tolerance).flags[0].verdict
        }
        #expect(judged(0.5) == .falseMissing)
        #expect(judged(0.3) == .correct)
    }
}

@Suite("Lock-on, arrival and suggestion outcomes (spec.md#metric-lockon-outcomes)")
struct LockOnOutcomeTests {
    private func trace(
        _ request: Int64, object: Int64, instance: Int?, locks: [(Double, Int)] = [], arrivals: [(Double, GuidanceTrace.Reticle, SIMD3<Double>)] = [],
        suggestions: [(Double, Int, SIMD3<Double>)] = [], redetection: Double? = nil
    ) -> GuidanceTrace {
        GuidanceTrace(
            request: request, object: object, instance: instance, startTime: 0.5, redetection: redetection,
            locks: locks.map { GuidanceTrace.Lock(frame: Int64($0.0 * 10), time: $0.0, instance: $0.1) },
            arrivals: arrivals.map { GuidanceTrace.Arrival(frame: Int64($0.0 * 10), time: $0.0, state: $0.1, camera: $0.2) },
            suggestions: suggestions.map { GuidanceTrace.Suggestion(frame: Int64($0.0 * 10), time: $0.0, instance: $0.1, position: $0.2, distance: 1) })
    }

    @Test("Verdicts: correct, wrong target (the twin), none, not in memory; the wrong-target rate counts requests that locked")
    func verdicts() {
        let outcomes = LockOnOutcomes(
            traces: [trace(1, object: 1, instance: 0, locks: [(1, 0)]), trace(2, object: 1, instance: 0, locks: [(1, 0), (2, 5)]),
                     trace(3, object: 2, instance: 1), trace(4, object: 3, instance: nil)],
            objectOfInstance: [0: 1, 1: 2, 5: 3], placements: placements)
        #expect(outcomes.requests.map(\.verdict) == [.correct, .wrongTarget, .none, .notInMemory])
        #expect(outcomes.requests.map(\.startObject) == [1, 1, 2, nil])
        let rate = outcomes.wrongTargetRate()
        #expect(rate.successes == 1 && rate.trials == 2)
    }

    @Test("Time to first lock runs from the start of guidance; after re-detection, to the first lock on the object")
    func lockTimes() {
        let outcomes = LockOnOutcomes(
            traces: [trace(1, object: 1, instance: 0, locks: [(1.2, 5), (2.5, 0)], redetection: 1.5), trace(2, object: 1, instance: 0)],
            objectOfInstance: [0: 1, 5: 3], placements: placements)
        #expect(abs(outcomes.requests[0].timeToFirstLock! - 0.7) < 1e-12)
        #expect(abs(outcomes.requests[0].lockAfterRedetection! - 1.0) < 1e-12)
        #expect(outcomes.requests[1].timeToFirstLock == nil && outcomes.timesToFirstLock.count == 1)
    }

    @Test("Each amber or green arrival is judged by whether the object was really within the radius")
    func arrivals() {
        // The cup (object 2) stands at (0, 0, 2) until t = 4.
        let outcomes = LockOnOutcomes(
            traces: [trace(1, object: 2, instance: 1, arrivals: [
                (2, .amber, [0, 0, 1.5]), (2.5, .green, [0, 0, 1.5]), (3, .none, [0, 0, 0]), (3.5, .green, [0, 0, 0.5]), (6, .green, [0, 0, 1.8]),
                (7, .amber, [0, 0, 1.8]),
            ])],
            objectOfInstance: [1: 2], placements: placements, objectRadius: 1.1)
        let request = outcomes.requests[0]
        #expect(request.arrivals.map(\.objectThere) == [true, true, false, false, false])
        #expect(request.arrivals(.green, objectThere: true) == 1 && request.arrivals(.green, objectThere: false) == 2)
        #expect(request.arrivals(.amber, objectThere: false) == 1 && request.arrivals(.amber, objectThere: true) == 1)
        #expect(outcomes.greenArrivals == 3 && outcomes.greenWithoutObject == 2)
        #expect(outcomes.emptyArrivalRate().successes == 2 && outcomes.emptyArrivalRate().trials == 3)
    }

    @Test("A suggestion is real when its object stands within 0.5 m of where the card maps it")
    func suggestions() {
        // Instance 2 stands for the book at (−1, 0, 0); instance 5 for the moved bottle; instance 7 for nothing.
        let outcomes = LockOnOutcomes(
            traces: [trace(1, object: 1, instance: 0, suggestions: [(6, 2, [-1, 0, 0.3]), (6, 5, [1, 0, 0]), (7, 7, [0, 0, 0]), (8, 5, [3, 0, 0.2])])],
            objectOfInstance: [0: 1, 2: 3, 5: 1], placements: placements)
        let cards = outcomes.requests[0].suggestions
        #expect(cards.map(\.real) == [true, false, false, true])
        #expect(cards.map(\.isRequested) == [false, true, false, true])
        #expect(outcomes.suggestions == 4 && outcomes.realSuggestions == 2)
    }
}
