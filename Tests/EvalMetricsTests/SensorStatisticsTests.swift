import Foundation
import Testing
import Recording
import EvalNumerics
@testable import EvalMetrics

/// The sensor statistics on recordings whose answers are known by construction.
@Suite("Sensor statistics")
struct SensorStatisticsTests {
    /// A camera moving along x at 0.5 m/s, looking down −z at a wall 2 m away, 10 maps per
    /// second of 24 × 32 samples (confidence 1 in the left quarter, 2 elsewhere), `seconds` long.
    static func wall(speed: Double = 0.5, seconds: Int = 4) -> Recording {
        var recording = Recording(meta: ["source": "test"])
        let (rows, columns) = (24, 32)
        for k in 0..<(10 * seconds) {
            let t = Double(k) / 10
            recording.frames.append(Frame(index: Int64(k), time: t, pose: Transform4x4(rotation: [1, 0, 0, 0, 1, 0, 0, 0, 1], translation: SIMD3(speed * t, 1.4, 0)),
                                          intrinsics: CameraIntrinsics(fx: 1450, fy: 1450, cx: 960, cy: 720), width: 1920, height: 1440))
            recording.lidarMaps.append(LidarMap(frame: Int64(k), rows: rows, columns: columns, depth: Array(repeating: 2, count: rows * columns),
                                                confidence: (0..<(rows * columns)).map { $0 % columns < columns / 4 ? 1 : 2 }))
        }
        return recording
    }

    @Test("a wall at 2 m: every sample in the 2–3 m bin with the drawn shares, no disagreement, the camera's speed")
    func wall() {
        var settings = SensorStatisticsSettings()
        settings.resamples = 200
        let measured = SensorMeasurements.measure(Self.wall(), analysedSize: nil, settings: settings)
        let summary = SensorSummary(measured)
        let bin = summary.confidenceByDepth[2]
        #expect(bin.low == 2 && bin.high == 3 && bin.shares[2].count == 40 * 768)
        #expect(bin.shares[2].value == 0.75 && bin.shares[1].value == 0.25 && bin.shares[0].value == 0)
        #expect(bin.shares[2].lower == 0.75 && bin.shares[2].upper == 0.75)
        #expect(summary.confidenceByDepth[0].shares[0].count == 0 && summary.confidenceByDepth[0].shares[2].value.isNaN)
        // No discontinuity anywhere: every sample in the last distance bin.
        #expect(summary.confidenceByEdge.last!.shares[2].count == 40 * 768)
        for row in summary.disagreementByGap where row.median.count > 0 { #expect(row.median.value == 0 && row.p90.value == 0) }
        #expect(summary.disagreementByGap[0].median.count > 0 && measured.pairs[0] > 30)
        #expect(abs(summary.speed[0].value - 0.5) < 1e-9 && summary.angularSpeed[0].value == 0)
        #expect(summary.blocks == 2)
    }

    @Test("a pose track off by a drift shows in the disagreement by time apart")
    func drift() {
        var recording = Self.wall(seconds: 10)
        // The recorded camera drifts 1 cm per second towards the wall the maps do not see.
        recording.frames = recording.frames.map { frame in
            var f = frame
            f.pose[2, 3] = -0.01 * frame.time
            return f
        }
        var settings = SensorStatisticsSettings()
        settings.resamples = 200
        let summary = SensorSummary(SensorMeasurements.measure(recording, analysedSize: nil, settings: settings))
        // Pairs 0.2, 0.5 and 1 s apart are almost all exactly that far apart in 10 s of maps.
        for row in summary.disagreementByGap where row.gap <= 1 {
            #expect(row.median.count > 0 && abs(row.median.value - 0.01 * row.gap) < 0.002, "gap \(row.gap): \(row.median.value)")
        }
    }

    @Test("point sampling picks the sample LidarMap.depth(at:) reads at each coarse centre")
    func pointSampling() {
        let map = LidarMap(frame: 0, rows: 192, columns: 256, depth: (0..<(192 * 256)).map { Float($0) }, confidence: Array(repeating: 2, count: 192 * 256))
        let coarse = MapGeometry.pointSampled(map, rows: 24, columns: 32)
        for r in 0..<24 {
            for c in 0..<32 {
                let pixel = coarse.pixel(row: r, column: c, width: 1920, height: 1440)
                #expect(Double(coarse.depth[r * 32 + c]) == map.depth(at: pixel, width: 1920, height: 1440))
            }
        }
    }

    @Test("discontinuities follow the simulator's 4-neighbour rule; distances count city-block steps")
    func discontinuities() {
        // A 4 × 5 map: a near box (1 m) in the middle of a far wall (3 m), one sample without a return.
        let depth: [Float] = [3, 3, 3, 3, .nan,
                              3, 1, 1, 3, 3,
                              3, 1, 1.05, 3, 3,
                              3, 3, 3, 3, 3]
        let map = LidarMap(frame: 0, rows: 4, columns: 5, depth: depth, confidence: Array(repeating: 2, count: 20))
        let flags = MapGeometry.discontinuities(map, step: 0.1)
        #expect(flags == [false, true, true, false, false,
                          true, true, true, true, false,
                          true, true, true, true, false,
                          false, true, true, false, false])
        let distances = MapGeometry.distances(to: flags, rows: 4, columns: 5)
        #expect(distances == [1, 0, 0, 1, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 1, 2])
        #expect(MapGeometry.distances(to: Array(repeating: false, count: 4), rows: 2, columns: 2) == nil)
    }

    @Test("frame-pair alignment: the same plane seen twice is near 0; a shifted copy reads its shift")
    func alignment() {
        let plane = (0..<400).map { k in SIMD3(Double(k % 20) * 0.01, Double(k / 20) * 0.01, -2) }
        #expect(FramePairAlignment.nearestDistanceQuantile(0.25, from: plane, to: plane) == 0)
        let shifted = plane.map { $0 + SIMD3(0, 0, 0.03) }
        #expect(abs(FramePairAlignment.nearestDistanceQuantile(0.25, from: plane, to: shifted) - 0.03) < 1e-12)
        let far = plane.map { $0 + SIMD3(0, 0, 0.25) }
        #expect(FramePairAlignment.nearestDistanceQuantile(0.25, from: plane, to: far) == .infinity)
    }
}
