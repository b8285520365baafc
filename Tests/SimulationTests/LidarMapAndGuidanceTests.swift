import Recording
import Testing
@testable import Simulation

@Suite struct LidarMapAndGuidanceTests {
    @Test func everyDetectorFrameCarriesAMapOfTheWholeImage() {
        let recording = SimulationFixtures.twins.recording
        let detectorFrames = recording.frames.filter(\.detectorRan).map(\.index)
        #expect(recording.lidarMaps.map(\.frame) == detectorFrames)
        let configuration = SimulationConfiguration()
        #expect(recording.lidarMaps.allSatisfy {
            $0.rows == configuration.cadence.lidarMapRows && $0.columns == configuration.cadence.lidarMapColumns
                && $0.depth.count == $0.rows * $0.columns
        })
    }

    /// Each high-confidence map sample measures the true surface along the ray through its
    /// own pixel centre (`LidarMap.pixel`) up to the LiDAR noise (σ = 0.5 cm + 0.5 cm·z²,
    /// so about 1–5 cm at room range; edge bleed spares few high-confidence samples).
    @Test func mapDepthMeasuresTheSurfaceAtEachSamplePixel() throws {
        let capture = SimulationFixtures.twins
        let camera = SimulationConfiguration().camera
        var cameraOfFrame: [Int64: CameraSample] = [:]
        for (offset, sample) in capture.cameras.enumerated() { cameraOfFrame[capture.recording.frames[offset].index] = sample }
        var differences: [Double] = []
        for map in capture.recording.lidarMaps.prefix(20) {
            let sample = try #require(cameraOfFrame[map.frame])
            let caster = RayCaster(scene: capture.scene, time: sample.time, origin: sample.truePose.position)
            for row in 0..<map.rows {
                for column in 0..<map.columns where map.confidence[row * map.columns + column] == 2 {
                    let pixel = map.pixel(row: row, column: column, width: camera.width, height: camera.height)
                    let ray = sample.truePose.worldPoint(fromCamera: camera.ray(u: pixel.x, v: pixel.y)) - sample.truePose.position
                    differences.append(abs(Double(map.depth[row * map.columns + column]) - caster.cast(direction: ray).depth))
                }
            }
        }
        #expect(differences.count > 1000)
        let sorted = differences.sorted()
        #expect(sorted[sorted.count / 2] < 0.03, "median |map − ray-cast depth| = \(sorted[sorted.count / 2]) m")
        #expect(sorted[sorted.count * 9 / 10] < 0.1, "p90 = \(sorted[sorted.count * 9 / 10]) m")
    }

    @Test func guidanceSpansBecomeRequestsOnTheFramesTheyCover() throws {
        let capture = CaptureSimulator().simulate(.twinsMoved, seed: 3, duration: 20)
        let spans = Scenario.twinsMoved.scene(duration: 20).guidance
        #expect(spans.map(\.object) == [1, 2] && spans[0].from == 12 && spans[1].to == 20, "nominal 24–29 s and 29–40 s halved")
        let frames = capture.recording.frames
        for (span, request) in zip(spans, capture.recording.guidanceRequests) {
            let first = try #require(frames.first { $0.index == request.fromFrame })
            let last = try #require(frames.first { $0.index == request.toFrame })
            #expect(first.time >= span.from && last.time <= span.to && request.object == span.object)
            #expect(frames.first { $0.time >= span.from }?.index == request.fromFrame)
        }
        #expect(capture.recording.guidanceRequests.count == 2)
    }

    @Test func fastNetworkPassBesideEveryFullGridOnly() {
        let recording = SimulationFixtures.twins.recording
        #expect(recording.depthNetworkPasses.map(\.detection) == recording.depthGrids.map(\.detection))
        #expect(zip(recording.depthNetworkPasses, recording.depthGrids).allSatisfy {
            $0.variant == "fast" && $0.relativeInverseDepth.count == $1.relativeInverseDepth.count
                && $0.relativeInverseDepth != $1.relativeInverseDepth
        })
        var configuration = SimulationConfiguration()
        configuration.depthNetwork.variant = .fast
        let fast = CaptureSimulator(configuration: configuration).simulate(.twinsMoved, seed: 3, duration: 8).recording
        #expect(!fast.depthGrids.isEmpty && fast.depthNetworkPasses.isEmpty, "grids of the fast pass have no second pass")
    }
}
