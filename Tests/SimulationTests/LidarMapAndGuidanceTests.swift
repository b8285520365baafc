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

/// The pyramid-restricted caster the LiDAR maps use leaves out only solids no ray of the
/// frame can enter: every cast inside the pyramid equals the unrestricted one, bit for bit,
/// and it does leave solids out (otherwise it would not be faster).
@Suite struct FrustumCullingTests {
    @Test(arguments: Scenario.allCases)
    func restrictedCastsEqualUnrestrictedOnes(_ scenario: Scenario) throws {
        let capture = scenario == .twinsMoved ? SimulationFixtures.twins : CaptureSimulator().simulate(scenario, seed: 3, duration: 8)
        let camera = SimulationConfiguration().camera
        var left = 0, total = 0, casts = 0
        for sample in capture.cameras.enumerated().filter({ $0.offset % 7 == 0 }).map(\.element) {
            let pose = sample.truePose
            let direction = { (u: Double, v: Double) in pose.worldPoint(fromCamera: camera.ray(u: u, v: v)) - pose.position }
            let (w, h) = (Double(camera.width), Double(camera.height))
            let edges = [direction(0, 0), direction(w, 0), direction(w, h), direction(0, h)]
            let full = RayCaster(scene: capture.scene, time: sample.time, origin: pose.position)
            let restricted = RayCaster(scene: capture.scene, time: sample.time, origin: pose.position, pyramidEdges: edges)
            (left, total) = (left + restricted.solids.count, total + full.solids.count)
            for k in 0..<64 {
                // Pixels on the image's border and inside it, the corners included.
                let (u, v) = (w * Double(k % 8) / 7, h * Double(k / 8) / 7)
                #expect(restricted.cast(direction: direction(u, v)) == full.cast(direction: direction(u, v)))
                casts += 1
            }
        }
        #expect(casts > 100)
        #expect(left < total, "the restricted caster kept all \(total) solids")
    }

    @Test("A tile of map samples restricted to its corner rays casts what the frame's caster casts, and leaves solids out")
    func tileCastsEqualFrameCasts() throws {
        let capture = SimulationFixtures.twins
        let camera = SimulationConfiguration().camera
        let map = LidarMap(frame: 0, rows: 32, columns: 24, depth: [], confidence: [])
        var (left, total) = (0, 0)
        for sample in capture.cameras.enumerated().filter({ $0.offset % 11 == 0 }).map(\.element) {
            let pose = sample.truePose
            let direction = { (row: Int, column: Int) -> SIMD3<Double> in
                let pixel = map.pixel(row: row, column: column, width: camera.width, height: camera.height)
                return pose.worldPoint(fromCamera: camera.ray(u: pixel.x, v: pixel.y)) - pose.position
            }
            let frame = RayCaster(scene: capture.scene, time: sample.time, origin: pose.position)
            for (top, leftColumn) in [(0, 0), (8, 6), (24, 18), (16, 12)] {
                let (bottom, right) = (top + 7, leftColumn + 5)
                let tile = frame.restricted(to: [direction(top, leftColumn), direction(top, right), direction(bottom, right), direction(bottom, leftColumn)])
                (left, total) = (left + tile.solids.count, total + frame.solids.count)
                for row in top...bottom {
                    for column in leftColumn...right {
                        #expect(tile.cast(direction: direction(row, column)) == frame.cast(direction: direction(row, column)))
                    }
                }
            }
        }
        #expect(left < total, "the tiles kept all \(total) solids")
    }

    @Test func degeneratePyramidsCullNothing() {
        let box = Box3(center: SIMD3(0, 0, -5), extent: SIMD3(1, 1, 1))
        let flat = FrustumPlanes(origin: .zero, edges: [SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(-1, 0, 0), SIMD3(0, -1, 0)])
        #expect(flat.normals == nil)
        #expect(flat.mayIntersect(Box3(center: SIMD3(0, 0, 5), extent: SIMD3(1, 1, 1))))
        let forward = FrustumPlanes(origin: .zero, edges: [SIMD3(-1, 1, -1), SIMD3(1, 1, -1), SIMD3(1, -1, -1), SIMD3(-1, -1, -1)])
        #expect(forward.mayIntersect(box))
        #expect(!forward.mayIntersect(Box3(center: SIMD3(0, 0, 5), extent: SIMD3(1, 1, 1))), "a box behind the camera")
        #expect(!forward.mayIntersect(Box3(center: SIMD3(10, 0, -5), extent: SIMD3(1, 1, 1))), "a box far to the right")
    }
}
