import Recording

/// The rows a simulation accumulates frame by frame.
struct FrameOutputs {
    var frames: [Frame] = []
    var boxes: [GroundTruthBox] = []
    var detections: [Detection] = []
    var causes: [SimulatedDetection] = []
    var grids: [DepthGrid] = []
    var lidarMaps: [LidarMap] = []
    var passes: [DepthNetworkPass] = []

    /// Appends a frame row and its ground-truth boxes.
    mutating func addFrame(
        _ frame: Int64, camera: CameraSample, sightings: [ObjectSighting], configuration: SimulationConfiguration, detectorRan: Bool
    ) {
        let intrinsics = configuration.camera
        frames.append(Frame(
            index: frame, time: camera.time, trackingState: camera.tracking, detectorRan: detectorRan,
            pose: camera.recordedPose.transform, intrinsics: intrinsics.intrinsics, width: intrinsics.width, height: intrinsics.height))
        for sighting in sightings {
            boxes.append(GroundTruthBox(
                id: Int64(boxes.count + 1), frame: frame, object: sighting.object, box: sighting.box, visibility: sighting.visibility))
        }
    }
}

/// Ground-truth object and placement rows of a scene.
enum GroundTruthTables {
    /// One `gt_objects` row per scene object, in id order.
    static func objects(of scene: Scene) -> [GroundTruthObject] {
        scene.objects.sorted { $0.id < $1.id }.map {
            GroundTruthObject(
                id: $0.id, label: $0.kind.label, extent: $0.kind.extent, isPerson: $0.kind == .person,
                twinGroup: $0.twinGroup, description: $0.description)
        }
    }

    /// One `gt_placements` row per placement starting within the capture, objects in id
    /// order; an end at or after the last frame becomes open (nil).
    static func placements(of scene: Scene, duration: Double) -> [GroundTruthPlacement] {
        var rows: [GroundTruthPlacement] = []
        for object in scene.objects.sorted(by: { $0.id < $1.id }) {
            for placement in object.placements where placement.from <= duration {
                let end = placement.to.flatMap { $0 > duration ? nil : $0 }
                rows.append(GroundTruthPlacement(
                    id: Int64(rows.count + 1), object: object.id, from: placement.from, to: end, position: placement.position))
            }
        }
        return rows
    }
}

extension GroundTruthTables {
    /// One `guidance_requests` row per guidance span of `scene` that covers at least one
    /// frame: from the first frame at or after its start to the last frame at or before its end.
    static func guidanceRequests(of scene: Scene, frames: [Frame]) -> [CaptureGuidanceRequest] {
        var rows: [CaptureGuidanceRequest] = []
        for span in scene.guidance {
            guard let first = frames.first(where: { $0.time >= span.from }),
                  let last = frames.last(where: { $0.time <= span.to }), first.index <= last.index else { continue }
            rows.append(CaptureGuidanceRequest(id: Int64(rows.count + 1), fromFrame: first.index, toFrame: last.index, object: span.object))
        }
        return rows
    }
}
