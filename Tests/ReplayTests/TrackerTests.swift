import Recording
import Testing
@testable import Replay

@Suite("Tracker replica (spec.md#tracker)")
struct TrackerTests {
    @Test("ByteTrack: low-score detections never create a track")
    func lowScoreNeverCreates() {
        // Frames 0–9 carry only a low-score box; from frame 10 the same box scores high.
        let rec = Fixture.recording(frames: 20) { f in [("bottle", f < 10 ? 0.3 : 0.9, 100, 100)] }
        let out = TrackerReplay.run(rec)
        let firstReported = out.first { !$0.tracks.isEmpty }?.frame
        // Created at frame 10 by the first high-score box, confirmed by its third hit.
        #expect(firstReported == 12)
        #expect(Set(out.flatMap(\.tracks).map(\.trackID)) == [1])
    }

    @Test("ByteTrack: low-score detections never confirm a tentative track")
    func lowScoreNeverConfirms() {
        let rec = Fixture.recording(frames: 10) { f in [("bottle", f == 0 ? 0.9 : 0.3, 100, 100)] }
        #expect(TrackerReplay.run(rec).allSatisfy { $0.tracks.isEmpty })
    }

    @Test("ByteTrack: low-score detections extend a confirmed track beyond the coast age")
    func lowScoreExtendsConfirmedTrack() {
        let config = TrackerConfiguration()
        let frames = Int64(3 + config.maxCoastFrames + 10)
        let rec = Fixture.recording(frames: frames) { f in [("bottle", f < 3 ? 0.9 : 0.3, 100, 100)] }
        let out = TrackerReplay.run(rec, configuration: config)
        #expect(out.dropFirst(2).allSatisfy { $0.tracks.map(\.trackID) == [1] && $0.tracks[0].detection != nil })
    }

    @Test("Detect-every-N: tracks coast on the prediction between detector frames")
    func coastingWithDetectEveryN() {
        // One box moving 4 px per frame to the right.
        let rec = Fixture.recording(frames: 30) { f in [("bottle", 0.9, 100 + 4 * Double(f), 100)] }
        let out = TrackerReplay.run(rec, configuration: TrackerConfiguration(detectEvery: 3))
        #expect(out.map(\.detectorRan) == (0..<30).map { $0 % 3 == 0 })
        let late = out.filter { $0.frame >= 15 }
        #expect(late.allSatisfy { $0.tracks.map(\.trackID) == [1] })
        for frame in late where !frame.detectorRan {
            let box = frame.tracks[0]
            #expect(box.isCoasting)
            // The constant-velocity prediction follows the true motion within a pixel.
            #expect(abs(box.box.x - (100 + 4 * Double(frame.frame))) < 1)
        }
    }

    @Test("A detector-off frame is coasting whatever the cadence")
    func recordedCoastingFramesCoast() {
        var rec = Fixture.recording(frames: 10) { _ in [("bottle", 0.9, 100, 100)] }
        rec.frames[5].detectorRan = false
        let out = TrackerReplay.run(rec)
        #expect(!out[5].detectorRan && out[5].tracks.allSatisfy(\.isCoasting) && out[5].tracks.count == 1)
    }

    @Test("Property: a perfect detector yields one stable track per object", arguments: 1...5)
    func perfectDetectorOneTrackPerObject(detectEvery: Int) {
        // Three objects on non-overlapping paths with different speeds; detections in alternating order.
        let paths: [(Double, Double, Double, Double)] = [(40, 60, 3, 1), (300, 200, -2, 0.5), (500, 50, -1, 2)]
        let rec = Fixture.recording(frames: 60) { f in
            let boxes = paths.map { p in ("bottle", 0.9, p.0 + p.2 * Double(f), p.1 + p.3 * Double(f)) }
            return f % 2 == 0 ? boxes : boxes.reversed()
        }
        let objectOf = Dictionary(uniqueKeysWithValues: rec.detections.map { d in
            (d.id, paths.firstIndex { p in
                abs(p.0 + p.2 * Double(d.frame) - d.box.x) < 1e-9 && abs(p.1 + p.3 * Double(d.frame) - d.box.y) < 1e-9
            }!)
        })
        let out = TrackerReplay.run(rec, configuration: TrackerConfiguration(minHits: 3, detectEvery: detectEvery))
        var trackOf: [Int: Int64] = [:]
        // Confirmed at the third detector run, i.e. frame 2·N; reported on every frame after.
        for frame in out where frame.frame >= Int64(2 * detectEvery) {
            #expect(frame.tracks.count == 3, "frame \(frame.frame)")
            for track in frame.tracks where !track.isCoasting {
                let object = objectOf[track.detection!]!
                #expect(trackOf[object, default: track.trackID] == track.trackID, "frame \(frame.frame) object \(object)")
                trackOf[object] = track.trackID
            }
        }
        #expect(Set(trackOf.values).count == 3)
        #expect(Set(out.flatMap(\.tracks).map(\.trackID)).count == 3)
    }
}
