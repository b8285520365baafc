import Recording

/// One object as the true camera sees it on one frame: the ground-truth box and what the
/// detector model needs to decide whether it fires.
public struct ObjectSighting: Equatable, Sendable {
    /// The object.
    public var object: Int64
    /// What it is.
    public var kind: ObjectKind
    /// The box of the full projection, clipped to the image (the `gt_boxes` box).
    public var box: PixelBox
    /// The box of the full projection, not clipped.
    public var fullBox: PixelBox
    /// Visible fraction of the full projection, [0, 1].
    public var visibility: Double
    /// Distance from the camera centre to the object's centre, metres.
    public var distance: Double
    /// Depth of the object's centre along the viewing direction, metres.
    public var depth: Double
}

/// Projects a scene's objects through the true camera: ground-truth boxes and visibility.
///
/// An object's box is the bounding box of its eight projected corners (every corner must
/// be at least `nearPlane` in front of the camera). Visibility is estimated on a grid of
/// `visibilitySamplesPerSide²` points over the full box: a point is hidden when it falls
/// outside the image or inside the full box of an object (or person) whose centre is
/// nearer. With several rooms, only objects in the camera's room are seen (walls are
/// opaque; doorways are not modelled). Furniture does not occlude (objects stand on it, and a box test would hide
/// them behind their own table).
public struct GroundTruthProjector: Sendable {
    /// The camera.
    public var camera: PinholeCamera
    /// Box and visibility rules.
    public var rules: GroundTruthRules

    /// Creates a projector.
    public init(camera: PinholeCamera, rules: GroundTruthRules) {
        self.camera = camera
        self.rules = rules
    }

    /// The sightings of every present, boxable object at `time` from `pose`, in object order.
    public func sightings(of scene: Scene, pose: RigidPose, time: Double) -> [ObjectSighting] {
        let room = scene.rooms.count > 1 ? scene.room(containing: pose.position)?.interior : nil
        let candidates = scene.objects.compactMap { object in
            object.box(at: time).flatMap { box in
                room.map { $0.contains(box.center) } == false ? nil : project(object: object, box: box, pose: pose)
            }
        }
        return candidates.map { sighting in
            var result = sighting
            let nearer = candidates.filter { $0.depth < sighting.depth && $0.object != sighting.object }.map(\.fullBox)
            result.visibility = visibility(of: sighting.fullBox, hiddenBy: nearer)
            return result
        }
    }

    /// The sighting of one object's `box`, or nil when it is behind, too far or too small.
    func project(object: SceneObject, box: Box3, pose: RigidPose) -> ObjectSighting? {
        let centre = pose.cameraPoint(fromWorld: box.center)
        let distance = length(box.center - pose.position)
        guard distance <= rules.maximumDistance else { return nil }
        var low = SIMD2(Double.infinity, .infinity)
        var high = SIMD2(-Double.infinity, -.infinity)
        for corner in box.corners {
            guard let pixel = camera.project(pose.cameraPoint(fromWorld: corner), nearPlane: rules.nearPlane) else { return nil }
            low = pointwiseMin(low, pixel)
            high = pointwiseMax(high, pixel)
        }
        let full = PixelBox(x: low.x, y: low.y, width: high.x - low.x, height: high.y - low.y)
        guard let clipped = clip(full), min(clipped.width, clipped.height) >= rules.minimumBoxSide else { return nil }
        return ObjectSighting(
            object: object.id, kind: object.kind, box: clipped, fullBox: full, visibility: 1,
            distance: distance, depth: -centre.z)
    }

    /// `box` clipped to the image, or nil when nothing is left.
    public func clip(_ box: PixelBox) -> PixelBox? {
        let left = max(box.x, 0)
        let top = max(box.y, 0)
        let right = min(box.x + box.width, Double(camera.width))
        let bottom = min(box.y + box.height, Double(camera.height))
        guard right > left, bottom > top else { return nil }
        return PixelBox(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Fraction of sample points of `box` inside the image and outside every box of `occluders`.
    func visibility(of box: PixelBox, hiddenBy occluders: [PixelBox]) -> Double {
        let side = max(1, rules.visibilitySamplesPerSide)
        var visible = 0
        for row in 0..<side {
            for column in 0..<side {
                let u = box.x + (Double(column) + 0.5) / Double(side) * box.width
                let v = box.y + (Double(row) + 0.5) / Double(side) * box.height
                let inImage = u >= 0 && v >= 0 && u <= Double(camera.width) && v <= Double(camera.height)
                if inImage && !occluders.contains(where: { contains($0, u, v) }) { visible += 1 }
            }
        }
        return Double(visible) / Double(side * side)
    }

    private func contains(_ box: PixelBox, _ u: Double, _ v: Double) -> Bool {
        u >= box.x && u <= box.x + box.width && v >= box.y && v <= box.y + box.height
    }
}
