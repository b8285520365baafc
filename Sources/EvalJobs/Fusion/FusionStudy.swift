import EvalMetrics
import EvalNumerics
import Evaluation
import Recording
import Replay
import EvalResults

/// Runs every variant of a ``FusionStudySettings`` on every detection box of the given
/// recordings that has a depth grid with ground truth, and collects the raw rows.
public enum FusionStudy {
    /// The study over `recordings` (name, recording) with the replay's depth-fusion constants.
    public static func run(
        _ recordings: [(name: String, recording: Recording)], configuration: DepthFusionConfiguration,
        settings: FusionStudySettings, bootstrap: BootstrapSettings
    ) -> FusionResults {
        var boxes = FusionBoxes(), samples = FusionSampleColumns()
        var columns = settings.variants.map { VariantBoxColumns(variant: $0) }
        var sampleFits = settings.variants.map { VariantSampleColumns(variant: $0) }
        var fuser = VariantFuser()
        var resolution = ResolutionStudy(), pooledFast: [Double] = [], pooledFull: [Double] = []
        for (index, entry) in recordings.enumerated() {
            let recording = entry.recording
            var frames: [Int64: Frame] = [:]
            for frame in recording.frames { frames[frame.index] = frame }
            var detections: [Int64: Detection] = [:]
            for detection in recording.detections { detections[detection.id] = detection }
            let objectOf = RecordingGroundTruth(recording).objectOfDetection
            var fastPassOf: [Int64: [Float]] = [:]
            for pass in recording.depthNetworkPasses where pass.variant == "fast" { fastPassOf[pass.detection] = pass.relativeInverseDepth }
            for grid in recording.depthGrids {
                guard let truthDepths = grid.groundTruthDepth, let detection = detections[grid.detection],
                      let frame = frames[detection.frame], let truth = boxTruth(grid, truthDepths) else { continue }
                let box = Int64(boxes.detection.count)
                boxes.recording.append(Int64(index))
                boxes.detection.append(detection.id)
                boxes.frame.append(frame.index)
                boxes.truth.append(truth)
                boxes.object.append(objectOf[detection.id] ?? -1)
                let sampleRows = appendSamples(grid, truthDepths, box: box, to: &samples)
                for (v, variant) in settings.variants.enumerated() {
                    let result = fuser.fuse(grid, variant: variant, configuration: configuration, settings: settings.settings)
                    let fused = fusedSamples(grid, rows: sampleRows, result: result, fuser: fuser, into: &sampleFits[v])
                    let absRel = meanAbsRel(fused, Array(samples.truth.suffix(sampleRows.count)))
                    append(result, truth: truth, sampleAbsRel: absRel, detection: detection, frame: frame, to: &columns[v])
                }
                if let fast = fastPassOf[grid.detection], fast.count == grid.relativeInverseDepth.count {
                    compareResolutions(grid, fast: fast, box: box, settings: settings, configuration: configuration, fuser: &fuser,
                                       into: &resolution, pooledFast: &pooledFast, pooledFull: &pooledFull)
                }
            }
        }
        resolution.pooled = pooledFast.count >= 2 ? ResolutionAgreement(low: pooledFast, high: pooledFull) : nil
        var results = FusionResults(
            recordingNames: recordings.map(\.name), settings: settings, boxes: boxes, variants: columns, samples: samples,
            sampleFits: sampleFits, summaries: [], comparisons: [], resolution: resolution)
        results.summaries = FusionSummaries.summaries(results)
        results.comparisons = FusionSummaries.comparisons(results, bootstrap: bootstrap)
        return results
    }

    /// One box's fast pass against its full one: agreement over the samples where both are
    /// finite, and the baseline's box depth from each pass.
    public static func compareResolutions(
        _ grid: DepthGrid, fast: [Float], box: Int64, settings: FusionStudySettings, configuration: DepthFusionConfiguration,
        fuser: inout VariantFuser, into study: inout ResolutionStudy, pooledFast: inout [Double], pooledFull: inout [Double]
    ) {
        let both = grid.relativeInverseDepth.indices.filter { grid.relativeInverseDepth[$0].isFinite && fast[$0].isFinite }
        guard both.count >= 2 else { return }
        let low = both.map { Double(fast[$0]) }, high = both.map { Double(grid.relativeInverseDepth[$0]) }
        let agreement = ResolutionAgreement(low: low, high: high)
        pooledFast += low
        pooledFull += high
        var fastGrid = grid
        fastGrid.relativeInverseDepth = fast
        study.box.append(box)
        study.samples.append(Int64(agreement.count))
        study.pearsonR.append(agreement.pearsonR)
        study.meanAbsolutePercentDifference.append(agreement.meanAbsolutePercentDifference)
        study.depthFull.append(fuser.fuse(grid, variant: settings.baseline, configuration: configuration, settings: settings.settings).depth ?? .nan)
        study.depthFast.append(fuser.fuse(fastGrid, variant: settings.baseline, configuration: configuration, settings: settings.settings).depth ?? .nan)
    }

    /// The object's true depth: the median ground-truth depth of the in-mask samples.
    public static func boxTruth(_ grid: DepthGrid, _ truth: [Float]) -> Double? {
        let values = grid.inMask.indices.compactMap { k -> Double? in
            let g = Double(truth[k])
            return grid.inMask[k] != 0 && g.isFinite && g > 0 ? g : nil
        }
        return values.isEmpty ? nil : Quantile.median(values)
    }

    /// Appends the grid's samples with finite d and true depth; returns their grid indices.
    public static func appendSamples(_ grid: DepthGrid, _ truth: [Float], box: Int64, to samples: inout FusionSampleColumns) -> [Int] {
        var rows: [Int] = []
        for k in truth.indices {
            let g = Double(truth[k]), d = Double(grid.relativeInverseDepth[k])
            guard g.isFinite, g > 0, d.isFinite else { continue }
            let r = k / grid.columns, c = k % grid.columns
            let lidar = Double(grid.lidarDepth[k])
            rows.append(k)
            samples.box.append(box)
            samples.edgeDistance.append(Int64(min(r, c, grid.rows - 1 - r, grid.columns - 1 - c)))
            samples.inMask.append(Int64(grid.inMask[k]))
            samples.confidence.append(lidar.isFinite ? Int64(grid.lidarConfidence[k]) : -1)
            samples.lidar.append(lidar.isFinite ? lidar : .nan)
            samples.truth.append(g)
        }
        return rows
    }

    /// Appends ẑ and the kept flag of each sample row; returns the fused depths.
    public static func fusedSamples(
        _ grid: DepthGrid, rows: [Int], result: VariantFusionResult, fuser: VariantFuser, into columns: inout VariantSampleColumns
    ) -> [Double] {
        var kept = Set<Int>()
        let fitted = fuser.samples, flags = fuser.kept
        for k in 0..<fitted.count where flags[k] { kept.insert(fitted.gridIndex[k]) }
        if result.model == nil { kept.removeAll() }
        let fused = rows.map { k -> Double in
            guard let model = result.model else { return .nan }
            if case .lidar = model { return kept.contains(k) ? Double(grid.lidarDepth[k]) : .nan }
            return model.depth(d: Double(grid.relativeInverseDepth[k]), lidar: Double(grid.lidarDepth[k]))
        }
        columns.fused += fused
        columns.kept += rows.map { kept.contains($0) ? 1 : 0 }
        return fused
    }

    /// Appends one box's outcome for one variant.
    public static func append(
        _ result: VariantFusionResult, truth: Double, sampleAbsRel: Double, detection: Detection, frame: Frame,
        to c: inout VariantBoxColumns
    ) {
        let depth = result.depth ?? .nan
        let pixel = result.maskCentroid ?? detection.box.centre
        let (s, t) = result.model?.coefficients ?? (.nan, .nan)
        c.depth.append(depth)
        c.error.append(depth - truth)
        c.anchorError.append(result.depth.map {
            let a = CameraGeometry.unproject(pixel: pixel, depth: $0, frame: frame)
            let b = CameraGeometry.unproject(pixel: pixel, depth: truth, frame: frame)
            return ((a - b) * (a - b)).sum().squareRoot()
        } ?? .nan)
        c.fallback.append(result.fallback?.rawValue ?? "")
        c.pairs.append(Int64(result.pairs))
        c.inliers.append(Int64(result.inliers))
        c.condition.append(result.conditionNumber)
        c.iterations.append(Int64(result.iterations))
        c.scale.append(s)
        c.shift.append(t)
        c.sampleAbsRel.append(sampleAbsRel)
    }

    /// AbsRel of the finite, positive fused depths against truth; NaN when there are none.
    public static func meanAbsRel(_ fused: [Double], _ truth: [Double]) -> Double {
        let pairs = zip(fused, truth).filter { $0.0.isFinite && $0.0 > 0 }
        return pairs.isEmpty ? .nan : DepthMetrics(prediction: pairs.map(\.0), truth: pairs.map(\.1)).absRel
    }
}
