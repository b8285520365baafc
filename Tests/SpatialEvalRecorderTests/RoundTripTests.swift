import Evaluation
import Foundation
import Recording
@testable import SpatialEvalRecorder
import TestSupport
import Testing

/// Every bundled recording, with the replicas' own decisions as its app log, fed through the
/// recorder and imported back: each table equals the original's row by row and field by
/// field, and the decision log gives parity 100 %.
///
/// Float precision: exact. Every Double and float32 value must come back bit for bit (the
/// writer prints the shortest text that reads back to the same value); NaN depth samples,
/// written as `null`, must come back as NaN.
@Suite("Recorder round trip: bundled recordings through SpatialEvalRecorder and back")
struct RoundTripTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let names = ["absence", "low-light", "multi-room", "twins-moved", "walkaway-reapproach"]
    /// A replay feeds a whole recording in well under a second, far faster than 60 frames/s:
    /// the queue holds a whole recording (frames, maps, decisions, boxes, marks) so nothing drops.
    static let replayQueue = 1 << 15

    /// The bundled recording `name` with the replicas' decisions attached.
    static func logged(_ name: String) throws -> Recording {
        ReplicaDecisionLog.attach(to: try RecordingStore.read(from: "\(repository)/Data/recordings/\(name).sqlite"))
    }

    /// `recording` with every NaN float replaced by one sentinel, so `==` treats NaN as equal to NaN.
    static func comparable(_ recording: Recording) -> Recording {
        func clean(_ values: [Float]) -> [Float] { values.map { $0.isNaN ? -9.87654e30 : $0 } }
        var r = recording
        r.depthGrids = r.depthGrids.map { g in
            var g = g
            (g.u, g.v, g.lidarDepth, g.relativeInverseDepth) = (clean(g.u), clean(g.v), clean(g.lidarDepth), clean(g.relativeInverseDepth))
            g.groundTruthDepth = g.groundTruthDepth.map(clean)
            return g
        }
        r.lidarMaps = r.lidarMaps.map { m in
            var m = m
            m.depth = clean(m.depth)
            return m
        }
        r.depthNetworkPasses = r.depthNetworkPasses.map { p in
            var p = p
            p.relativeInverseDepth = clean(p.relativeInverseDepth)
            return p
        }
        return r
    }

    /// Compares one table row by row; names the first differing row.
    static func expectSame<Row: Equatable>(_ table: String, _ imported: [Row], _ original: [Row], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(imported.count == original.count, "\(table): \(imported.count) rows, original \(original.count)", sourceLocation: sourceLocation)
        if let index = zip(imported, original).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            Issue.record("\(table) row \(index) differs:\n  imported \(imported[index])\n  original \(original[index])", sourceLocation: sourceLocation)
        }
    }

    @Test("every table comes back equal, and parity is 100 %", arguments: names)
    func roundTrip(name: String) throws {
        let folder = try TemporaryDirectory()
        let original = try Self.logged(name)
        #expect(!original.decisions.isEmpty)
        let counters = try RecorderFeed.record(original, into: RecorderConfiguration(
            directory: folder.file("session"), queueCapacity: Self.replayQueue, rotateBytes: 2 << 20))
        #expect(!counters.lostAnything, "\(counters)")
        #expect(counters.parts > 1, "rotation is exercised")
        let imported = try JSONLinesRecording.importFiles(at: folder.file("session"))
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
        let a = Self.comparable(imported.recording), b = Self.comparable(original)

        var meta = a.meta
        for key in ["app_version", "recorder", "recorder_end", "app_config"] { #expect(meta.removeValue(forKey: key) != nil, "meta \(key)") }
        #expect(meta == b.meta)
        Self.expectSame("frames", a.frames, b.frames)
        Self.expectSame("detections", a.detections, b.detections)
        Self.expectSame("depth_grids", a.depthGrids, b.depthGrids)
        Self.expectSame("depth_network_passes", a.depthNetworkPasses, b.depthNetworkPasses)
        Self.expectSame("lidar_maps", a.lidarMaps, b.lidarMaps)
        Self.expectSame("observations", a.observations, b.observations)
        Self.expectSame("gt_objects", a.groundTruthObjects, b.groundTruthObjects)
        Self.expectSame("gt_placements", a.groundTruthPlacements, b.groundTruthPlacements)
        Self.expectSame("gt_boxes", a.groundTruthBoxes, b.groundTruthBoxes)
        Self.expectSame("guidance_requests", a.guidanceRequests, b.guidanceRequests)
        Self.expectSame("app_decisions", a.decisions, b.decisions)
        #expect(RecordingValidator().problems(in: imported.recording).isEmpty, "\(RecordingValidator().problems(in: imported.recording).prefix(5))")
        #expect(imported.recording.marks.count == RecorderFeed.groundTruthMarks(original).count)

        // Through SQLite as `import` writes it: still equal, and the marks keep their table.
        try RecordingStore.write(imported.recording, to: folder.file("r.sqlite"))
        let stored = try RecordingStore.read(from: folder.file("r.sqlite"))
        #expect(Self.comparable(stored) == a)

        let parity = ParityReplay.compare(imported.recording)
        #expect(parity.firstDivergence == nil)
        #expect(parity.passes(threshold: 1))
        #expect(parity.kinds.allSatisfy { $0.agreement == nil || $0.agreement == 1 })
    }
}
