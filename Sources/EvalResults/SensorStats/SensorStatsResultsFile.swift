import Foundation
import EvalMetrics
import Recording
import ResultStore

/// Writes and reads the `results.h5` of `spatial-eval sensor-stats` (layout `sensor-stats/1`):
/// the attributes and tables ``ResultsSchema/sensorStats`` declares. Writing goes through the
/// schema and is checked against it before the commit; the file appears under its final name
/// only once complete.
public enum SensorStatsResultsFile {
    /// The layout tag written to the root.
    public static let layout = "sensor-stats/1"

    /// Whether `path` is an HDF5 file with the sensor-statistics layout.
    public static func holdsSensorStats(_ path: String) -> Bool { ResultsLayout.tag(of: path) == layout }

    /// Writes `results` of the recordings at `inputs` (path and SHA-256, in input order) to `path`.
    public static func write(_ results: SensorStatsResults, inputs: [(path: String, sha256: String)], to path: String) throws {
        let file = try ResultFile.create(atPath: path)
        let root = SchemaGroup(file.root, ResultsSchema.sensorStats.root)
        try root.setAttribute("tool", "spatial-eval")
        try root.setAttribute("tool_version", ToolInfo.version)
        if let commit = ToolInfo.gitCommit() { try root.setAttribute("git_commit", commit) }
        try root.setAttribute("created_utc", ISO8601DateFormatter().string(from: Date()))
        try root.setAttribute("layout", layout)
        try root.setAttribute("map_resolution", results.mapResolution)
        try root.setAttribute("settings", try JSONText.string(results.settings, .compact))
        let provenance = try root.createGroup("provenance")
        try provenance.write(inputs.map(\.path), to: "path")
        try provenance.write(inputs.map(\.sha256), to: "sha256")
        try SensorStatsColumns.recordings.write(results.recordings, into: root.createGroup("recordings"))
        try SensorStatsColumns.shares.write(results.depthRows, into: root.createGroup("confidence_by_depth"))
        try SensorStatsColumns.shares.write(results.edgeRows, into: root.createGroup("confidence_by_edge"))
        try SensorStatsColumns.disagreement.write(results.disagreementRows, into: root.createGroup("disagreement"))
        try SensorStatsColumns.motion.write(results.motionRows, into: root.createGroup("motion"))
        try SchemaGroup.checkWritten(file.root, layout: ResultsSchema.sensorStats)
        try file.commit()
    }

    /// A results file read back: the results and the inputs' provenance.
    public struct Contents: Sendable {
        /// The results.
        public var results: SensorStatsResults
        /// Each input's path and SHA-256, in input order.
        public var inputs: [(path: String, sha256: String)]
    }

    /// Reads the file at `path`, checked against ``ResultsSchema/sensorStats``; errors name
    /// the file and the object.
    public static func read(_ path: String) throws -> Contents {
        let root = try SchemaGroup.open(path, layout: ResultsSchema.sensorStats)
        let settings: SensorStatisticsSettings
        do { settings = try JSONText.decode(SensorStatisticsSettings.self, from: try root.attributeString("settings")) } catch {
            throw ResultsLayoutError(file: path, object: "/", message: "attribute 'settings' is not the JSON it should be: \(error)")
        }
        var results = SensorStatsResults(settings: settings, mapResolution: try root.attributeString("map_resolution"))
        let recordingBlank = SensorStatsResults.RecordingRow(
            name: "", data: "", source: "", origin: "", frames: 0, mapFrames: 0, nativeRows: 0, nativeColumns: 0, analysedRows: 0,
            analysedColumns: 0, durationSeconds: 0, blocks: 0, pairs: "", alignment: 0, alignmentLower: 0, alignmentUpper: 0, alignmentPairs: 0)
        results.recordings = try SensorStatsColumns.recordings.read(recordingBlank, from: root.openGroup("recordings"))
        let shareBlank = SensorStatsResults.ShareRow(recording: 0, low: 0, high: 0, samples: 0, low0: 0, low0Lower: 0, low0Upper: 0,
                                                     medium: 0, mediumLower: 0, mediumUpper: 0, high2: 0, high2Lower: 0, high2Upper: 0)
        results.depthRows = try SensorStatsColumns.shares.read(shareBlank, from: root.openGroup("confidence_by_depth"))
        results.edgeRows = try SensorStatsColumns.shares.read(shareBlank, from: root.openGroup("confidence_by_edge"))
        results.disagreementRows = try SensorStatsColumns.disagreement.read(
            .init(recording: 0, by: "", depthLow: 0, depthHigh: 0, gap: 0, points: 0, median: 0, medianLower: 0, medianUpper: 0,
                  p90: 0, p90Lower: 0, p90Upper: 0), from: root.openGroup("disagreement"))
        results.motionRows = try SensorStatsColumns.motion.read(
            .init(recording: 0, quantity: "", level: 0, value: 0, lower: 0, upper: 0, steps: 0), from: root.openGroup("motion"))
        // Row references are checked when read, not when used (spec.md#limits-results-files).
        let count = results.recordings.count
        for (name, references) in [("confidence_by_depth", results.depthRows.map(\.recording)), ("confidence_by_edge", results.edgeRows.map(\.recording)),
                                   ("disagreement", results.disagreementRows.map(\.recording)), ("motion", results.motionRows.map(\.recording))] {
            if let k = references.firstIndex(where: { !(0..<count).contains($0) }) {
                throw ResultsLayoutError(file: path, object: "/\(name)/recording", message: "row \(k): recording \(references[k]) is not a row of /recordings (\(count) rows)")
            }
        }
        let group = try root.openGroup("provenance")
        let paths = try group.strings("path"), digests = try group.strings("sha256")
        return Contents(results: results, inputs: zip(paths, digests).map { ($0, $1) })
    }
}
