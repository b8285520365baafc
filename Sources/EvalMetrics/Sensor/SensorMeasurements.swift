import Foundation
import Recording

/// What one recording's LiDAR maps and poses show, kept per time block for the block
/// bootstrap (`spec.md#sensor-statistics`): confidence counts by depth and by distance to a
/// depth discontinuity, the depth disagreement of frame pairs, the pose track's speeds and
/// the frame-pair alignment. ``SensorSummary`` turns them into figures with intervals.
public struct SensorMeasurements: Sendable, Equatable {
    /// The settings measured with.
    public var settings: SensorStatisticsSettings
    /// Frames in the recording.
    public var frames: Int
    /// Frames with a LiDAR map.
    public var mapFrames: Int
    /// The maps' size as recorded; the first map's.
    public var nativeSize: MapSize?
    /// The size the confidence and disagreement statistics were measured at.
    public var analysedSize: MapSize?
    /// Seconds from the first frame to the last.
    public var duration: Double
    /// Frame pairs found per gap of ``SensorStatisticsSettings/pairGaps``.
    public var pairs: [Int]
    /// Frame pairs of the alignment figure.
    public var alignmentPairs: Int
    /// The blocks, in time order (those holding anything).
    public var blocks: [SensorBlock]
}

/// A map's size in samples.
public struct MapSize: Equatable, Sendable, Codable {
    /// Sample rows.
    public var rows: Int
    /// Sample columns.
    public var columns: Int

    /// A size of `rows` × `columns` samples.
    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }
}

/// One block of a recording's time (``SensorStatisticsSettings/blockSeconds``): what its
/// frames contributed. Value lists are sorted.
public struct SensorBlock: Sendable, Equatable {
    /// Per depth bin, then a last row for samples without a return: counts of confidence 0, 1, 2.
    public var depthCounts: [[Int]]
    /// Per distance bin to the nearest discontinuity (samples at or nearer than the edge depth
    /// limit): counts of confidence 0, 1, 2.
    public var edgeCounts: [[Int]]
    /// Per predicted-depth bin, the absolute depth disagreement of pairs at the first gap, metres.
    public var disagreementByDepth: [[Double]]
    /// Per gap, the absolute depth disagreement of points predicted within the depth limit, metres.
    public var disagreementByGap: [[Double]]
    /// Camera speeds between poses at least the motion step apart, m/s.
    public var speeds: [Double]
    /// Angular speeds of the same steps, degrees per second.
    public var angularSpeeds: [Double]
    /// Frame-pair alignment figures (25th percentile of nearest distances), metres.
    public var alignment: [Double]

    /// An empty block for `settings`.
    init(_ settings: SensorStatisticsSettings) {
        depthCounts = Array(repeating: [0, 0, 0], count: settings.depthBinEdges.count + 1)
        edgeCounts = Array(repeating: [0, 0, 0], count: settings.edgeDistanceBinEdges.count)
        disagreementByDepth = Array(repeating: [], count: settings.disagreementDepthEdges.count)
        disagreementByGap = Array(repeating: [], count: settings.pairGaps.count)
        speeds = []
        angularSpeeds = []
        alignment = []
    }
}

extension SensorMeasurements {
    /// Measures `recording`: its maps point-sampled to `analysedSize` (rows, columns) for the
    /// confidence and disagreement statistics when given and coarser than the maps (at their
    /// own size otherwise); the alignment always at the maps' own size.
    public static func measure(_ recording: Recording, analysedSize: MapSize?, settings: SensorStatisticsSettings = SensorStatisticsSettings()) -> SensorMeasurements {
        let frames = Dictionary(recording.frames.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        let native = recording.lidarMaps.filter { frames[$0.frame] != nil }.sorted { frames[$0.frame]!.time < frames[$1.frame]!.time }
        let origin = recording.frames.first?.time ?? 0
        var blocks: [Int: SensorBlock] = [:]
        func block(_ time: Double) -> Int { max(0, Int(((time - origin) / settings.blockSeconds).rounded(.down))) }
        func update(_ time: Double, _ change: (inout SensorBlock) -> Void) {
            change(&blocks[block(time), default: SensorBlock(settings)])
        }
        let maps = native.map { map -> LidarMap in
            guard let size = analysedSize, size.rows < map.rows || size.columns < map.columns else { return map }
            return MapGeometry.pointSampled(map, rows: size.rows, columns: size.columns)
        }
        let edges = maps.map { MapGeometry.discontinuities($0, step: settings.discontinuityStep) }
        for (map, flags) in zip(maps, edges) {
            let tally = confidenceTally(map, discontinuities: flags, settings: settings)
            update(frames[map.frame]!.time) { b in
                for (row, counts) in tally.depth.enumerated() { for c in 0..<3 { b.depthCounts[row][c] += counts[c] } }
                for (row, counts) in tally.edge.enumerated() { for c in 0..<3 { b.edgeCounts[row][c] += counts[c] } }
            }
        }
        let times = maps.map { frames[$0.frame]!.time }
        var pairs = Array(repeating: 0, count: settings.pairGaps.count)
        for (g, gap) in settings.pairGaps.enumerated() {
            for a in maps.indices {
                guard let b = partner(of: a, times: times, gap: gap, tolerance: settings.pairGapTolerance) else { continue }
                pairs[g] += 1
                let residuals = disagreement(from: maps[a], frames[maps[a].frame]!, to: maps[b], frames[maps[b].frame]!, edges: edges[b], flagsA: edges[a])
                update(times[a]) { block in
                    for (predicted, error) in residuals {
                        if g == 0, let bin = bin(predicted, edges: settings.disagreementDepthEdges) { block.disagreementByDepth[bin].append(error) }
                        if predicted <= settings.pairMaximumDepth { block.disagreementByGap[g].append(error) }
                    }
                }
            }
        }
        for step in motionSteps(recording.frames, step: settings.motionStep) {
            update(step.time) { b in
                b.speeds.append(step.speed)
                b.angularSpeeds.append(step.angularSpeed)
            }
        }
        let aligned = alignmentFigures(recording, settings: settings)
        for (time, figure) in aligned { update(time) { $0.alignment.append(figure) } }
        let sorted = blocks.keys.sorted().map { key -> SensorBlock in
            var b = blocks[key]!
            b.disagreementByDepth = b.disagreementByDepth.map { $0.sorted() }
            b.disagreementByGap = b.disagreementByGap.map { $0.sorted() }
            b.speeds.sort()
            b.angularSpeeds.sort()
            b.alignment.sort()
            return b
        }
        return SensorMeasurements(
            settings: settings, frames: recording.frames.count, mapFrames: native.count,
            nativeSize: native.first.map { MapSize(rows: $0.rows, columns: $0.columns) },
            analysedSize: maps.first.map { MapSize(rows: $0.rows, columns: $0.columns) },
            duration: (recording.frames.last?.time ?? origin) - origin, pairs: pairs, alignmentPairs: aligned.count, blocks: sorted)
    }

    /// The frame-pair alignment of `recording` (`spec.md#sensor-statistics`): per pair of maps
    /// about ``SensorStatisticsSettings/alignmentGap`` apart at their own size, the first
    /// frame's time and the pair's figure; pairs with too few points are left out.
    public static func alignmentFigures(_ recording: Recording, settings: SensorStatisticsSettings = SensorStatisticsSettings()) -> [(time: Double, figure: Double)] {
        let frames = Dictionary(recording.frames.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        let maps = recording.lidarMaps.filter { frames[$0.frame] != nil }.sorted { frames[$0.frame]!.time < frames[$1.frame]!.time }
        let times = maps.map { frames[$0.frame]!.time }
        var figures: [(time: Double, figure: Double)] = []
        var next = -Double.infinity
        for a in maps.indices where times[a] >= next {
            guard let b = partner(of: a, times: times, gap: settings.alignmentGap, tolerance: settings.pairGapTolerance) else { continue }
            next = times[a] + settings.alignmentGap / 2
            let figure = alignment(maps[a], frames[maps[a].frame]!, maps[b], frames[maps[b].frame]!, maximumDepth: settings.alignmentMaximumDepth)
            if !figure.isNaN { figures.append((times[a], figure)) }
        }
        return figures
    }

    /// The bin of `value` among `edges` (bin k is [edge k, edge k + 1), the last open-ended), nil below the first.
    static func bin(_ value: Double, edges: [Double]) -> Int? {
        guard let first = edges.first, value >= first else { return nil }
        return (edges.lastIndex { $0 <= value }) ?? 0
    }

    /// One map's confidence counts: per depth bin (and no return), and per distance bin to
    /// the nearest discontinuity for samples within the edge depth limit.
    static func confidenceTally(_ map: LidarMap, discontinuities flags: [Bool], settings: SensorStatisticsSettings) -> (depth: [[Int]], edge: [[Int]]) {
        var depth = Array(repeating: [0, 0, 0], count: settings.depthBinEdges.count + 1)
        var edge = Array(repeating: [0, 0, 0], count: settings.edgeDistanceBinEdges.count)
        let distances = MapGeometry.distances(to: flags, rows: map.rows, columns: map.columns)
        let distanceEdges = settings.edgeDistanceBinEdges.map(Double.init)
        for k in map.depth.indices {
            let d = Double(map.depth[k]), c = Int(min(map.confidence[k], 2))
            guard d.isFinite, d > 0, let row = bin(d, edges: settings.depthBinEdges) else {
                depth[settings.depthBinEdges.count][c] += 1
                continue
            }
            depth[row][c] += 1
            guard d <= settings.edgeMaximumDepth else { continue }
            let distance = distances.map { Double($0[k]) } ?? .infinity
            edge[bin(distance, edges: distanceEdges) ?? 0][c] += 1
        }
        return (depth, edge)
    }

    /// The map frame nearest `times[a] + gap`, when within `tolerance × gap` of it.
    static func partner(of a: Int, times: [Double], gap: Double, tolerance: Double) -> Int? {
        let target = times[a] + gap
        var (low, high) = (a + 1, times.count)
        while low < high {
            let middle = (low + high) / 2
            if times[middle] < target { low = middle + 1 } else { high = middle }
        }
        let candidates = [low - 1, low].filter { $0 > a && $0 < times.count }
        guard let best = candidates.min(by: { abs(times[$0] - target) < abs(times[$1] - target) }),
              abs(times[best] - target) <= tolerance * gap else { return nil }
        return best
    }

    /// The samples of `a` (confidence 2, not at a discontinuity) moved into `b`'s camera:
    /// per sample landing on a sample of `b` of confidence 2 not at a discontinuity, the
    /// predicted depth in `b` and |measured − predicted|.
    static func disagreement(from a: LidarMap, _ frameA: Frame, to b: LidarMap, _ frameB: Frame, edges flagsB: [Bool], flagsA: [Bool]) -> [(Double, Double)] {
        var result: [(Double, Double)] = []
        for k in a.depth.indices where a.confidence[k] >= 2 && !flagsA[k] {
            let depth = Double(a.depth[k])
            guard depth.isFinite, depth > 0 else { continue }
            let pixel = a.pixel(row: k / a.columns, column: k % a.columns, width: frameA.width, height: frameA.height)
            let world = MapGeometry.transform(frameA.pose, MapGeometry.cameraPoint(pixel: pixel, depth: depth, intrinsics: frameA.intrinsics))
            guard let seen = MapGeometry.project(MapGeometry.inverseTransform(frameB.pose, world), intrinsics: frameB.intrinsics),
                  seen.pixel.x >= 0, seen.pixel.y >= 0, seen.pixel.x < Double(frameB.width), seen.pixel.y < Double(frameB.height) else { continue }
            let column = min(Int(seen.pixel.x * Double(b.columns) / Double(frameB.width)), b.columns - 1)
            let row = min(Int(seen.pixel.y * Double(b.rows) / Double(frameB.height)), b.rows - 1)
            let j = row * b.columns + column
            let measured = Double(b.depth[j])
            guard b.confidence[j] >= 2, !flagsB[j], measured.isFinite, measured > 0 else { continue }
            result.append((seen.depth, abs(measured - seen.depth)))
        }
        return result
    }

    /// One step of the pose track.
    struct MotionStep {
        var time: Double
        var speed: Double
        var angularSpeed: Double
    }

    /// Steps between poses at least `step` seconds apart: from each kept frame to the first
    /// frame at least `step` later; speed of the camera centre and angle of the relative
    /// rotation per second (degrees).
    static func motionSteps(_ frames: [Frame], step: Double) -> [MotionStep] {
        var steps: [MotionStep] = []
        guard var last = frames.first else { return steps }
        for frame in frames.dropFirst() where frame.time - last.time >= step {
            let dt = frame.time - last.time
            let moved = frame.pose.translation - last.pose.translation
            var trace = 0.0
            for i in 0..<3 { for j in 0..<3 { trace += last.pose[j, i] * frame.pose[j, i] } }
            let angle = acos(max(-1, min(1, (trace - 1) / 2))) * 180 / .pi
            steps.append(MotionStep(time: last.time, speed: (moved * moved).sum().squareRoot() / dt, angularSpeed: angle / dt))
            last = frame
        }
        return steps
    }

    /// The frame-pair alignment of maps `a` and `b` at their own size (NaN when either has
    /// fewer than 50 points): points of `a` every `columns / 64`-th sample that `b`'s camera
    /// sees within the depth limit, of `b` every `columns / 128`-th.
    static func alignment(_ a: LidarMap, _ frameA: Frame, _ b: LidarMap, _ frameB: Frame, maximumDepth: Double) -> Double {
        let from = FramePairAlignment.seen(FramePairAlignment.worldPoints(a, frame: frameA, maximumDepth: maximumDepth, stride: a.columns / 64),
                                           by: frameB, maximumDepth: maximumDepth)
        let to = FramePairAlignment.worldPoints(b, frame: frameB, maximumDepth: maximumDepth, stride: b.columns / 128)
        guard from.count >= 50, to.count >= 50 else { return .nan }
        return FramePairAlignment.nearestDistanceQuantile(0.25, from: from, to: to)
    }
}
