import EvalMetrics
import Evaluation
import Recording
import Simulation
import Testing

@Suite("Recording jobs")
struct RecordingJobsTests {
    /// A short simulated capture (twins-moved, 8 s), shared by the tests.
    static let recording = CaptureSimulator().simulate(.twinsMoved, seed: 3, duration: 8).recording

    @Test("ground truth fed as the tracker's output scores MOTA = IDF1 = HOTA = 1 on a simulated recording")
    func groundTruthIsPerfect() throws {
        let recording = Self.recording
        #expect(recording.groundTruthBoxes.count > 100)
        let summary = try RecordingMOT(recording).score(TrackBox.groundTruth(of: recording), against: recording)
        #expect(summary.mota == 1)
        #expect(summary.idf1 == 1)
        #expect(abs(summary.hota - 1) < 1e-12)
    }

    @Test("detect-every-N table has N = 1…5 with finite scores; every ground-truth box is scored")
    func detectEveryNTable() throws {
        let report = try RecordingTrackingJob.run(Self.recording)
        #expect(report.rows.map(\.detectEvery) == [1, 2, 3, 4, 5])
        #expect(report.rows.allSatisfy { $0.summary.mota.isFinite && $0.summary.hota >= 0 && $0.summary.hota < 1 })
        #expect(report.rows[0].summary.hota > 0)
        #expect(report.rows.allSatisfy { $0.summary.groundTruthCount == Self.recording.groundTruthBoxes.count })
        #expect(report.recorded == nil)  // simulated recordings carry no track ids
    }

    @Test("recorded track ids are scored on detector frames")
    func recordedTrackIDs() throws {
        var recording = Self.recording
        let objectOf = DetectionObjects.assign(recording)
        for k in recording.detections.indices { recording.detections[k].trackID = objectOf[recording.detections[k].id] ?? 1000 + Int64(k) }
        let report = try RecordingTrackingJob.run(recording, detectEvery: [1])
        let recorded = try #require(report.recorded)
        #expect(recorded.summary.identitySwitches == 0)
        #expect(recorded.summary.groundTruthCount < recording.groundTruthBoxes.count)
    }

    @Test("histories pair each registry event with the observation that caused it")
    func spatialJob() {
        let report = RecordingSpatialJob.run(Self.recording)
        #expect(report.instanceCount > 0)
        #expect(report.gaps.count == report.observationCount - report.instanceCount)
        #expect(report.gaps.count == report.gapsByInstance.values.reduce(0) { $0 + $1.count })
        #expect(report.accuracy.instances.map(\.feedCount).reduce(0, +) == report.observationCount)
        #expect(report.tracking3D.map(\.gate) == RecordingSpatialJob.defaultGates)
    }
}
