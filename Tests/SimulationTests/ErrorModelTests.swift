import Foundation
import EvalNumerics
import Testing
import TestSupport
@testable import Simulation

/// The repository root of this checkout.
private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The reference data folder (`SPATIAL_EVAL_REFERENCE_DATA`, else shared/data/reference beside the checkout).
private let referenceData: String = ProcessInfo.processInfo.environment["SPATIAL_EVAL_REFERENCE_DATA"]
    ?? repository.deletingLastPathComponent().appendingPathComponent("shared/data/reference").path

/// A Python with numpy for derive.py: the pinned `.venv-error-models`, else the reference Python.
private let derivePython: String? = {
    let pinned = repository.appendingPathComponent(".venv-error-models/bin/python").path
    return FileManager.default.isExecutableFile(atPath: pinned) ? pinned : ReferencePython.path
}()

private let canDerive = derivePython != nil && FileManager.default.fileExists(atPath: referenceData + "/evo_testdata")

/// The replayed error models (Data/error-models/SOURCES.md, spec.md#sim-drift).
@Suite struct ErrorModelTests {
    @Test func poseErrorStartsAtZeroAndReplaysRealIncrementsInBlocks() throws {
        var random = SplitMix64(seed: 4)
        let model = DriftModel()
        let track = PoseErrorTrack(distance: 30, model: model, random: &random)
        #expect(track.position.count >= Int(30 / track.step) + 1)
        #expect(track.position[0] == .zero && track.rotation[0] == .zero)
        // The first block is a contiguous run of one measured sequence's increments.
        let blockSteps = Int((model.blockMetres / track.step).rounded())
        let first = (1...blockSteps).map { track.position[$0] - track.position[$0 - 1] }
        let matches = PoseErrorTrack.sequences.contains { sequence in
            sequence.steps.indices.contains { start in
                start + blockSteps <= sequence.steps.count
                    && zip(first, sequence.steps[start..<(start + blockSteps)]).allSatisfy { length($0 - $1.0) < 1e-12 }
            }
        }
        #expect(matches, "the first block is not a run of measured increments")
        var scaled = model
        scaled.errorScale = 0
        var again = SplitMix64(seed: 4)
        #expect(PoseErrorTrack(distance: 30, model: scaled, random: &again).position.allSatisfy { $0 == .zero })
    }

    /// The error grows with distance about as the measured residuals do per block
    /// (`pose-residuals.json`: about 1–2 cm RMS over 0.5–4 m of travel).
    @Test func poseErrorGrowsWithDistance() {
        var early: [Double] = [], late: [Double] = []
        for seed in 0..<200 {
            var random = SplitMix64(seed: UInt64(seed))
            let track = PoseErrorTrack(distance: 40, model: DriftModel(), random: &random)
            early.append(length(track.error(at: 1).position))
            late.append(length(track.error(at: 40).position))
        }
        let rms = { (v: [Double]) in (v.map { $0 * $0 }.reduce(0, +) / Double(v.count)).squareRoot() }
        #expect(rms(early) > 0.002 && rms(early) < 0.05, "after 1 m: \(rms(early)) m")
        #expect(rms(late) > rms(early) * 2 && rms(late) < 0.5, "after 40 m: \(rms(late)) m")
    }

    @Test func silhouetteMixingFollowsTheMeasuredHistogram() {
        var random = SplitMix64(seed: 1)
        let draws = (0..<20_000).map { _ in EdgeMixing.measured.draw(&random) }
        #expect(draws.allSatisfy { (0...1).contains($0) })
        let mixed = Double(draws.count { $0 > 0.1 && $0 < 0.9 }) / Double(draws.count)
        #expect(abs(mixed - 0.54) < 0.02, "lidar-edges.json: 54 % of silhouette pixels mixed, drew \(mixed)")
    }

    /// Data/error-models and the generated table regenerate byte for byte from the reference data.
    @Test(.enabled(if: canDerive, "needs the reference data and a Python with numpy"))
    func derivedFilesRegenerateByteIdentically() throws {
        let directory = try TemporaryDirectory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: derivePython!)
        process.arguments = [repository.appendingPathComponent("Data/error-models/derive.py").path, referenceData,
                             directory.path, directory.file("ErrorModelTables.swift")]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        for name in ["pose-residuals.json", "depth-residuals.json", "lidar-edges.json", "silhouettes.json", "background-jumps.json",
                     "lidar-confidence.json", "low-light-pose.json", "vio-drift.json"] {
            let committed = try Data(contentsOf: repository.appendingPathComponent("Data/error-models/\(name)"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: directory.file(name))) == committed, "\(name) is stale: run Data/error-models/derive.sh")
        }
        let table = try Data(contentsOf: repository.appendingPathComponent("Sources/Simulation/ErrorModelTables.swift"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.file("ErrorModelTables.swift"))) == table)
    }
}

/// Twin separations and move distances are drawn, spanning every threshold under test
/// (spec.md#sim-layout).
@Suite struct LayoutTests {
    func distance(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { length(a - b) }

    @Test func drawnSeparationsAndMovesSpanTheThresholds() throws {
        var twinSeparations: [Double] = [], moves: [Double] = []
        for seed in UInt64(1)...40 {
            let walkaway = Scenario.walkawayReapproach.scene(seed: seed)
            let bottles = walkaway.objects.filter { $0.twinGroup == 1 }.compactMap { $0.position(at: 0) }
            twinSeparations.append(distance(bottles[0], bottles[1]))
            let cup = try #require(walkaway.objects.first { $0.id == 6 })
            moves.append(distance(cup.placements[0].position, cup.placements[1].position))
            let twins = Scenario.twinsMoved.scene(seed: seed)
            let b = try #require(twins.objects.first { $0.id == 2 })
            moves.append(distance(b.placements[0].position, b.placements[1].position))
        }
        for values in [twinSeparations, moves] {
            #expect(values.allSatisfy { $0 >= 0.1 - 1e-9 && $0 <= 3 + 1e-9 })
            for threshold in [0.35, 0.75, 1.0] {
                #expect(values.contains { $0 < threshold } && values.contains { $0 > threshold }, "no draw on both sides of \(threshold) m")
            }
        }
        #expect(Set(twinSeparations.map { ($0 * 1000).rounded() }).count > 30, "separations are drawn, not fixed")
    }

    @Test func placementsStandOnASurfaceInsideTheRoom() {
        for seed in UInt64(1)...20 {
            let scene = Scenario.walkawayReapproach.scene(seed: seed)
            let room = scene.rooms[0]
            for object in scene.objects where object.kind != .person {
                for placement in object.placements {
                    let p = placement.position
                    #expect(room.interior.contains(p), "object \(object.id) outside the room")
                    let bottom = p.y - object.kind.extent.y / 2
                    let onFurniture = room.furniture.contains { abs($0.box.maximum.y - bottom) < 1e-9 }
                    #expect(abs(bottom) < 1e-9 || onFurniture, "object \(object.id) floats at \(bottom) m")
                }
            }
        }
    }
}
