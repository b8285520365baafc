import EvalNumerics
import Recording
import Testing
@testable import Simulation

/// Silhouettes from real masks, backgrounds from real depth and the mask error tied to a
/// published figure (spec.md#sim-segmentation, Data/error-models/SOURCES.md).
@Suite struct SilhouetteTests {
    @Test func templatesAreDerivedPerLabelWithAPooledSetForTheRest() throws {
        let templates = SilhouetteTemplates.measured
        for label in ["bottle", "cup", "chair", "person", "bowl"] {
            #expect((templates.byLabel[label]?.count ?? 0) >= 5, "\(label) has its own templates")
        }
        #expect(templates.pooled.count > 500)
        #expect(templates.templates(for: .keyboard) == templates.pooled, "COCO's sample has no keyboard: pooled")
        #expect(templates.templates(for: .mug) == templates.byLabel["cup"], "a mug is a COCO cup")
        for silhouette in templates.byLabel.values.flatMap({ $0 }) + templates.pooled {
            #expect(silhouette.side == ErrorModelTables.silhouetteGrid)
        }
        // Real objects do not fill their box (silhouettes.json: pooled area / box 0.55 on average).
        let mean = { (set: [Silhouette]) in set.map(\.fill).reduce(0, +) / Double(set.count) }
        #expect(mean(templates.pooled) > 0.45 && mean(templates.pooled) < 0.65, "pooled fill \(mean(templates.pooled))")
        let cups = try #require(templates.byLabel["cup"])
        #expect(mean(cups) > mean(templates.pooled), "a cup fills more of its box than the average COCO object")
        #expect(templates.pooled.contains { !$0.covers(row: 0, column: 0, size: 16) }, "background shows in box corners")
    }

    @Test func silhouetteCellsMapOntoAnyGridSize() {
        let left = Silhouette(rows: Array(repeating: 0x00FF, count: 16))  // the left half
        #expect(left.fill == 0.5)
        #expect(left.covers(row: 3, column: 0, size: 4) && left.covers(row: 3, column: 1, size: 4))
        #expect(!left.covers(row: 3, column: 2, size: 4) && !left.covers(row: 0, column: 3, size: 4))
        #expect(left.covers(row: 31, column: 15, size: 32) && !left.covers(row: 31, column: 16, size: 32))
    }

    @Test func backgroundJumpsFollowTheMeasuredDistribution() {
        var random = SplitMix64(seed: 3)
        let jumps = (0..<20_000).map { _ in BinnedDistribution.backgroundJump.draw(&random) }.sorted()
        #expect(jumps.allSatisfy { (0.1...3.0).contains($0) })
        // background-jumps.json: weighted median 0.225 m, p90 0.725 m.
        let median = jumps[jumps.count / 2], p90 = jumps[jumps.count * 9 / 10]
        #expect(abs(median - 0.225) < 0.04, "median jump \(median)")
        #expect(abs(p90 - 0.725) < 0.08, "p90 jump \(p90)")
    }

    /// A 6 × 6 true mask: a 2 × 2 subject in the middle.
    let subject: [Bool] = (0..<36).map { [14, 15, 20, 21].contains($0) }

    @Test func aLeakAddsTheNearestBackgroundCellsAtThePublishedIoU() {
        let keys = (0..<36).map { Double($0) / 36 }
        let leaked = MaskError(leak: true, fraction: 0.5).applied(to: subject, size: 6, keys: keys)
        #expect(subject.indices.allSatisfy { !subject[$0] || leaked[$0] }, "a leak keeps the subject")
        let added = subject.indices.filter { leaked[$0] && !subject[$0] }
        #expect(added.count == 4, "IoU 0.5 on 4 subject cells: 4 background cells")
        let distance = MaskError.distances(from: subject, size: 6)
        #expect(added.allSatisfy { distance[$0] == 1 }, "the leak spills over the boundary first")
        #expect(MaskError(leak: true, fraction: 0).applied(to: subject, size: 6, keys: keys) == subject)
    }

    @Test func anErosionDropsTheSubjectsBoundaryCells() {
        let keys = (0..<36).map { Double(35 - $0) / 36 }
        let full = [Bool](repeating: true, count: 36)
        let eroded = MaskError(leak: false, fraction: 0.25).applied(to: full, size: 6, keys: keys)
        let dropped = full.indices.filter { !eroded[$0] }
        #expect(dropped.count == 9)
        #expect(dropped.allSatisfy { [0, 5].contains($0 / 6) || [0, 5].contains($0 % 6) }, "erosion starts at the box edge")
        #expect(MaskError(leak: false, fraction: 0.25).applied(to: subject, size: 6, keys: keys).count { $0 } == 3)
    }

    @Test func maskErrorsHaveThePublishedMeanAndAreDeterministic() {
        var random = SplitMix64(seed: 9), again = SplitMix64(seed: 9)
        let model = SegmentationModel()
        let errors = (0..<20_000).map { _ in MaskError(model: model, random: &random) }
        #expect(errors == (0..<20_000).map { _ in MaskError(model: model, random: &again) })
        let mean: Double = errors.map(\.fraction).reduce(0, +) / Double(errors.count)
        #expect(abs(mean - 0.255) < 0.005, "mean 1 − IoU \(mean)")
        let leaks = Double(errors.count(where: \.leak)) / Double(errors.count)
        #expect(abs(leaks - 0.5) < 0.02)
        var off = model
        off.maskErrorScale = 0
        #expect((0..<100).allSatisfy { _ in MaskError(model: off, random: &random).fraction == 0 })
        var twice = model
        twice.maskErrorScale = 2
        let doubled = (0..<20_000).map { _ in MaskError(model: twice, random: &random).fraction }
        let doubledMean: Double = doubled.reduce(0, +) / Double(doubled.count)
        #expect(abs(doubledMean - 0.475) < 0.01, "twice the published shortfall, capped at 0.95: \(doubledMean)")
    }

    @Test func segmentationParametersAreValidatedAndOverridable() throws {
        for (key, change) in [
            ("segmentation.meanMaskIoU", { (c: inout SimulationConfiguration) in c.segmentation.meanMaskIoU = 1.5 }),
            ("segmentation.maskErrorScale", { (c: inout SimulationConfiguration) in c.segmentation.maskErrorScale = -1 }),
            ("segmentation.leakShare", { (c: inout SimulationConfiguration) in c.segmentation.leakShare = 2 }),
            ("segmentation.boundaryFlipProbability", { (c: inout SimulationConfiguration) in c.segmentation.boundaryFlipProbability = -0.1 }),
        ] {
            var configuration = SimulationConfiguration()
            change(&configuration)
            #expect(configuration.problem()?.hasPrefix(key) == true, "\(key): \(configuration.problem() ?? "no problem")")
        }
        let tail = try SimulationConfiguration().applying(["segmentation.maskErrorScale": .number(2), "segmentation.silhouettes": .flag(false)])
        #expect(tail.segmentation.maskErrorScale == 2 && !tail.segmentation.silhouettes)
    }

    /// Grids of a short walk-away session with `change` applied, with each grid's source object.
    func grids(_ change: (inout SegmentationModel) -> Void) -> [(grid: DepthGrid, box: Box3, camera: CameraSample)] {
        var configuration = SimulationConfiguration()
        change(&configuration.segmentation)
        let capture = CaptureSimulator(configuration: configuration).simulate(.walkawayReapproach, seed: 2, duration: 20)
        let index = Dictionary(uniqueKeysWithValues: capture.recording.detections.enumerated().map { ($1.id, $0) })
        return capture.recording.depthGrids.compactMap { grid in
            guard let k = index[grid.detection], let source = capture.detectionCauses[k].source else { return nil }
            let camera = capture.cameras[Int(capture.recording.detections[k].frame - 1)]
            return capture.scene.objects.first { $0.id == source }?.box(at: camera.time).map { (grid, $0, camera) }
        }
    }

    /// Whether sample `k` of `grid` lands on `box` (its ground-truth depth unprojected).
    func lands(_ k: Int, of grid: DepthGrid, on box: Box3, camera: CameraSample) -> Bool {
        let depth = Double(grid.groundTruthDepth?[k] ?? .nan)
        let point = camera.truePose.worldPoint(fromCamera: PinholeCamera.iPhonePortrait.unproject(
            u: Double(grid.u[k]), v: Double(grid.v[k]), depth: depth))
        return Box3(center: box.center, extent: box.extent + 1e-4).contains(point)
    }

    @Test func silhouettesShowTheBackgroundInsideTheBoxAndLeaksLandOnIt() throws {
        let exact = grids { $0.maskErrorScale = 0; $0.boundaryFlipProbability = 0 }
        let solid = grids { $0.maskErrorScale = 0; $0.boundaryFlipProbability = 0; $0.silhouettes = false }
        #expect(exact.count > 20 && exact.count == solid.count)
        let masked = { (set: [(grid: DepthGrid, box: Box3, camera: CameraSample)]) in
            set.map { $0.grid.inMask.count { $0 == 1 } }.reduce(0, +)
        }
        #expect(Double(masked(exact)) < 0.9 * Double(masked(solid)), "silhouettes leave background inside the boxes")
        for (grid, box, camera) in exact {
            for k in grid.inMask.indices where grid.inMask[k] == 1 {
                #expect(lands(k, of: grid, on: box, camera: camera), "an exact mask selects the subject only")
            }
        }
        // Leaks only, large: the leaked samples are background behind the subject.
        let leaky = grids { $0.maskErrorScale = 3; $0.leakShare = 1; $0.boundaryFlipProbability = 0 }
        var behind = 0, leaked = 0
        for (grid, box, camera) in leaky {
            let truth = try #require(grid.groundTruthDepth)
            let own = grid.inMask.indices.filter { grid.inMask[$0] == 1 && lands($0, of: grid, on: box, camera: camera) }
            guard let nearest = own.map({ truth[$0] }).min() else { continue }
            for k in grid.inMask.indices where grid.inMask[k] == 1 && !own.contains(k) {
                leaked += 1
                if truth[k] > nearest { behind += 1 }
            }
        }
        #expect(leaked > 100, "leaked samples: \(leaked)")
        // Most lie behind it; the rest on the furniture top it stands on, nearer than its front face.
        #expect(Double(behind) > 0.8 * Double(leaked), "\(behind) of \(leaked) leaked samples lie behind the subject")
    }
}
