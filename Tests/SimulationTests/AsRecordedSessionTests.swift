import EvalNumerics
import Foundation
import Recording
import Simulation
import Testing

/// Simulated sessions written as an app records them (spec.md#as-recorded-sessions).
@Suite struct AsRecordedSessionTests {
    /// Short captures of the scenarios with moves, removals, twins, guidance and two rooms.
    static let captures: [SimulatedCapture] = [Scenario.walkawayReapproach, .absence, .multiRoom, .twinsMoved].map {
        CaptureSimulator().simulate($0, seed: 5, duration: 40)
    }

    @Test(arguments: MarkFrame.allCases)
    func nothingOnlyASimulatorKnowsIsLeft(frame: MarkFrame) {
        for capture in Self.captures {
            let written = AsRecordedSession.recording(of: capture, marks: frame, errorBound: 0.05, seed: 5)
            #expect(written.groundTruthBoxes.isEmpty)
            #expect(written.depthGrids.allSatisfy { $0.groundTruthDepth == nil })
            #expect(AsRecordedSession.simulatorKeys.allSatisfy { written.meta[$0] == nil })
            #expect(written.meta["source"] == "app")
            #expect(written.meta["device"]?.contains("simulated") == true && written.meta["notes"]?.contains("simulated") == true)
            #expect(written.frames == capture.recording.frames && written.detections == capture.recording.detections)
            #expect(!written.marks.isEmpty)
            #expect(RecordingValidator().problems(in: written).isEmpty, "\(RecordingValidator().problems(in: written).prefix(3))")
        }
    }

    @Test func trueFrameMarksGiveBackTheSimulatorsGroundTruth() {
        for capture in Self.captures {
            let truth = capture.recording
            let written = AsRecordedSession.recording(of: capture, marks: .trueFrame, errorBound: 0, seed: 5)
            #expect(written.groundTruthPlacements == truth.groundTruthPlacements)
            #expect(written.guidanceRequests.map { [$0.fromFrame, $0.toFrame, $0.object] } == truth.guidanceRequests.map { [$0.fromFrame, $0.toFrame, $0.object] })
            // The same partition into twin groups (group numbers may differ).
            func partition(_ objects: [GroundTruthObject]) -> Set<Set<Int64>> {
                Set(Dictionary(grouping: objects.filter { $0.twinGroup != nil }, by: { $0.twinGroup! }).values.map { Set($0.map(\.id)) })
            }
            #expect(partition(written.groundTruthObjects) == partition(truth.groundTruthObjects))
            #expect(!partition(truth.groundTruthObjects).isEmpty || capture.scene.name == "absence")
        }
    }

    @Test func phoneMarksAreWithinTheirBoundOfTheRecordedFrameAtTheirTime() {
        let bound = 0.05
        for capture in Self.captures {
            let truth = capture.recording
            let written = AsRecordedSession.recording(of: capture, marks: .phone, errorBound: bound, seed: 5)
            let placed = written.marks.filter { $0.kind == .placed }
            #expect(!placed.isEmpty)
            var drifted = 0
            for mark in placed {
                let index = truth.frames.firstIndex { $0.index == mark.frame }!
                let camera = capture.cameras[index]
                let placement = truth.groundTruthPlacements.first {
                    $0.object == mark.object && $0.from <= mark.time && mark.time < ($0.to ?? .infinity)
                }!
                let recorded = camera.recordedPose.worldPoint(fromCamera: camera.truePose.cameraPoint(fromWorld: placement.position))
                let d = mark.position! - recorded
                #expect((d * d).sum().squareRoot() <= bound + 1e-12)
                let drift = recorded - placement.position
                if (drift * drift).sum().squareRoot() > 0.01 { drifted += 1 }
                // Marked when the object was in clear view on that frame.
                #expect(truth.groundTruthBoxes.contains {
                    $0.frame == mark.frame && $0.object == mark.object && $0.visibility >= AsRecordedSession.clearView
                })
            }
            #expect(drifted > 0, "phone marks must sit in the drifting recorded frame")
        }
    }

    @Test func writingIsDeterministicForASeed() {
        let capture = Self.captures[0]
        let a = AsRecordedSession.recording(of: capture, marks: .phone, errorBound: 0.05, seed: 11)
        let b = AsRecordedSession.recording(of: capture, marks: .phone, errorBound: 0.05, seed: 11)
        let c = AsRecordedSession.recording(of: capture, marks: .phone, errorBound: 0.05, seed: 12)
        #expect(a == b)
        #expect(a.marks.map(\.position) != c.marks.map(\.position))
    }
}
