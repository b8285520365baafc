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

/// Tables of a member (scenario, seed, duration) simulated under another configuration that a
/// simulation of the same member takes instead of computing them: each must come from a
/// configuration that agrees on what that table reads, or the simulation is not the one its
/// configuration gives.
public struct ReusedTables: Sendable {
    /// LiDAR maps simulated under the same ``SimulationConfiguration/lidarMapInputs``.
    public var lidarMaps: [LidarMap]?
    /// Depth grids simulated under the same ``SimulationConfiguration/depthGridInputs``.
    public var depthGrids: [DepthGrid]?

    /// Tables to reuse (none by default).
    public init(lidarMaps: [LidarMap]? = nil, depthGrids: [DepthGrid]? = nil) {
        self.lidarMaps = lidarMaps
        self.depthGrids = depthGrids
    }
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
    /// - Parameter reused: tables of the same scenario, seed and duration simulated under a
    ///   configuration that agrees on what they read (``ReusedTables``): they are what this
    ///   simulation would compute, so they are taken instead (a corpus variant reuses its base
    ///   member's).
    public func simulate(_ scenario: Scenario, seed: UInt64, duration: Double? = nil, reusing reused: ReusedTables = ReusedTables()) -> SimulatedCapture {
        simulate(scenario.scene(duration: duration, seed: seed, layout: configuration.layout), seed: seed, reusing: reused)
    }

    /// Simulates `roomScene` with `seed`. The world origin is moved to the first camera
    /// centre, as an AR session's is. `reused` tables stand for the ones this simulation
    /// would compute (see ``simulate(_:seed:duration:reusing:)``).
    public func simulate(_ roomScene: Scene, seed: UInt64, reusing reused: ReusedTables = ReusedTables()) -> SimulatedCapture {
        let config = configuration
        let scene = roomScene.translated(by: -roomScene.path.pose(at: 0).position)
        let streams = RandomStreams(seed: seed)
        var drift = config.drift
        if scene.lighting == .low { drift.errorScale *= drift.lowLightErrorFactor }
        let cameras = TrajectorySimulator(drift: drift, framesPerSecond: config.framesPerSecond)
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
            if reused.lidarMaps == nil, config.cadence.lidarMapEveryNFrames > 0, offset % config.cadence.lidarMapEveryNFrames == 0 {
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
                    let grid: DepthGrid
                    if let grids = reused.depthGrids {
                        precondition(output.grids.count < grids.count && grids[output.grids.count].detection == id,
                                     "reused depth grids do not match this simulation's detections")
                        grid = grids[output.grids.count]
                    } else {
                        grid = sampler.grid(
                            detection: id, box: detection.box, source: detection.source, scene: scene, time: camera.time,
                            pose: camera.truePose, network: network, patch: patch, random: &lidarRandom)
                    }
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
            groundTruthBoxes: output.boxes, lidarMaps: reused.lidarMaps ?? output.lidarMaps,
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
