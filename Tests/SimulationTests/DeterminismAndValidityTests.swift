import Foundation
import Recording
import Testing
import TestSupport
@testable import Simulation

@Suite struct DeterminismAndValidityTests {
    @Test func sameScenarioAndSeedGiveByteIdenticalFiles() throws {
        let directory = try TemporaryDirectory()
        let paths = [directory.file("a.sqlite"), directory.file("b.sqlite"), directory.file("c.sqlite")]
        try RecordingStore.write(CaptureSimulator().simulate(.twinsMoved, seed: 42, duration: 8).recording, to: paths[0])
        try RecordingStore.write(CaptureSimulator().simulate(.twinsMoved, seed: 42, duration: 8).recording, to: paths[1])
        try RecordingStore.write(CaptureSimulator().simulate(.twinsMoved, seed: 43, duration: 8).recording, to: paths[2])
        let bytes = try paths.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        #expect(bytes[0].count > 10_000)
        #expect(bytes[0] == bytes[1], "same seed, different bytes")
        #expect(bytes[0] != bytes[2], "a different seed should change the capture")
    }

    @Test(arguments: Scenario.allCases)
    func everyScenarioPassesTheValidator(scenario: Scenario) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("\(scenario.rawValue).sqlite")
        let capture = CaptureSimulator().simulate(scenario, seed: 9, duration: 20)
        try RecordingStore.write(capture.recording, to: path)
        let loaded = try RecordingStore.read(from: path)
        let problems = RecordingValidator().problems(in: loaded, integrityMessages: try RecordingStore.integrityProblems(at: path))
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        #expect(loaded.frames.count == 601 && loaded.meta["scenario"] == scenario.rawValue && loaded.meta["seed"] == "9")
        #expect(!loaded.detections.isEmpty && !loaded.depthGrids.isEmpty && !loaded.groundTruthBoxes.isEmpty)
    }

    /// The committed `Data/recordings/twins-moved.sqlite` (Data/make_recordings.sh: seed 1,
    /// 40 s) regenerates byte for byte.
    @Test func committedRecordingRegeneratesByteIdentically() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let committed = repository.appendingPathComponent("Data/recordings/twins-moved.sqlite")
        let directory = try TemporaryDirectory()
        try RecordingStore.write(CaptureSimulator().simulate(.twinsMoved, seed: 1, duration: 40).recording, to: directory.file("t.sqlite"))
        let fresh = try Data(contentsOf: URL(fileURLWithPath: directory.file("t.sqlite")))
        #expect(try Data(contentsOf: committed) == fresh, "Data/recordings/twins-moved.sqlite is stale: run Data/make_recordings.sh")
    }

    @Test func configurationRoundTripsThroughJSON() throws {
        var configuration = SimulationConfiguration()
        configuration.detector.maximumRecall = 0.5
        configuration.depthNetwork.variant = .fast
        let data = try JSONEncoder().encode(configuration)
        #expect(try JSONDecoder().decode(SimulationConfiguration.self, from: data) == configuration)
    }
}

/// Short simulations shared by the tests (computed once per process).
enum SimulationFixtures {
    /// `twins-moved` stretched to 20 s, seed 3.
    static let twins = CaptureSimulator().simulate(.twinsMoved, seed: 3, duration: 20)
    /// `walkaway-reapproach` at its nominal length, seed 5.
    static let walkaway = CaptureSimulator().simulate(.walkawayReapproach, seed: 5)

    /// The placement of `object` covering `time` in a recording's ground truth.
    static func placement(of object: Int64, at time: Double, in recording: Recording) -> GroundTruthPlacement? {
        recording.groundTruthPlacements.first {
            $0.object == object && $0.from <= time && ($0.to.map { time < $0 } ?? true)
        }
    }
}
