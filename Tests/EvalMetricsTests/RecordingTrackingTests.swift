import EvalMetrics
import Recording
import Testing

@Suite("Tracking on recordings")
struct RecordingTrackingTests {
    @Test("ground truth fed as the tracker's output scores MOTA = IDF1 = HOTA = 1")
    func groundTruthIsPerfect() throws {
        let recording = RecordingFixture.twoObjects()
        let summary = try RecordingMOT(recording).score(TrackBox.groundTruth(of: recording), against: recording)
        #expect(summary.mota == 1)
        #expect(summary.idf1 == 1)
        #expect(abs(summary.hota - 1) < 1e-12)
        #expect(summary.groundTruthCount == 11)
    }

    @Test("frames are numbered 1…n in frame order; a swapped id and a missed box cost what they should")
    func imperfectTracker() throws {
        let recording = RecordingFixture.twoObjects()
        let numbering = RecordingMOT(recording)
        #expect(numbering.motFrame[10] == 1 && numbering.motFrame[60] == 6)
        var boxes = TrackBox.groundTruth(of: recording).filter { !($0.frame == 60 && $0.trackID == 2) }
        for k in boxes.indices where boxes[k].frame >= 50 && boxes[k].trackID == 1 { boxes[k].trackID = 7 }
        boxes.append(TrackBox(frame: 999, trackID: 5, box: PixelBox(x: 0, y: 0, width: 10, height: 10)))
        let summary = try numbering.score(boxes, against: recording)
        // 11 GT boxes, one FN, one IDSW, the box on an unknown frame dropped.
        #expect(abs(summary.mota - (1 - 2.0 / 11)) < 1e-12)
        #expect(summary.identitySwitches == 1)
        #expect(summary.idf1 < 1)
    }

    @Test("scoring restricted to some frames leaves the others out on both sides")
    func frameSelection() throws {
        let recording = RecordingFixture.twoObjects()
        let boxes = TrackBox.groundTruth(of: recording).filter { $0.frame == 10 || $0.frame == 30 }
        let summary = try RecordingMOT(recording).score(boxes, against: recording, frames: [10, 30])
        #expect(summary.mota == 1)
        #expect(summary.groundTruthCount == 4)
    }

    @Test("proxies: new ids per minute and per detection, mean lifetime in seconds")
    func proxies() {
        let recording = RecordingFixture.twoObjects()  // 1 s to 6 s
        let box = PixelBox(x: 0, y: 0, width: 10, height: 10)
        let boxes = [TrackBox(frame: 10, trackID: 1, box: box), TrackBox(frame: 30, trackID: 1, box: box),
                     TrackBox(frame: 40, trackID: 2, box: box)]
        let proxies = TrackProxies(boxes, recording: recording, detectionCount: 8)
        #expect(proxies.trackCount == 2)
        #expect(abs(proxies.newIDsPerMinute - 2 / (5.0 / 60)) < 1e-9)
        #expect(proxies.newIDsPerDetection == 0.25)
        #expect(abs(proxies.meanTrackLifetime - 1.0) < 1e-12)  // (2 s + 0 s) / 2
    }

    @Test("a detection belongs to the object of its best IoU ≥ 0.5 on its frame")
    func detectionObjects() {
        var recording = RecordingFixture.twoObjects()
        recording.detections = [
            Detection(id: 1, frame: 10, label: "bottle", score: 0.9, box: PixelBox(x: 52, y: 62, width: 40, height: 80)),
            Detection(id: 2, frame: 10, label: "bottle", score: 0.9, box: PixelBox(x: 70, y: 60, width: 40, height: 80)),
            Detection(id: 3, frame: 20, label: "cup", score: 0.9, box: PixelBox(x: 500, y: 300, width: 40, height: 40)),
            Detection(id: 4, frame: 40, label: "cup", score: 0.9, box: PixelBox(x: 315, y: 100, width: 60, height: 60)),
        ]
        // Detection 2 overlaps object 1 by 20/60 of the width (IoU 1/3 < 0.5); detection 4
        // sits where object 2 would be, but object 2 has no box on frame 40.
        #expect(DetectionObjects.assign(recording) == [1: 1])
        #expect(DetectionObjects.assign(recording, minimumIoU: 0.3) == [1: 1, 2: 1])
    }
}


/// Small hand-made recordings for the recording-metrics tests.
enum RecordingFixture {
    /// A frame at `index`, t = `index` / 10 s, identity pose, 640 × 480.
    static func frame(_ index: Int64, detectorRan: Bool = true) -> Frame {
        Frame(
            index: index, time: Double(index) / 10, detectorRan: detectorRan, pose: .identity,
            intrinsics: CameraIntrinsics(fx: 500, fy: 500, cx: 320, cy: 240), width: 640, height: 480)
    }

    /// Two objects moving right over frames 10, 20, …, 60 (non-contiguous numbering);
    /// object 2 is out of view on frame 40.
    static func twoObjects() -> Recording {
        let indices: [Int64] = [10, 20, 30, 40, 50, 60]
        var boxes: [GroundTruthBox] = []
        for (k, index) in indices.enumerated() {
            let shift = Double(k) * 5
            boxes.append(GroundTruthBox(
                id: Int64(boxes.count + 1), frame: index, object: 1,
                box: PixelBox(x: 50 + shift, y: 60, width: 40, height: 80), visibility: 1))
            if index != 40 {
                boxes.append(GroundTruthBox(
                    id: Int64(boxes.count + 1), frame: index, object: 2,
                    box: PixelBox(x: 300 + shift, y: 100, width: 60, height: 60), visibility: 0.8))
            }
        }
        return Recording(
            frames: indices.map { frame($0) },
            groundTruthObjects: [
                GroundTruthObject(id: 1, label: "bottle", extent: [0.1, 0.25, 0.1]),
                GroundTruthObject(id: 2, label: "cup", extent: [0.1, 0.1, 0.1]),
            ],
            groundTruthBoxes: boxes)
    }
}
