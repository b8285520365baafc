import Foundation
import Recording
import ResultStore
import Warmth

/// Writes and reads the `results.h5` of `spatial-eval warmth` (layout `warmth/1`,
/// Docs/warmth.md#results): the attributes, tables and datasets that ``ResultsSchema/warmth``
/// declares. Writing goes through the schema and is checked against it before the commit;
/// the file appears under its final name only once complete.
public enum WarmthResultsFile {
    /// The layout tag written to the root.
    public static let layout = "warmth/1"

    /// Whether `path` is an HDF5 file with the warmth layout.
    public static func holdsWarmth(_ path: String) -> Bool { ResultsLayout.tag(of: path) == layout }

    /// A warmth results file read back: the protocol it ran and its results.
    public struct Contents {
        /// The protocol, decoded from the file's `protocol_text`.
        public var warmthProtocol: WarmthProtocol
        /// Everything the job computed.
        public var results: WarmthResults
    }

    /// Writes `results` of the protocol at `protocolPath` (the protocol and `trialFiles` are
    /// fingerprinted for provenance) to `path`.
    public static func write(_ results: WarmthResults, grid: WarmthGrid, protocolPath: String, trialFiles: [String], to path: String) throws {
        let text = String(decoding: try TextFile.read(protocolPath, kind: "a warmth protocol"), as: UTF8.self)
        let protocolSHA = try SHA256.fingerprint(protocolPath)
        let inputs = try [(protocolPath, protocolSHA)] + trialFiles.map { ($0, try SHA256.fingerprint($0)) }
        let file = try ResultFile.create(atPath: path)
        let root = SchemaGroup(file.root, ResultsSchema.warmth.root)
        try ResultProvenance.writeProtocol(on: root, layout: layout, toolVersion: ToolInfo.version, name: results.protocolName,
                                           path: protocolPath, text: text, sha256: protocolSHA, inputs: inputs.map { (path: $0.0, sha256: $0.1) })
        try root.setAttribute("simulated", Int64(results.simulated ? 1 : 0))
        for (name, value) in [("trials", results.trials), ("sessions", results.sessions), ("grid_points", results.gridPoints),
                              ("feasible_points", results.feasiblePoints), ("robust", results.robust ? 1 : 0), ("resumed_points", results.resumedPoints)] {
            try root.setAttribute(name, Int64(value))
        }
        if let point = results.bestFeasiblePoint { try root.setAttribute("best_feasible_point", point) }
        if let ttf = results.bestFeasibleMedianTTF { try root.setAttribute("best_feasible_median_ttf_s", ttf) }
        try root.setAttribute("warnings", try JSONText.string(results.warnings, .compact))
        try root.setAttribute("fidelity", try JSONText.string(results.fidelity, .compact))
        try root.setAttribute("baseline", try JSONText.string(results.baseline, .compact))
        if let p = results.recommended { try root.setAttribute("recommended", try JSONText.string(p, .compact)) }
        if let p = results.paired { try root.setAttribute("paired", try JSONText.string(p, .compact)) }
        if let g = results.gate { try root.setAttribute("gate", try JSONText.string(g, .compact)) }
        if !results.components.isEmpty {
            try root.write(flattenedCube(results.components), to: "components",
                           shape: [results.components.count, results.trials, WarmthTrialComponent.allCases.count])
        }
        try root.write(WarmthTrialComponent.names, to: "component_names")
        let g = try root.createGroup("grid")
        for (name, values) in [("tau", grid.tau), ("floor", grid.floor), ("alpha", grid.alpha), ("warm_on", grid.warmOn),
                               ("warm_gap", grid.warmGap), ("found_score", grid.foundScore)] {
            try g.write(values, to: name)
        }
        try g.write(grid.kn.map { Int64($0[0]) }, to: "k")
        try g.write(grid.kn.map { Int64($0[1]) }, to: "n")
        let trials = zip(results.trialIds, zip(results.trialSessions, results.trialPresence)).map {
            WarmthColumns.TrialRow(id: $0, session: $1.0, present: $1.1)
        }
        try WarmthColumns.trials.write(trials, into: root.createGroup("trials"))
        try WarmthColumns.points.write(results.points, into: root.createGroup("points"))
        var summaries = [WarmthColumns.SummaryRow(name: "baseline", summary: results.baselineSummary,
                                                  json: try JSONText.string(results.baselineSummary, .compact))]
        for (name, summary) in [("recommended", results.recommendedSummary), ("held_out", results.heldOutSummary)] {
            if let summary { summaries.append(.init(name: name, summary: summary, json: try JSONText.string(summary, .compact))) }
        }
        try WarmthColumns.summaries.write(summaries, into: root.createGroup("summaries"))
        try WarmthColumns.constants.write(results.constants, into: root.createGroup("constants"))
        try WarmthColumns.folds.write(results.folds, into: root.createGroup("folds"))
        try WarmthColumns.neighbours.write(results.neighbours, into: root.createGroup("neighbours"))
        try WarmthColumns.pareto.write(results.pareto, into: root.createGroup("pareto"))
        try SchemaGroup.checkWritten(file.root, layout: ResultsSchema.warmth)
        try file.commit()
    }

    /// Reads the file at `path`, checked against ``ResultsSchema/warmth``; errors name the
    /// file and the object.
    public static func read(_ path: String) throws -> Contents {
        let root = try SchemaGroup.open(path, layout: ResultsSchema.warmth)
        func json<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
            let text = try root.attributeString(name)
            do { return try JSONText.decode(type, from: text) } catch {
                throw ResultsLayoutError(file: path, object: "/", message: "attribute '\(name)' is not the JSON it should be: \(error)")
            }
        }
        func optional<T: Decodable>(_ type: T.Type, _ name: String) throws -> T? {
            try root.hasAttribute(name) ? try json(type, name) : nil
        }
        let proto = try json(WarmthProtocol.self, "protocol_text")
        func count(_ name: String) throws -> Int { Int(try root.attributeInt64(name)) }
        let summaryRows = try WarmthColumns.summaries.read(.init(), from: root.openGroup("summaries"))
        var summaries: [String: WarmthSummary] = [:]
        for (k, row) in summaryRows.enumerated() {
            guard ["baseline", "recommended", "held_out"].contains(row.name) else {
                throw ResultsLayoutError(file: path, object: "/summaries/name", message: "row \(k): unknown summary '\(row.name)'")
            }
            do { summaries[row.name] = try JSONText.decode(WarmthSummary.self, from: row.json) } catch {
                throw ResultsLayoutError(file: path, object: "/summaries/summary", message: "row \(k): not a warmth summary: \(error)")
            }
        }
        guard let baselineSummary = summaries["baseline"] else {
            throw ResultsLayoutError(file: path, object: "/summaries", message: "no baseline row")
        }
        var results = WarmthResults(
            protocolName: try root.attributeString("protocol_name"), simulated: try root.attributeInt64("simulated") != 0,
            trials: try count("trials"), sessions: try count("sessions"), gridPoints: try count("grid_points"),
            fidelity: try json(FidelityOutcome.self, "fidelity"), baseline: try json(FinderParameters.self, "baseline"),
            baselineSummary: baselineSummary, recommended: try optional(FinderParameters.self, "recommended"), recommendedSummary: summaries["recommended"],
            robust: try count("robust") != 0, feasiblePoints: try count("feasible_points"),
            bestFeasiblePoint: try root.hasAttribute("best_feasible_point") ? try root.attributeString("best_feasible_point") : nil,
            bestFeasibleMedianTTF: try root.hasAttribute("best_feasible_median_ttf_s") ? try root.attributeDouble("best_feasible_median_ttf_s") : nil,
            constants: try WarmthColumns.constants.read(.init(name: "", shipped: "", recommended: "", foldLow: "", foldHigh: ""), from: root.openGroup("constants")),
            heldOutSummary: summaries["held_out"],
            folds: try WarmthColumns.folds.read(.init(heldOut: "", chosen: nil, heldOutTrials: 0), from: root.openGroup("folds")),
            neighbours: try WarmthColumns.neighbours.read(.init(point: "", medianTTF: nil, falseFindUpperAbsent: 0, falseFindsPerMinUpper: 0, feasible: false),
                                                          from: root.openGroup("neighbours")),
            pareto: try WarmthColumns.pareto.read(.init(point: "", medianTTF: nil, falseFindsPerMin: 0), from: root.openGroup("pareto")),
            paired: try optional(PairedFinds.self, "paired"), gate: try optional(WarmthGateResult.self, "gate"),
            warnings: try json([String].self, "warnings"))
        results.resumedPoints = try count("resumed_points")
        let trials = try WarmthColumns.trials.read(.init(), from: root.openGroup("trials"))
        results.trialIds = trials.map(\.id)
        results.trialSessions = trials.map(\.session)
        results.trialPresence = trials.map(\.present)
        results.points = try WarmthColumns.points.read(WarmthColumns.blankPoint, from: root.openGroup("points"))
        // indices into the grid are checked when read, not when used (spec.md#limits-results-files)
        let sizes = proto.grid.sizes
        if let k = results.points.firstIndex(where: { row in zip(row.indices, sizes).contains { !(0..<$1).contains($0) } }) {
            throw ResultsLayoutError(file: path, object: "/points", message: "row \(k): a grid index is past the protocol's grid \(sizes)")
        }
        if root.group.contains("components") {
            let array = try root.doubleArray("components")
            let shape = [results.points.count, trials.count, WarmthTrialComponent.allCases.count]
            guard array.shape == shape else {
                throw ResultsLayoutError(file: path, object: "/components", message: "shape \(array.shape), expected \(shape) (points × trials × components)")
            }
            let perPoint = shape[1] * shape[2]
            results.components = (0..<shape[0]).map { p in
                (0..<shape[1]).map { t in Array(array.values[(p * perPoint + t * shape[2])..<(p * perPoint + (t + 1) * shape[2])]) }
            }
        }
        return Contents(warmthProtocol: proto, results: results)
    }
}
