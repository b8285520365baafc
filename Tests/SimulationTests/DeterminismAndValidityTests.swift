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

    @Test func configurationRoundTripsThroughJSON() throws {
        var configuration = SimulationConfiguration()
        configuration.detector.maximumRecall = 0.5
        configuration.depthNetwork.variant = .fast
        let data = try JSONEncoder().encode(configuration)
        #expect(try JSONDecoder().decode(SimulationConfiguration.self, from: data) == configuration)
    }
}
