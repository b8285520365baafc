import Foundation
import EvalNumerics
import Recording

/// A simulated capture: the recording as an app would export it, with ground truth, plus
/// what only the simulator knows (true poses, the cause of every detection).
public struct SimulatedCapture: Sendable {
    /// The recording (schema v1), ground-truth tables filled.
    public var recording: Recording
    /// The camera of every frame, in frame order (true and recorded pose).
    public var cameras: [CameraSample]
    /// For each detection of `recording.detections` (same order), the object that caused
    /// it (nil for a false positive) and the probability the model gave it.
    public var detectionCauses: [SimulatedDetection]
    /// The identity embeddings used.
    public var embeddings: IdentityEmbeddings
    /// The scene in world coordinates (origin at the first camera).
    public var scene: Scene
}

/// Simulates a capture of a scene: a pure function of (scene, configuration, seed).
public struct CaptureSimulator: Sendable {
    /// Every model parameter.
    public var configuration: SimulationConfiguration

    /// Creates a simulator.
    public init(configuration: SimulationConfiguration = SimulationConfiguration()) {
        self.configuration = configuration
    }

    /// Simulates `scenario` (stretched to `duration` seconds, if given) with `seed`.
    ///
    /// - Parameter lidarMaps: the LiDAR maps of the same scenario, seed and duration simulated
    ///   under a configuration with the same ``SimulationConfiguration/lidarMapInputs``: they
    ///   are what this simulation would cast, so they are taken instead of cast again (a
    ///   corpus variant reuses its base member's).
    public func simulate(_ scenario: Scenario, seed: UInt64, duration: Double? = nil, lidarMaps: [LidarMap]? = nil) -> SimulatedCapture {
        simulate(scenario.scene(duration: duration, seed: seed, layout: configuration.layout), seed: seed, lidarMaps: lidarMaps)
    }

    /// Simulates `roomScene` with `seed`. The world origin is moved to the first camera
    /// centre, as an AR session's is. `lidarMaps`, when given, stand for the maps this
    /// simulation would cast (see ``simulate(_:seed:duration:lidarMaps:)``).
    public func simulate(_ roomScene: Scene, seed: UInt64, lidarMaps reused: [LidarMap]? = nil) -> SimulatedCapture {
        let config = configuration
        let scene = roomScene.translated(by: -roomScene.path.pose(at: 0).position)
        let streams = RandomStreams(seed: seed)
        let cameras = TrajectorySimulator(drift: config.drift, framesPerSecond: config.framesPerSecond)
            .samples(of: scene.path, streams: streams)
        let embeddings = IdentityEmbeddings(objects: scene.objects, model: config.embeddings, streams: streams)
        let projector = GroundTruthProjector(camera: config.camera, rules: config.groundTruth)
        let detector = DetectorSimulator(model: config.detector, camera: config.camera)
        let sampler = DepthGridSampler(
            camera: config.camera, lidar: config.lidar, segmentation: config.segmentation, gridSize: config.cadence.gridSize,
            silhouettes: SilhouetteTemplates.measured.assigned(to: scene.objects, streams: streams))
        var output = FrameOutputs()
        for (offset, camera) in cameras.enumerated() {
            let frame = Int64(offset + 1)
            let sightings = projector.sightings(of: scene, pose: camera.truePose, time: camera.time)
            output.addFrame(frame, camera: camera, sightings: sightings, configuration: config, detectorRan: offset % max(1, config.cadence.detectorEveryNFrames) == 0)
            guard output.frames[offset].detectorRan else { continue }
            var random = streams.generator(.detector, UInt64(frame))
            let motion = CameraMotion(angularSpeed: camera.angularSpeed, speed: camera.speed)
            let found = detector.detect(sightings, lowLight: scene.lighting == .low, motion: motion, random: &random)
            var viewRandom = streams.generator(.views, UInt64(frame))
            var lidarRandom = streams.generator(.lidar, UInt64(frame))
            var networkRandom = streams.generator(.depthNetwork, UInt64(frame))
            let network = DepthNetworkFrame(model: config.depthNetwork, random: &networkRandom)
            let embed = offset % max(1, config.cadence.embeddingEveryNFrames) == 0
            let sampleDepth = offset % max(1, config.cadence.depthGridEveryNFrames) == 0
            if reused == nil, config.cadence.lidarMapEveryNFrames > 0, offset % config.cadence.lidarMapEveryNFrames == 0 {
                var mapRandom = streams.generator(.lidarMap, UInt64(frame))
                output.lidarMaps.append(sampler.lidarMap(
                    frame: frame, rows: config.cadence.lidarMapRows, columns: config.cadence.lidarMapColumns, scene: scene,
                    time: camera.time, pose: camera.truePose, random: &mapRandom))
            }
            for detection in found {
                let id = Int64(output.detections.count + 1)
                output.detections.append(Detection(
                    id: id, frame: frame, label: detection.label, score: detection.score, box: detection.box,
                    embedding: embed ? embeddings.view(of: detection.source, random: &viewRandom) : nil))
                output.causes.append(detection)
                if sampleDepth {
                    let patch = network.patch(for: detection.box, focal: config.camera.fx, random: &networkRandom)
                    let fastPatch = network.patch(for: detection.box, focal: config.camera.fx, random: &networkRandom)
                    let grid = sampler.grid(
                        detection: id, box: detection.box, source: detection.source, scene: scene, time: camera.time,
                        pose: camera.truePose, network: network, patch: patch, random: &lidarRandom)
                    output.grids.append(grid)
                    if config.cadence.fastNetworkPass, config.depthNetwork.variant == .full {
                        output.passes.append(DepthNetworkPass(
                            detection: id, variant: DepthNetworkVariant.fast.rawValue,
                            relativeInverseDepth: sampler.fastPass(of: grid, box: detection.box, network: network, patch: patch, fastPatch: fastPatch)))
                    }
                }
            }
        }
        let recording = Recording(
            meta: meta(scene: scene, seed: seed, cameras: cameras), frames: output.frames, detections: output.detections,
            depthGrids: output.grids, groundTruthObjects: GroundTruthTables.objects(of: scene),
            groundTruthPlacements: GroundTruthTables.placements(of: scene, duration: cameras.last?.time ?? 0),
            groundTruthBoxes: output.boxes, lidarMaps: reused ?? output.lidarMaps,
            guidanceRequests: GroundTruthTables.guidanceRequests(of: scene, frames: output.frames),
            depthNetworkPasses: output.passes)
        return SimulatedCapture(recording: recording, cameras: cameras, detectionCauses: output.causes, embeddings: embeddings, scene: scene)
    }

    /// The recording's meta: provenance, scenario and the full configuration as JSON.
    func meta(scene: Scene, seed: UInt64, cameras: [CameraSample]) -> [String: String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = (try? encoder.encode(configuration)).flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
        let camera = configuration.camera
        return [
            "source": "simulator",
            "simulator": SimulatorInfo.name,
            "scenario": scene.name,
            "seed": String(seed),
            "session_id": "sim-\(scene.name)-\(seed)",
            "device": "simulated iPhone, \(camera.width)x\(camera.height) upright, fx \(camera.fx) fy \(camera.fy)",
            "room": scene.rooms.map(\.name).joined(separator: ", "),
            "lighting": scene.lighting.rawValue,
            "protocol": scene.captureProtocol,
            "notes": scene.summary,
            "distance_travelled_m": String(format: "%.2f", cameras.last?.travelled ?? 0),
            "simulation_config": json,
            "frames_pose": "true pose with replayed tracking residuals (TUM RGB-D estimates); gt_boxes use the true pose",
        ]
    }
}
