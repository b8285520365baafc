import EvalNumerics
import Recording

/// Detections of one side (ground truth or tracker) grouped by timestep, in file order
/// within each timestep, with ids relabelled to dense indices `0..<idCount` in
/// ascending order of the original ids (as TrackEval relabels them).
public struct TimestepDetections: Sendable {
    /// `start[t]..<start[t+1]` are the detections of timestep `t`.
    public internal(set) var start: [Int]
    /// Dense id of each detection.
    public internal(set) var id: [Int32]
    /// Box of each detection.
    public internal(set) var box: [BoxCorners]
    /// Original id of each dense id, ascending.
    public internal(set) var idLabels: [Int]

    /// Number of detections.
    public var count: Int { id.count }
    /// Number of distinct ids.
    public var idCount: Int { idLabels.count }

    /// The detection indices of timestep `t`.
    @inline(__always)
    public func range(_ t: Int) -> Range<Int> { start[t]..<start[t + 1] }

    /// Which rows of a file are scored.
    enum RowFilter {
        /// Every row.
        case all
        /// Rows whose confidence truncates to a non-zero integer (TrackEval's ground truth).
        case truncatedConfidenceNonZero
        /// Rows whose confidence is at least the value (motmetrics).
        case confidenceAtLeast(Double)

        func keeps(_ confidence: Double) -> Bool {
            switch self {
            case .all: true
            case .truncatedConfidenceNonZero: confidence.rounded(.towardZero) != 0
            case .confidenceAtLeast(let minimum): confidence >= minimum
            }
        }
    }

    /// Groups `rows` into `timestepCount` timesteps (`timestepOf[row]`; -1 leaves a row
    /// out entirely), keeping the rows that pass `filter`. Every row, kept or not, is first checked for a repeated id
    /// within its timestep (TrackEval checks before filtering); `side` names the file's
    /// role in that message.
    init(
        rows: MOTRows, timestepOf: [Int32], timestepCount: Int, convention: ScoringConvention,
        side: String, filter: RowFilter
    ) throws(InputError) {
        // Counting sort of all rows by timestep, stable in file order.
        var allStart = [Int](repeating: 0, count: timestepCount + 1)
        for row in 0..<rows.count where timestepOf[row] >= 0 { allStart[Int(timestepOf[row]) + 1] += 1 }
        for t in 0..<timestepCount { allStart[t + 1] += allStart[t] }
        var fill = allStart
        var ordered = [Int32](repeating: 0, count: allStart[timestepCount])
        for row in 0..<rows.count where timestepOf[row] >= 0 {
            let t = Int(timestepOf[row])
            ordered[fill[t]] = Int32(row)
            fill[t] += 1
        }
        // Dense labels of every id in the file, ascending; one hash lookup per row.
        var labelOf = IntegerHashMap(capacity: 256)
        var labels: [Int] = []
        let firstSeen = rows.id.map { id in
            labelOf.value(for: id) {
                labels.append(id)
                return Int32(labels.count - 1)
            }
        }
        let rank = labels.indices.sorted { labels[$0] < labels[$1] }
        let sortedLabels = rank.map { labels[$0] }
        var denseOfFirstSeen = [Int32](repeating: 0, count: labels.count)
        for (dense, seen) in rank.enumerated() { denseOfFirstSeen[seen] = Int32(dense) }
        let denseOfRow = firstSeen.map { denseOfFirstSeen[Int($0)] }
        // Duplicate check per timestep, then the kept rows.
        var seenAt = [Int](repeating: -1, count: sortedLabels.count)
        var keptLabel = [Bool](repeating: false, count: sortedLabels.count)
        var keptRows: [Int32] = []
        keptRows.reserveCapacity(rows.count)
        start = [Int](repeating: 0, count: timestepCount + 1)
        for t in 0..<timestepCount {
            start[t] = keptRows.count
            for position in allStart[t]..<allStart[t + 1] {
                let row = Int(ordered[position])
                let dense = Int(denseOfRow[row])
                if seenAt[dense] == t {
                    throw InputError(
                        file: rows.path, line: Int(rows.line[row]),
                        message: "\(side) has id \(rows.id[row]) more than once in frame \(rows.frame[row])")
                }
                seenAt[dense] = t
                if filter.keeps(rows.confidence[row]) {
                    keptRows.append(Int32(row))
                    keptLabel[dense] = true
                }
            }
        }
        start[timestepCount] = keptRows.count
        // Relabel the kept ids densely.
        var keptDense = [Int32](repeating: -1, count: sortedLabels.count)
        var keptLabels: [Int] = []
        for (dense, label) in sortedLabels.enumerated() where keptLabel[dense] {
            keptDense[dense] = Int32(keptLabels.count)
            keptLabels.append(label)
        }
        idLabels = keptLabels
        id = keptRows.map { keptDense[Int(denseOfRow[Int($0)])] }
        box = keptRows.map {
            let row = Int($0)
            return BoxCorners(
                left: rows.left[row], top: rows.top[row], width: rows.width[row], height: rows.height[row], convention: convention)
        }
    }
}
