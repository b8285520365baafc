import Foundation
import EvalJobs
import Recording
import Simulation
import TestSupport
import Testing

/// Variant corpora built beside their base (CorpusBuilder.Base): LiDAR maps reused, shared
/// tables borrowed, and every member still the recording a whole simulation gives.
@Suite("Variant corpora beside their base")
struct VariantCorpusTests {
    /// The shipped corpus spec's variant models over 2 short members, plus one that changes the LiDAR.
    private func spec() throws -> CorpusSpec {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Protocols/corpus-default.json").path
        var spec = try CorpusBuilder.spec(at: path)
        spec.count = 2
        spec.arms = [CorpusSpec.Arm(scenario: .twinsMoved, weight: 1, duration: [6, 8]),
                     CorpusSpec.Arm(scenario: .absence, weight: 1, duration: [6, 8])]
        spec.variants?.count = 2
        spec.variants?.pivots = nil
        spec.variants?.models.append(.init(name: "lidar-noisy", family: "lidar", simulation: ["lidar.noiseBase": .number(0.05)]))
        return spec
    }

    /// The bytes `recording` is written as.
    private func bytes(_ recording: Recording, at path: String) throws -> Data {
        try RecordingStore.write(recording, to: path)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test("Every variant member reads back as the whole simulation writes it; tables the variant leaves alone are borrowed")
    func membersEqualWholeSimulations() throws {
        let root = try TemporaryDirectory()
        let spec = try spec()
        let baseFolder = root.file("base")
        _ = try CorpusBuilder.build(spec, into: baseFolder)
        for model in spec.variants!.models {
            let variant = spec.variantSpec(model)
            let folder = root.file(model.name)
            _ = try CorpusBuilder.build(variant, into: folder, base: CorpusBuilder.Base(spec: spec, folder: baseFolder))
            let simulator = CaptureSimulator(configuration: try variant.configuration())
            for k in 0..<variant.count {
                let member = variant.member(k)
                let path = (folder as NSString).appendingPathComponent(member.fileName)
                let read = try RecordingStore.read(from: path)
                let whole = simulator.simulate(member.scenario, seed: member.seed, duration: member.duration).recording
                #expect(try bytes(read, at: root.file("read.sqlite")) == bytes(whole, at: root.file("whole.sqlite")), "\(model.name) member \(k)")
                let tables = try RecordingStore.borrowing(at: path)?.tables ?? []
                #expect(tables.contains(.lidarMaps) == (model.family != "lidar"), "\(model.name): borrowed \(tables)")
                if model.family == "drift" { #expect(tables.contains(.detections), "a drift variant changes the poses only") }
                let gridsReused = model.family == "drift" || model.family == "twin appearance"
                #expect(tables.contains(.depthGrids) == gridsReused, "\(model.name): borrowed \(tables)")
            }
        }
    }

    @Test("The depth grids' inputs leave out the pose error, the embeddings and the other tables' cadences, and nothing else")
    func depthGridInputs() {
        let base = SimulationConfiguration()
        var unread = base
        unread.drift.errorScale = 3
        unread.drift.dropoutsPerMinute = 2
        unread.embeddings.twinCosineRange = [0.95, 0.99]
        unread.cadence.embeddingEveryNFrames = 7
        unread.cadence.lidarMapEveryNFrames = 0
        unread.cadence.fastNetworkPass.toggle()
        #expect(unread.depthGridInputs == base.depthGridInputs)
        let read: [(String, (inout SimulationConfiguration) -> Void)] = [
            ("segmentation", { $0.segmentation.maskErrorScale = 2 }),
            ("detector", { $0.detector.maximumRecall = 0.65 }),
            ("lidar", { $0.lidar.noiseBase = 0.05 }),
            ("grid cadence", { $0.cadence.depthGridEveryNFrames = 15 }),
            ("frame rate", { $0.framesPerSecond = 60 }),
        ]
        for (name, change) in read {
            var changed = base
            change(&changed)
            #expect(changed.depthGridInputs != base.depthGridInputs, "\(name) is read by the grids")
        }
    }

    @Test("Base members read already stand in for their files, in generation and in reading, with the same bytes")
    func baseMembersInMemory() throws {
        let root = try TemporaryDirectory()
        let spec = try spec()
        let baseFolder = root.file("base")
        let summary = try CorpusBuilder.build(spec, into: baseFolder)
        let basePaths = summary.recordings.map { (baseFolder as NSString).appendingPathComponent($0.file) }
        let sources = BorrowSources(files: basePaths, recordings: try basePaths.map { try RecordingStore.read(from: $0) })
        for model in spec.variants!.models where model.family == "twin appearance" || model.family == "detector" {
            let variant = spec.variantSpec(model)
            let fromFiles = root.file(model.name + "-files"), fromMemory = root.file(model.name + "-memory")
            let built = try CorpusBuilder.build(variant, into: fromFiles, base: CorpusBuilder.Base(spec: spec, folder: baseFolder))
            _ = try CorpusBuilder.build(variant, into: fromMemory, base: CorpusBuilder.Base(spec: spec, folder: baseFolder, sources: sources))
            for entry in built.recordings {
                let (a, b) = ((fromFiles as NSString).appendingPathComponent(entry.file), (fromMemory as NSString).appendingPathComponent(entry.file))
                #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data(contentsOf: URL(fileURLWithPath: b)), "\(model.name) \(entry.file)")
                #expect(try bytes(RecordingStore.read(from: b, sources: sources), at: root.file("memory.sqlite"))
                        == bytes(RecordingStore.read(from: b), at: root.file("files.sqlite")), "\(model.name) \(entry.file)")
            }
        }
        // With the base files gone, only the recordings in memory can give the borrowed tables.
        let member = (root.file("twins-separable-memory") as NSString).appendingPathComponent(spec.member(0).fileName)
        try FileManager.default.moveItem(atPath: baseFolder, toPath: root.file("moved"))
        #expect(throws: InputError.self) { try RecordingStore.read(from: member) }
        #expect(try RecordingStore.read(from: member, sources: sources).lidarMaps == sources.recording(of: basePaths[0])?.lidarMaps)
    }

    @Test("A variant folder must sit beside its base's, and the base must be complete")
    func baseChecks() throws {
        let root = try TemporaryDirectory()
        let spec = try spec()
        let variant = spec.variantSpec(spec.variants!.models[0])
        #expect(throws: InputError.self) {
            try CorpusBuilder.build(variant, into: root.file("v"), base: CorpusBuilder.Base(spec: spec, folder: root.file("no-base")))
        }
    }
}
