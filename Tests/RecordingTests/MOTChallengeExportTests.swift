import Foundation
import Testing
import Recording

@Suite struct MOTChallengeExportTests {
    /// Frames 10…13 (the detector runs on even ones), tracked and untracked detections of
    /// two classes, and ground-truth boxes with awkward numbers and visibilities.
    private func recording() -> Recording {
        let intrinsics = CameraIntrinsics(fx: 1_000, fy: 1_000, cx: 720, cy: 960)
        let frames = (10...13).map { index in
            Frame(index: Int64(index), time: Double(index) / 30, detectorRan: index % 2 == 0, pose: .identity,
                  intrinsics: intrinsics, width: 1_440, height: 1_920)
        }
        let awkward: [Double] = [0.1 + 0.2, 1.0 / 3.0, 1e-7, 12_345.678901234567, .leastNonzeroMagnitude * 5_061, 700]
        func box(_ k: Int) -> PixelBox {
            PixelBox(x: awkward[k % 6], y: awkward[(k + 1) % 6], width: awkward[(k + 2) % 6], height: awkward[(k + 3) % 6])
        }
        var detections: [Detection] = []
        var boxes: [GroundTruthBox] = []
        for (k, frame) in (10...13).enumerated() {
            detections.append(Detection(id: Int64(2 * k + 1), frame: Int64(frame), label: "cup", score: awkward[k] / 1e4,
                                        box: box(k), trackID: 40 - Int64(k % 2)))
            detections.append(Detection(id: Int64(2 * k + 2), frame: Int64(frame), label: "person", score: 0.5, box: box(k + 1),
                                        trackID: k == 3 ? nil : 7))
            boxes.append(GroundTruthBox(id: Int64(2 * k + 1), frame: Int64(frame), object: 2, box: box(k + 2), visibility: Double(k) / 4))
            boxes.append(GroundTruthBox(id: Int64(2 * k + 2), frame: Int64(frame), object: 1, box: box(k + 3), visibility: 1))
        }
        return Recording(
            frames: frames, detections: detections,
            groundTruthObjects: [GroundTruthObject(id: 1, label: "cup", extent: [0.1, 0.1, 0.1]),
                                 GroundTruthObject(id: 2, label: "person", extent: [0.5, 1.7, 0.3], isPerson: true)],
            groundTruthBoxes: boxes)
    }

    @Test func trackerRowsReadBackToTheDetections() throws {
        let original = recording()
        let export = MOTChallengeExport(original)
        let rows = try MOTChallengeReader.parse(Data(export.tracker.utf8), path: "hyp.txt")
        let tracked = original.detections.filter { $0.trackID != nil }
            .sorted { ($0.frame, $0.trackID!) < ($1.frame, $1.trackID!) }
        #expect(rows.count == tracked.count && export.detectionsWithoutTrack == 1)
        #expect(rows.frame == tracked.map { Int($0.frame) - 9 })
        #expect(rows.id == tracked.map { Int($0.trackID!) })
        #expect(rows.left.map(\.bitPattern) == tracked.map(\.box.x.bitPattern))
        #expect(rows.top == tracked.map(\.box.y) && rows.width == tracked.map(\.box.width) && rows.height == tracked.map(\.box.height))
        #expect(rows.confidence == tracked.map(\.score))
        #expect(export.sequenceLength == 4)
    }

    @Test func groundTruthRowsReadBackToTheBoxes() throws {
        let original = recording()
        let export = MOTChallengeExport(original, options: .init(minimumVisibility: 0.3))
        let rows = try MOTChallengeReader.parse(Data(export.groundTruth.utf8), path: "gt.txt")
        let boxes = original.groundTruthBoxes.sorted { ($0.frame, $0.object) < ($1.frame, $1.object) }
        #expect(rows.frame == boxes.map { Int($0.frame) - 9 } && rows.id == boxes.map { Int($0.object) })
        #expect(rows.left == boxes.map(\.box.x) && rows.top == boxes.map(\.box.y))
        #expect(rows.width == boxes.map(\.box.width) && rows.height == boxes.map(\.box.height))
        #expect(rows.confidence == boxes.map { $0.visibility < 0.3 ? 0 : 1 })
        #expect(rows.classId.allSatisfy { $0 == 1 })
        let visibility = export.groundTruth.split(separator: "\n").map { Double($0.split(separator: ",")[8])! }
        #expect(visibility == boxes.map(\.visibility))
    }

    @Test func optionsSelectLabelAndDetectorFrames() throws {
        let export = MOTChallengeExport(recording(), options: .init(label: "cup", detectorFramesOnly: true))
        let hyp = try MOTChallengeReader.parse(Data(export.tracker.utf8), path: "hyp.txt")
        let gt = try MOTChallengeReader.parse(Data(export.groundTruth.utf8), path: "gt.txt")
        #expect(hyp.frame == [1, 3] && hyp.id == [40, 40])
        #expect(gt.frame == [1, 3] && gt.id == [1, 1])
        #expect(export.sequenceInfo(name: "seq") == "[Sequence]\nname=seq\nseqLength=4\n")
    }

    @Test func importingTheExportGivesBackTheBoxes() throws {
        var original = recording()
        original.frames = original.frames.map { frame in
            var renumbered = frame
            renumbered.index -= 9
            return renumbered
        }
        original.detections = original.detections.filter { $0.trackID != nil && $0.label == "person" }
            .map { detection in
                var moved = detection
                moved.frame -= 9
                return moved
            }
        original.groundTruthBoxes = original.groundTruthBoxes.map { box in
            var moved = box
            moved.frame -= 9
            return moved
        }
        let export = MOTChallengeExport(original)
        let boxes = MOTChallengeImport.groundTruthBoxes(from: try MOTChallengeReader.parse(Data(export.groundTruth.utf8), path: "gt"))
        #expect(boxes.map(\.box) == original.groundTruthBoxes.sorted { ($0.frame, $0.object) < ($1.frame, $1.object) }.map(\.box))
        let detections = MOTChallengeImport.detections(
            from: try MOTChallengeReader.parse(Data(export.tracker.utf8), path: "hyp"), label: "person")
        #expect(detections.map(\.box) == original.detections.map(\.box) && detections.map(\.frame) == original.detections.map(\.frame))
    }
}
