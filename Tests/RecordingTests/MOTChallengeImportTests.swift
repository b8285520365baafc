import Foundation
import Testing
import Recording

@Suite struct MOTChallengeImportTests {
    private let gt = """
        1,1,100,200,50,120,1,1,0.9
        1,2,300,210,40,100,0,8,0.5
        2,1,104,201,50,120,1,1,1.0
        """
    private let hyp = """
        1,7,101,199,49,121,0.93,-1,-1,-1
        2,7,105,200,50,120,0.88,-1,-1,-1
        """

    @Test func importedRowsMakeAValidRecording() throws {
        let gtRows = try MOTChallengeReader.parse(Data(gt.utf8), path: "gt.txt")
        let hypRows = try MOTChallengeReader.parse(Data(hyp.utf8), path: "hyp.txt")
        let boxes = MOTChallengeImport.groundTruthBoxes(from: gtRows)
        let detections = MOTChallengeImport.detections(from: hypRows, label: "person")
        #expect(boxes.map(\.object) == [1, 1])  // the conf-0 row is ignored
        #expect(detections.map(\.trackID) == [7, 7] && detections.map(\.score) == [0.93, 0.88])
        #expect(detections[0].box == PixelBox(x: 101, y: 199, width: 49, height: 121))

        let poses = try TUMTrajectory.parse("0.0 0 1.5 0 0 0 0 1\n0.04 0.01 1.5 0 0 0 0 1", path: "traj.txt")
        let recording = Recording(
            frames: TUMTrajectory.frames(
                poses, intrinsics: CameraIntrinsics(fx: 1_000, fy: 1_000, cx: 960, cy: 540),
                width: 1_920, height: 1_080, firstIndex: 1),
            detections: detections,
            groundTruthObjects: MOTChallengeImport.groundTruthObjects(
                for: boxes, label: "person", extent: [0.5, 1.7, 0.3], isPerson: true),
            groundTruthBoxes: boxes)
        #expect(RecordingValidator().problems(in: recording) == [])
        let path = RecordingFixtures.scratchDirectory() + "/mot.sqlite"
        try RecordingStore.write(recording, to: path)
        #expect(try RecordingStore.read(from: path) == recording)
    }
}
