import Foundation
import EvalMetrics
import Replay
import ResultStore

/// Writes and reads the `/fusion` group of `results.h5` (Docs/depth-fusion-variants.md):
///
/// - attributes `layout` (`fusion/1`), `settings` (JSON), `recordings` (JSON list of names);
/// - `boxes/` `recording`, `detection`, `frame`, `object` (−1 none), `truth_m`;
/// - `variants/<variant>/` one row per box: `depth_m`, `error_m`, `anchor_error_m`,
///   `sample_abs_rel`, `condition`, `scale`, `shift`, `pairs`, `inliers`, `iterations`, `fallback`;
/// - `samples/` one row per grid sample: `box`, `edge_distance`, `in_mask`, `confidence`,
///   `lidar_m`, `truth_m`; `samples/<variant>/` `fused_m`, `kept`;
/// - `summary/` one row per variant; `comparisons/` one row per (variant, metric);
/// - `resolution/` one row per box with a fast network pass: `box`, `samples`, `pearson_r`,
///   `mean_abs_percent_difference`, `depth_full_m`, `depth_fast_m`; attributes
///   `pooled_samples`, `pooled_pearson_r`, `pooled_mean_abs_percent_difference` when any.
public enum FusionResultsFile {
    /// The layout tag of the group.
    public static let layout = "fusion/1"

    /// Writes `results` into `group`.
    public static func write(_ results: FusionResults, into group: ResultGroup) throws {
        try group.setAttribute("layout", layout)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try group.setAttribute("settings", String(decoding: try encoder.encode(results.settings), as: UTF8.self))
        try group.setAttribute("recordings", String(decoding: try encoder.encode(results.recordingNames), as: UTF8.self))
        try Columns.write(results.boxes, Columns.boxes, into: group.createGroup("boxes"))
        let variants = try group.createGroup("variants")
        for v in results.variants {
            let g = try variants.createGroup(v.variant.rawValue)
            try Columns.write(v, Columns.variantBoxes, into: g)
            try g.write(v.fallback, to: "fallback")
        }
        let samples = try group.createGroup("samples")
        try Columns.write(results.samples, Columns.samples, into: samples)
        for s in results.sampleFits { try Columns.write(s, Columns.sampleFits, into: samples.createGroup(s.variant.rawValue)) }
        try writeSummaries(results.summaries, into: group.createGroup("summary"))
        try writeComparisons(results.comparisons, into: group.createGroup("comparisons"))
        let resolution = try group.createGroup("resolution")
        try Columns.write(results.resolution, Columns.resolution, into: resolution)
        if let pooled = results.resolution.pooled {
            try resolution.setAttribute("pooled_samples", Int64(pooled.count))
            try resolution.setAttribute("pooled_pearson_r", pooled.pearsonR)
            try resolution.setAttribute("pooled_mean_abs_percent_difference", pooled.meanAbsolutePercentDifference)
        }
    }

    /// The `/fusion` group of an open results file, when it has one.
    public static func readIfPresent(_ root: ResultGroup) throws -> FusionResults? {
        guard root.contains("fusion") else { return nil }
        return try read(root.openGroup("fusion"))
    }

    /// Reads a group written by ``write(_:into:)``.
    public static func read(_ group: ResultGroup) throws -> FusionResults {
        guard (try? group.attributeString("layout")) == layout else { throw ResultsLayoutError(message: "/fusion is not layout \(layout)") }
        let settings = try JSONDecoder().decode(FusionStudySettings.self, from: Data(try group.attributeString("settings").utf8))
        let names = try JSONDecoder().decode([String].self, from: Data(try group.attributeString("recordings").utf8))
        let variantsGroup = try group.openGroup("variants"), samplesGroup = try group.openGroup("samples")
        var variants: [VariantBoxColumns] = [], fits: [VariantSampleColumns] = []
        for variant in settings.variants {
            let g = try variantsGroup.openGroup(variant.rawValue)
            var columns = try Columns.read(VariantBoxColumns(variant: variant), Columns.variantBoxes, from: g)
            columns.fallback = try g.readStrings("fallback")
            variants.append(columns)
            fits.append(try Columns.read(VariantSampleColumns(variant: variant), Columns.sampleFits, from: samplesGroup.openGroup(variant.rawValue)))
        }
        return FusionResults(
            recordingNames: names, settings: settings, boxes: try Columns.read(FusionBoxes(), Columns.boxes, from: group.openGroup("boxes")),
            variants: variants, samples: try Columns.read(FusionSampleColumns(), Columns.samples, from: samplesGroup), sampleFits: fits,
            summaries: try readSummaries(group.openGroup("summary")), comparisons: try readComparisons(group.openGroup("comparisons")),
            resolution: try readResolution(group.openGroup("resolution")))
    }

    private static func readResolution(_ g: ResultGroup) throws -> ResolutionStudy {
        var study = try Columns.read(ResolutionStudy(), Columns.resolution, from: g)
        if let count = try? g.attributeInt64("pooled_samples") {
            study.pooled = ResolutionAgreement(
                count: Int(count), pearsonR: try g.attributeDouble("pooled_pearson_r"),
                meanAbsolutePercentDifference: try g.attributeDouble("pooled_mean_abs_percent_difference"))
        }
        return study
    }

    private static func writeSummaries(_ rows: [VariantSummary], into g: ResultGroup) throws {
        try g.write(rows.map(\.variant.rawValue), to: "variant")
        try g.write(rows.map { Int64($0.boxes) }, to: "boxes")
        try g.write(rows.map { Int64($0.guardTriggers) }, to: "guard_triggers")
        for (name, path) in summaryDoubles { try g.write(rows.map { $0[keyPath: path] }, to: name) }
        for (index, name) in DepthMetrics.names.enumerated() {
            try g.write(rows.map { $0.pooledInMask?.named[index].value ?? .nan }, to: "in_mask_" + name)
        }
        try g.write(rows.map { Int64($0.pooledInMask?.count ?? 0) }, to: "in_mask_samples")
    }

    private static func readSummaries(_ g: ResultGroup) throws -> [VariantSummary] {
        let variants = try g.readStrings("variant"), boxes = try g.readInt64s("boxes").values
        let guards = try g.readInt64s("guard_triggers").values, counts = try g.readInt64s("in_mask_samples").values
        var rows = try variants.indices.map { k -> VariantSummary in
            guard let variant = DepthFusionVariant(rawValue: variants[k]) else { throw ResultsLayoutError(message: "unknown variant \(variants[k])") }
            return VariantSummary(variant: variant, boxes: Int(boxes[k]), fallbackRate: 0, guardTriggers: Int(guards[k]), keptFraction: 0,
                                  medianAbsoluteBoxError: 0, p90AbsoluteBoxError: 0, medianAnchorError: 0, pooledInMask: nil)
        }
        for (name, path) in summaryDoubles {
            let values = try g.readDoubles(name).values
            for k in rows.indices { rows[k][keyPath: path] = values[k] }
        }
        let metricColumns = try DepthMetrics.names.map { try g.readDoubles("in_mask_" + $0).values }
        for k in rows.indices where counts[k] > 0 {
            rows[k].pooledInMask = DepthMetrics(count: Int(counts[k]), values: metricColumns.map { $0[k] })
        }
        return rows
    }

    private static var summaryDoubles: [(String, WritableKeyPath<VariantSummary, Double>)] { [
        ("fallback_rate", \.fallbackRate), ("kept_fraction", \.keptFraction), ("median_abs_box_error_m", \.medianAbsoluteBoxError),
        ("p90_abs_box_error_m", \.p90AbsoluteBoxError), ("median_anchor_error_m", \.medianAnchorError),
    ] }

    private static func writeComparisons(_ rows: [VariantComparison], into g: ResultGroup) throws {
        try g.write(rows.map(\.variant.rawValue), to: "variant")
        try g.write(rows.map(\.baseline.rawValue), to: "baseline")
        try g.write(rows.map(\.metric), to: "metric")
        try g.write(rows.map(\.method), to: "method")
        try g.write(rows.map(\.verdict), to: "verdict")
        try g.write(rows.map { Int64($0.count) }, to: "n")
        for (name, path) in comparisonDoubles { try g.write(rows.map { $0[keyPath: path] }, to: name) }
    }

    private static func readComparisons(_ g: ResultGroup) throws -> [VariantComparison] {
        let variants = try g.readStrings("variant"), baselines = try g.readStrings("baseline"), metrics = try g.readStrings("metric")
        let methods = try g.readStrings("method"), verdicts = try g.readStrings("verdict"), counts = try g.readInt64s("n").values
        let blank = IntervalEstimate(estimate: 0, lower: 0, upper: 0)
        var rows = try variants.indices.map { k -> VariantComparison in
            guard let variant = DepthFusionVariant(rawValue: variants[k]), let baseline = DepthFusionVariant(rawValue: baselines[k]) else {
                throw ResultsLayoutError(message: "unknown variant in /fusion/comparisons row \(k)")
            }
            return VariantComparison(variant: variant, baseline: baseline, metric: metrics[k], count: Int(counts[k]), median: blank,
                                     mean: blank, pValue: 0, method: methods[k], verdict: verdicts[k])
        }
        for (name, path) in comparisonDoubles {
            let values = try g.readDoubles(name).values
            for k in rows.indices { rows[k][keyPath: path] = values[k] }
        }
        return rows
    }

    private static var comparisonDoubles: [(String, WritableKeyPath<VariantComparison, Double>)] { [
        ("median", \.median.estimate), ("median_lower", \.median.lower), ("median_upper", \.median.upper),
        ("mean", \.mean.estimate), ("mean_lower", \.mean.lower), ("mean_upper", \.mean.upper), ("p_value", \.pValue),
    ] }
}

/// Column lists of the struct-of-arrays types stored under `/fusion`.
enum Columns {
    typealias List<T> = (doubles: [(String, WritableKeyPath<T, [Double]>)], integers: [(String, WritableKeyPath<T, [Int64]>)])

    static var boxes: List<FusionBoxes> {
        ([("truth_m", \.truth)], [("recording", \.recording), ("detection", \.detection), ("frame", \.frame), ("object", \.object)])
    }
    static var variantBoxes: List<VariantBoxColumns> { (
        [("depth_m", \.depth), ("error_m", \.error), ("anchor_error_m", \.anchorError), ("sample_abs_rel", \.sampleAbsRel),
         ("condition", \.condition), ("scale", \.scale), ("shift", \.shift)],
        [("pairs", \.pairs), ("inliers", \.inliers), ("iterations", \.iterations)]) }
    static var samples: List<FusionSampleColumns> { (
        [("lidar_m", \.lidar), ("truth_m", \.truth)],
        [("box", \.box), ("edge_distance", \.edgeDistance), ("in_mask", \.inMask), ("confidence", \.confidence)]) }
    static var sampleFits: List<VariantSampleColumns> { ([("fused_m", \.fused)], [("kept", \.kept)]) }
    static var resolution: List<ResolutionStudy> { (
        [("pearson_r", \.pearsonR), ("mean_abs_percent_difference", \.meanAbsolutePercentDifference),
         ("depth_full_m", \.depthFull), ("depth_fast_m", \.depthFast)],
        [("box", \.box), ("samples", \.samples)]) }

    static func write<T>(_ value: T, _ list: List<T>, into group: ResultGroup) throws {
        for (name, path) in list.doubles { try group.write(value[keyPath: path], to: name) }
        for (name, path) in list.integers { try group.write(value[keyPath: path], to: name) }
    }

    static func read<T>(_ blank: T, _ list: List<T>, from group: ResultGroup) throws -> T {
        var value = blank
        for (name, path) in list.doubles { value[keyPath: path] = try group.readDoubles(name).values }
        for (name, path) in list.integers { value[keyPath: path] = try group.readInt64s(name).values }
        return value
    }
}
