import Testing
import Recording

@Suite struct RecordingValidatorTests {
    private let validator = RecordingValidator()

    /// The problems of the small fixture after `change`.
    private func problems(_ change: (inout Recording) -> Void) -> [RecordingProblem] {
        var recording = RecordingFixtures.small()
        change(&recording)
        return validator.problems(in: recording)
    }

    @Test func fixtureIsClean() {
        #expect(validator.problems(in: RecordingFixtures.small()) == [])
    }

    @Test func nanPoseIsReportedWithTableAndRow() {
        let found = problems { $0.frames[1].pose[1, 3] = .nan }
        #expect(found == [RecordingProblem(table: "frames", row: 1, message: "pose has non-finite elements")])
    }

    @Test func nonOrthonormalRotationIsReported() {
        let found = problems { $0.frames[0].pose[0, 0] *= 1.01 }
        #expect(found.count == 1)
        #expect(found.first?.table == "frames" && found.first?.row == 0)
        #expect(found.first?.message.contains("not orthonormal") == true)
    }

    @Test func reflectionIsReported() {
        let found = problems { recording in
            for column in 0..<3 { recording.frames[0].pose[2, column] *= -1 }
        }
        #expect(found.map(\.row) == [0])
        #expect(found.first?.message.contains("determinant") == true)
    }

    @Test func boxOutsideTheImageIsReported() {
        let found = problems {
            $0.detections[2].box.x = 1_900  // 1900 + 40 > 1920
            $0.groundTruthBoxes[0].box.y = -3
        }
        #expect(found.map(\.table) == ["detections", "gt_boxes"])
        #expect(found.map(\.row) == [12, 1])
        #expect(found.allSatisfy { $0.message.contains("outside the 1920×1440 image") })
    }

    @Test func nonMonotonicTimeIsReported() {
        let found = problems { $0.frames[1].time = 0 }
        #expect(found.count == 1)
        #expect(found.first?.description.hasPrefix("frames:1: time 0.0 s is not after") == true)
    }

    @Test func danglingGroundTruthReferencesAreReported() {
        let found = problems {
            $0.groundTruthBoxes[1].object = 42
            $0.groundTruthPlacements[2].object = 43
            $0.groundTruthBoxes[0].frame = 9
            $0.depthGrids[0].detection = 77
        }
        let located = found.map { "\($0.table):\($0.row ?? -1)" }
        #expect(located == ["depth_grids:77", "gt_placements:3", "gt_boxes:1", "gt_boxes:2"])
        #expect(found[1].message == "refers to ground-truth object 43, which does not exist")
        #expect(found[2].message == "refers to frame 9, which does not exist")
    }

    @Test func overlappingAndReversedPlacementsAreReported() {
        let found = problems {
            $0.groundTruthPlacements[0].to = 0.75  // overlaps placement 2 starting at 0.5
            $0.groundTruthPlacements[2].to = -1
        }
        #expect(found.map(\.description) == [
            "gt_placements:3: to_t -1.0 is not after from_t 0.0",
            "gt_placements:2: overlaps placement 1 of object 1 (starts at 0.5 s, before that one ends)",
        ])
    }

    @Test func gridArraysOfTheWrongLengthAreReported() {
        let found = problems { $0.depthGrids[0].u.removeLast() }
        #expect(found == [RecordingProblem(table: "depth_grids", row: 10, message: "u has 3 values, expected 4")])
    }

    @Test func integrityMessagesAreReportedUnderSQLite() {
        let found = validator.problems(in: RecordingFixtures.small(), integrityMessages: ["Page 3 is never used"])
        #expect(found.map(\.description) == ["sqlite: integrity_check: Page 3 is never used"])
    }

    @Test func summaryCountsTheFixture() {
        let summary = RecordingSummary(RecordingFixtures.small())
        #expect(summary.frames == 2)
        #expect(summary.duration == 1.0 / 30.0)
        #expect(summary.detectionsPerClass == ["bottle": 2, "person": 1])
        #expect(summary.groundTruthObjects == 2 && summary.persons == 1)
        #expect(summary.moves == 1 && summary.removals == 0)
        #expect(summary.depthGrids == 1 && summary.embeddings == 2 && summary.detectorFrames == 1)
    }
}
