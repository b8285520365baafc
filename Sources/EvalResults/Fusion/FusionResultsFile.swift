import Recording
import Foundation
import EvalMetrics
import Replay
import ResultStore

/// Writes and reads the `/fusion` group of `results.h5` (layout `fusion/1`,
/// Docs/depth-fusion-variants.md): the tables that ``ResultsSchema/fusion`` declares, driven
/// by the column lists of ``FusionColumns``.
public enum FusionResultsFile {
    /// The layout tag of the group.
    public static let layout = "fusion/1"

    /// Writes `results` into `group` (the `/fusion` group being written, declared by the schema).
    public static func write(_ results: FusionResults, into group: SchemaGroup) throws {
        try group.setAttribute("layout", layout)
        try group.setAttribute("settings", try JSONText.string(results.settings, .compact))
        try group.setAttribute("recordings", try JSONText.string(results.recordingNames, .compact))
        try FusionColumns.boxes.write(results.boxes, into: group.createGroup("boxes"))
        let variants = try group.createGroup("variants")
        for v in results.variants {
            try FusionColumns.variantBoxes.write(v, into: variants.createGroup(v.variant.rawValue))
        }
        let samples = try group.createGroup("samples")
        try FusionColumns.samples.write(results.samples, into: samples)
        for s in results.sampleFits { try FusionColumns.sampleFits.write(s, into: samples.createGroup(s.variant.rawValue)) }
        try writeSummaries(results.summaries, into: group.createGroup("summary"))
        try writeComparisons(results.comparisons, into: group.createGroup("comparisons"))
        let resolution = try group.createGroup("resolution")
        try FusionColumns.resolution.write(results.resolution, into: resolution)
        if let pooled = results.resolution.pooled {
            try resolution.setAttribute("pooled_samples", Int64(pooled.count))
            try resolution.setAttribute("pooled_pearson_r", pooled.pearsonR)
            try resolution.setAttribute("pooled_mean_abs_percent_difference", pooled.meanAbsolutePercentDifference)
        }
    }

    /// The `/fusion` group of an open results file, when it has one, checked against
    /// ``ResultsSchema/fusion`` and read.
    public static func readIfPresent(_ root: ResultGroup) throws -> FusionResults? {
        guard root.contains("fusion") else { return nil }
        return try read(SchemaGroup(root.openGroup("fusion"), layout: ResultsSchema.fusion))
    }

    /// Reads a group written by ``write(_:into:)``.
    public static func read(_ group: SchemaGroup) throws -> FusionResults {
        let settings = try JSONDecoder().decode(FusionStudySettings.self, from: Data(try group.attributeString("settings").utf8))
        let names = try JSONDecoder().decode([String].self, from: Data(try group.attributeString("recordings").utf8))
        let variantsGroup = try group.openGroup("variants"), samplesGroup = try group.openGroup("samples")
        var variants: [VariantBoxColumns] = [], fits: [VariantSampleColumns] = []
        for variant in settings.variants {
            let g = try variantsGroup.openGroup(variant.rawValue)
            variants.append(try FusionColumns.variantBoxes.read(VariantBoxColumns(variant: variant), from: g))
            fits.append(try FusionColumns.sampleFits.read(VariantSampleColumns(variant: variant), from: samplesGroup.openGroup(variant.rawValue)))
        }
        let boxes = try FusionColumns.boxes.read(FusionBoxes(), from: group.openGroup("boxes"))
        let samples = try FusionColumns.samples.read(FusionSampleColumns(), from: samplesGroup)
        // Indices into other lists are checked when read, not when used (spec.md#limits-results-files).
        let file = group.group.file.path, where_ = group.group.objectPath
        if let k = boxes.recording.firstIndex(where: { !(0..<Int64(names.count)).contains($0) }) {
            throw ResultsLayoutError(file: file, object: where_ + "/boxes/recording",
                                     message: "row \(k): recording index \(boxes.recording[k]) is past the \(names.count) recordings")
        }
        if let k = samples.box.firstIndex(where: { !(0..<Int64(boxes.detection.count)).contains($0) }) {
            throw ResultsLayoutError(file: file, object: where_ + "/samples/box",
                                     message: "row \(k): box index \(samples.box[k]) is past the \(boxes.detection.count) boxes")
        }
        return FusionResults(
            recordingNames: names, settings: settings, boxes: boxes,
            variants: variants, samples: samples, sampleFits: fits,
            summaries: try readSummaries(group.openGroup("summary")), comparisons: try readComparisons(group.openGroup("comparisons")),
            resolution: try readResolution(group.openGroup("resolution")))
    }

    private static func readResolution(_ g: SchemaGroup) throws -> ResolutionStudy {
        var study = try FusionColumns.resolution.read(ResolutionStudy(), from: g)
        if try g.hasAttribute("pooled_samples") {
            study.pooled = ResolutionAgreement(
                count: Int(try g.attributeInt64("pooled_samples")), pearsonR: try g.attributeDouble("pooled_pearson_r"),
                meanAbsolutePercentDifference: try g.attributeDouble("pooled_mean_abs_percent_difference"))
        }
        return study
    }

    private static func writeSummaries(_ rows: [VariantSummary], into g: SchemaGroup) throws {
        try g.write(rows.map(\.variant.rawValue), to: "variant")
        try g.write(rows.map { Int64($0.boxes) }, to: "boxes")
        try g.write(rows.map { Int64($0.guardTriggers) }, to: "guard_triggers")
        for (name, path) in FusionColumns.summaryDoubles { try g.write(rows.map { $0[keyPath: path] }, to: name) }
        for (index, name) in FusionColumns.inMaskMetrics.enumerated() {
            try g.write(rows.map { $0.pooledInMask?.named[index].value ?? .nan }, to: name)
        }
        try g.write(rows.map { Int64($0.pooledInMask?.count ?? 0) }, to: "in_mask_samples")
    }

    private static func readSummaries(_ g: SchemaGroup) throws -> [VariantSummary] {
        let variants = try g.strings("variant"), boxes = try g.int64s("boxes")
        let guards = try g.int64s("guard_triggers"), counts = try g.int64s("in_mask_samples")
        var rows = try variants.indices.map { k -> VariantSummary in
            guard let variant = DepthFusionVariant(rawValue: variants[k]) else { throw unknownVariant(variants[k], in: g, row: k) }
            return VariantSummary(variant: variant, boxes: Int(boxes[k]), fallbackRate: 0, guardTriggers: Int(guards[k]), keptFraction: 0,
                                  medianAbsoluteBoxError: 0, p90AbsoluteBoxError: 0, medianAnchorError: 0, pooledInMask: nil)
        }
        for (name, path) in FusionColumns.summaryDoubles {
            let values = try g.doubles(name)
            for k in rows.indices { rows[k][keyPath: path] = values[k] }
        }
        let metricColumns = try FusionColumns.inMaskMetrics.map { try g.doubles($0) }
        for k in rows.indices where counts[k] > 0 {
            rows[k].pooledInMask = DepthMetrics(count: Int(counts[k]), values: metricColumns.map { $0[k] })
        }
        return rows
    }

    private static func writeComparisons(_ rows: [VariantComparison], into g: SchemaGroup) throws {
        try g.write(rows.map(\.variant.rawValue), to: "variant")
        try g.write(rows.map(\.baseline.rawValue), to: "baseline")
        try g.write(rows.map(\.metric), to: "metric")
        try g.write(rows.map(\.method), to: "method")
        try g.write(rows.map(\.verdict), to: "verdict")
        try g.write(rows.map { Int64($0.count) }, to: "n")
        for (name, path) in FusionColumns.comparisonDoubles { try g.write(rows.map { $0[keyPath: path] }, to: name) }
    }

    private static func readComparisons(_ g: SchemaGroup) throws -> [VariantComparison] {
        let variants = try g.strings("variant"), baselines = try g.strings("baseline"), metrics = try g.strings("metric")
        let methods = try g.strings("method"), verdicts = try g.strings("verdict"), counts = try g.int64s("n")
        let blank = IntervalEstimate(estimate: 0, lower: 0, upper: 0)
        var rows = try variants.indices.map { k -> VariantComparison in
            guard let variant = DepthFusionVariant(rawValue: variants[k]), let baseline = DepthFusionVariant(rawValue: baselines[k]) else {
                throw unknownVariant(DepthFusionVariant(rawValue: variants[k]) == nil ? variants[k] : baselines[k], in: g, row: k)
            }
            return VariantComparison(variant: variant, baseline: baseline, metric: metrics[k], count: Int(counts[k]), median: blank,
                                     mean: blank, pValue: 0, method: methods[k], verdict: verdicts[k])
        }
        for (name, path) in FusionColumns.comparisonDoubles {
            let values = try g.doubles(name)
            for k in rows.indices { rows[k][keyPath: path] = values[k] }
        }
        return rows
    }

    private static func unknownVariant(_ name: String, in g: SchemaGroup, row: Int) -> ResultsLayoutError {
        ResultsLayoutError(file: g.group.file.path, object: g.group.objectPath, message: "row \(row): unknown variant '\(name)'")
    }
}

extension FusionResultsFile {
    /// The `/fusion` results of `path`, as an ``InputError`` when missing or unreadable.
    public static func load(_ path: String) throws -> FusionResults {
        guard FileManager.default.fileExists(atPath: path) else { throw InputError(file: path, message: "does not exist") }
        try ForeignResultsFile.check(path)
        let fusion: FusionResults?
        do {
            fusion = try FusionResultsFile.readIfPresent(try ResultFile.open(atPath: path).root)
        } catch {
            throw InputError(file: path, message: "cannot be read as results: \(error)")
        }
        guard let fusion else { throw InputError(file: path, message: "has no /fusion group (run a protocol with a \"fusion\" section)") }
        return fusion
    }
}
