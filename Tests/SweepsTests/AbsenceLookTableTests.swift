import EvalNumerics
import Recording
import Replay
import Testing

/// The absence walk written out the way the sweep first did it: frame by frame, one
/// ``AbsenceSweep/pass(targets:frame:detections:lidarDepth:events:)`` per frame with a map,
/// every look classified in full by ``AbsenceRules/look(at:frame:detections:lidarDepth:configuration:)``.
/// It shares no code with ``AbsenceLookTable`` but the per-look rules and the counting state.
private func stepwiseLooks(_ recording: Recording, registry: AnchorRegistry, configuration: AbsenceConfiguration,
                           lidarConfidence: UInt8) -> [AbsenceEvent] {
    let mapOfFrame = Dictionary(uniqueKeysWithValues: recording.lidarMaps.map { ($0.frame, $0) })
    var sweep = AbsenceSweep(configuration: configuration)
    var targets: [AbsenceTarget] = []
    var cursor = 0
    var looks: [AbsenceEvent] = []
    for frame in recording.frames {
        while cursor < registry.events.count, registry.events[cursor].frame <= frame.index {
            let event = registry.events[cursor]
            let size = event.extent.map { max($0.x, $0.y) } ?? 0
            if let k = targets.firstIndex(where: { $0.instance == event.instance }) {
                targets[k].position = event.after
                targets[k].size = size
            } else {
                let label = registry.instances[event.instance].label
                targets.append(AbsenceTarget(instance: event.instance, label: label, position: event.after, size: size, isPerson: label == "person"))
            }
            sweep.recordSighting(event.instance)
            cursor += 1
        }
        guard frame.trackingState == .normal, let map = mapOfFrame[frame.index], !targets.isEmpty else { continue }
        sweep.pass(targets: targets, frame: frame, detections: ArraySlice(recording.detections.filter { $0.frame == frame.index }),
                   lidarDepth: { map.depth(at: $0, width: frame.width, height: frame.height, minimumConfidence: lidarConfidence) },
                   events: &looks)
    }
    return looks
}

@Suite("The absence look table replays the stepwise walk exactly (spec.md#absence-over-recording)")
struct AbsenceLookTableTests {
    @Test("Every look and every flip equal the stepwise walk's on the bundled recordings under 12 drawn configurations each")
    func equalsStepwiseWalk() throws {
        var random = SplitMix64(seed: 20261205)
        var flipsSeen = 0
        for name in ["twins-moved", "absence", "multi-room", "walkaway-reapproach", "low-light"] {
            let recording = try RecordingStore.read(from: SweepFixtures.path(name))
            let registry = SpatialReplay.run(recording).registry
            let scene = AbsenceScene(recording)
            for _ in 0..<12 {
                let configuration = AbsenceConfiguration(
                    budgetPerPass: Int(random.next() % 5) + 1, absentSamples: Int(random.next() % 4) + 1,
                    minSampleSpacing: [0, 0.5, 1, 2][Int(random.next() % 4)], rangePerSize: [2, 5, 10, 20, 40][Int(random.next() % 5)],
                    minRange: [0.5, 1, 2][Int(random.next() % 3)], maxRange: [2, 3, 4, 8][Int(random.next() % 4)],
                    sightlineTolerance: [0.02, 0.15, 0.5][Int(random.next() % 3)])
                let confidence = UInt8(random.next() % 3)
                let expected = stepwiseLooks(recording, registry: registry, configuration: configuration, lidarConfidence: confidence)
                let table = AbsenceLookTable(scene: scene, registry: registry, budgetPerPass: configuration.budgetPerPass, lidarConfidence: confidence)
                #expect(table.events(configuration: configuration) == expected, "\(name) \(configuration)")
                #expect(table.flips(configuration: configuration) == expected.filter(\.flipped), "\(name) \(configuration)")
                flipsSeen += expected.count { $0.flipped }
            }
        }
        #expect(flipsSeen > 20, "the drawn configurations flip flags (\(flipsSeen)), so the flips are compared, not only empty lists")
    }

    @Test("One table serves every configuration with its budget: the range gate and the counting rule are replayed, not re-walked")
    func oneTableManyConfigurations() throws {
        let recording = try RecordingStore.read(from: SweepFixtures.path("absence"))
        let registry = SpatialReplay.run(recording).registry
        let table = AbsenceLookTable(scene: AbsenceScene(recording), registry: registry, budgetPerPass: 3, lidarConfidence: 2)
        var outcomes = Set<[AbsenceEvent]>()
        for rangePerSize in stride(from: 2.0, through: 30, by: 4) {
            let configuration = AbsenceConfiguration(rangePerSize: rangePerSize, maxRange: 8)
            let events = table.events(configuration: configuration)
            #expect(events == stepwiseLooks(recording, registry: registry, configuration: configuration, lidarConfidence: 2))
            outcomes.insert(events)
        }
        #expect(outcomes.count > 1, "the range gate changes the looks on this recording")
    }
}
