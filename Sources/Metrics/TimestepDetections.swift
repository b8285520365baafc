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

    /// Groups the rows of `rows` that pass `keep` into `timestepCount` timesteps;
    /// `timestep(row)` gives each kept row's timestep.
    init(
        rows: MOTRows, timestepCount: Int, convention: ScoringConvention,
        keep: (Int) -> Bool, timestep: (Int) -> Int
    ) {
        var counts = [Int](repeating: 0, count: timestepCount + 1)
        var kept: [Int] = []
        kept.reserveCapacity(rows.count)
        for row in 0..<rows.count where keep(row) {
            kept.append(row)
            counts[timestep(row) + 1] += 1
        }
        for t in 0..<timestepCount { counts[t + 1] += counts[t] }
        start = counts
        let labels = Array(Set(kept.map { rows.id[$0] })).sorted()
        idLabels = labels
        var denseOf: [Int: Int32] = [:]
        denseOf.reserveCapacity(labels.count)
        for (index, label) in labels.enumerated() { denseOf[label] = Int32(index) }
        var fill = counts
        id = [Int32](repeating: 0, count: kept.count)
        box = [BoxCorners](repeating: BoxCorners(x0: 0, y0: 0, x1: 0, y1: 0), count: kept.count)
        for row in kept {
            let t = timestep(row)
            let slot = fill[t]
            fill[t] += 1
            id[slot] = denseOf[rows.id[row]]!
            box[slot] = BoxCorners(
                left: rows.left[row], top: rows.top[row], width: rows.width[row], height: rows.height[row],
                convention: convention)
        }
    }
}
