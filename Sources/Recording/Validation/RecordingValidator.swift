/// Checks a recording for values that would make any evaluation of it meaningless.
///
/// Pure: it looks only at the value it is given. File-level damage is found by SQLite's
/// `PRAGMA integrity_check` (`RecordingStore.integrityProblems(at:)`); pass its messages
/// in to have them reported alongside.
public struct RecordingValidator: Sendable {
    /// Largest accepted ‖RᵀR − I‖∞ of a pose's rotation block.
    public var orthonormalityTolerance: Double
    /// How far, in pixels, a box may reach beyond the image edges.
    public var boxTolerance: Double

    /// Creates a validator with the given tolerances.
    public init(orthonormalityTolerance: Double = 1e-4, boxTolerance: Double = 0.5) {
        self.orthonormalityTolerance = orthonormalityTolerance
        self.boxTolerance = boxTolerance
    }

    /// Every problem found, table by table in schema order, rows in recording order.
    public func problems(in recording: Recording, integrityMessages: [String] = []) -> [RecordingProblem] {
        var found = integrityMessages.map { RecordingProblem(table: "sqlite", row: nil, message: "integrity_check: \($0)") }
        let frames = Dictionary(recording.frames.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        let objects = Set(recording.groundTruthObjects.map(\.id))
        let detections = Set(recording.detections.map(\.id))

        func report(_ table: String, _ row: Int64, _ messages: [String?]) {
            found += messages.compactMap { $0.map { RecordingProblem(table: table, row: row, message: $0) } }
        }
        func frameReference(_ frame: Int64) -> String? {
            frames[frame] == nil ? "refers to frame \(frame), which does not exist" : nil
        }
        func objectReference(_ object: Int64) -> String? {
            objects.contains(object) ? nil : "refers to ground-truth object \(object), which does not exist"
        }

        var previous: Frame?
        for frame in recording.frames {
            report("frames", frame.index, frameProblems(frame, after: previous))
            previous = frame
        }
        for detection in recording.detections {
            report("detections", detection.id, [
                frameReference(detection.frame),
                frames[detection.frame].flatMap { boxProblem(detection.box, in: $0) },
                (0...1).contains(detection.score) ? nil : "score \(detection.score) is outside [0, 1]",
                detection.embedding?.allSatisfy(\.isFinite) == false ? "embedding has non-finite values" : nil,
            ])
        }
        for grid in recording.depthGrids {
            report("depth_grids", grid.detection, [
                detections.contains(grid.detection) ? nil : "refers to detection \(grid.detection), which does not exist",
            ] + gridProblems(grid))
        }
        for observation in recording.observations {
            let positions = [observation.rawPosition, observation.storedAfter] + [observation.storedBefore].compactMap { $0 }
            report("observations", observation.id, [
                frameReference(observation.frame),
                positions.allSatisfy(Self.isBounded) ? nil : "position has non-finite coordinates or coordinates beyond \(Self.maximumCoordinate) m",
            ])
        }
        for object in recording.groundTruthObjects {
            let positive = Self.isBounded(object.extent) && object.extent.min() > 0
            report("gt_objects", object.id, [positive ? nil : "extent \(object.extent) is not finite and positive"])
        }
        for placement in recording.groundTruthPlacements {
            report("gt_placements", placement.id, [objectReference(placement.object)] + placementProblems(placement))
        }
        found += overlappingPlacements(recording.groundTruthPlacements)
        for box in recording.groundTruthBoxes {
            report("gt_boxes", box.id, [
                frameReference(box.frame), objectReference(box.object),
                frames[box.frame].flatMap { boxProblem(box.box, in: $0) },
                (0...1).contains(box.visibility) ? nil : "visibility \(box.visibility) is outside [0, 1]",
            ])
        }
        for map in recording.lidarMaps {
            report("lidar_maps", map.frame, [frameReference(map.frame)] + lidarMapProblems(map))
        }
        let gridSizes = Dictionary(recording.depthGrids.map { ($0.detection, $0.rows.multipliedReportingOverflow(by: $0.columns).partialValue) }, uniquingKeysWith: { first, _ in first })
        for pass in recording.depthNetworkPasses {
            let size = gridSizes[pass.detection]
            report("depth_network_passes", pass.detection, [
                size == nil ? "refers to the depth grid of detection \(pass.detection), which does not exist" : nil,
                size.flatMap { $0 == pass.relativeInverseDepth.count ? nil
                    : "pass '\(pass.variant)' has \(pass.relativeInverseDepth.count) values, the grid \($0)" },
            ])
        }
        for request in recording.guidanceRequests {
            report("guidance_requests", request.id, [
                frameReference(request.fromFrame), frameReference(request.toFrame), objectReference(request.object),
                request.fromFrame <= request.toFrame ? nil
                    : "from_frame \(request.fromFrame) is after to_frame \(request.toFrame)",
            ])
        }
        found += decisionProblems(recording, frames: frames)
        found += CaptureMarks.contradictions(in: recording)
        return found
    }

    // MARK: - Per-row checks

    func frameProblems(_ frame: Frame, after previous: Frame?) -> [String?] {
        let pose = frame.pose
        let bottomRow = [pose[3, 0], pose[3, 1], pose[3, 2], pose[3, 3]]
        let k = frame.intrinsics
        var messages: [String?] = [
            frame.time.isFinite ? nil : "time \(frame.time) is not finite",
            previous.flatMap { $0.time < frame.time || !frame.time.isFinite ? nil
                : "time \(frame.time) s is not after the previous frame's \($0.time) s (frame \($0.index))" },
            previous.flatMap { $0.index < frame.index ? nil : "frame number \(frame.index) does not increase" },
            [k.fx, k.fy, k.cx, k.cy].allSatisfy(\.isFinite) && k.fx > 0 && k.fy > 0 ? nil
                : "intrinsics fx \(k.fx) fy \(k.fy) cx \(k.cx) cy \(k.cy) are not finite with positive focal lengths",
            frame.width > 0 && frame.height > 0 ? nil : "image size \(frame.width)×\(frame.height) is not positive",
        ]
        messages += [
            abs(frame.time) <= Self.maximumTime ? nil : "time \(frame.time) s is beyond ±\(Self.maximumTime) s",
            max(abs(k.fx), abs(k.fy), abs(k.cx), abs(k.cy)) <= Self.maximumPixels ? nil
                : "intrinsics fx \(k.fx) fy \(k.fy) cx \(k.cx) cy \(k.cy) are beyond \(Self.maximumPixels) pixels",
            frame.width <= Self.maximumImageSide && frame.height <= Self.maximumImageSide ? nil
                : "image size \(frame.width)×\(frame.height) is more than \(Self.maximumImageSide) pixels on a side",
        ]
        guard pose.isFinite else { return messages + ["pose has non-finite elements"] }
        guard Self.isBounded(pose.translation) else {
            return messages + ["pose translation \(pose.translation) is beyond \(Self.maximumCoordinate) m"]
        }
        let error = pose.orthonormalityError
        messages += [
            error <= orthonormalityTolerance ? nil
                : "pose rotation is not orthonormal (max |RᵀR − I| = \(error), tolerance \(orthonormalityTolerance))",
            pose.rotationDeterminant > 0 ? nil : "pose rotation has determinant \(pose.rotationDeterminant) (a reflection)",
            bottomRow == [0, 0, 0, 1] ? nil : "pose bottom row \(bottomRow) is not [0, 0, 0, 1]",
        ]
        return messages
    }

    func boxProblem(_ box: PixelBox, in frame: Frame) -> String? {
        guard box.isFinite, box.width > 0, box.height > 0 else {
            return "box \(Self.text(box)) is not finite with positive size"
        }
        let inside = box.x >= -boxTolerance && box.y >= -boxTolerance
            && box.x + box.width <= Double(frame.width) + boxTolerance
            && box.y + box.height <= Double(frame.height) + boxTolerance
        return inside ? nil : "box \(Self.text(box)) is outside the \(frame.width)×\(frame.height) image of frame \(frame.index)"
    }

    func gridProblems(_ grid: DepthGrid) -> [String?] {
        guard grid.rows > 0, grid.columns > 0 else { return ["grid size \(grid.rows)×\(grid.columns) is not positive"] }
        guard grid.rows <= GridShape.maximumSide, grid.columns <= GridShape.maximumSide else {
            return ["grid size \(grid.rows)×\(grid.columns) is more than \(GridShape.maximumSide) on a side"]
        }
        let expected = grid.rows * grid.columns
        return grid.arrayLengths.map { $0.count == expected ? nil : "\($0.name) has \($0.count) values, expected \(expected)" }
            + [grid.lidarConfidence.allSatisfy { $0 <= 2 } ? nil : "lidar_confidence has values above 2",
               grid.inMask.allSatisfy { $0 <= 1 } ? nil : "in_mask has values other than 0 and 1"]
    }

    func lidarMapProblems(_ map: LidarMap) -> [String?] {
        guard map.rows > 0, map.columns > 0 else { return ["map size \(map.rows)×\(map.columns) is not positive"] }
        guard map.rows <= GridShape.maximumSide, map.columns <= GridShape.maximumSide else {
            return ["map size \(map.rows)×\(map.columns) is more than \(GridShape.maximumSide) on a side"]
        }
        let expected = map.rows * map.columns
        return [
            map.depth.count == expected ? nil : "depth has \(map.depth.count) values, expected \(expected)",
            map.confidence.count == expected ? nil : "confidence has \(map.confidence.count) values, expected \(expected)",
            map.confidence.allSatisfy { $0 <= 2 } ? nil : "confidence has values above 2",
        ]
    }

    func placementProblems(_ placement: GroundTruthPlacement) -> [String?] {
        [
            placement.from.isFinite && abs(placement.from) <= Self.maximumTime ? nil : "from_t \(placement.from) is not finite within ±\(Self.maximumTime) s",
            placement.to.map { $0.isFinite && $0 > placement.from } == false
                ? "to_t \(placement.to!) is not after from_t \(placement.from)" : nil,
            Self.isBounded(placement.position) ? nil : "position has non-finite coordinates or coordinates beyond \(Self.maximumCoordinate) m",
        ]
    }

    /// Placements of one object whose intervals overlap an earlier one's (by start time).
    func overlappingPlacements(_ placements: [GroundTruthPlacement]) -> [RecordingProblem] {
        let byObject = Dictionary(grouping: placements.filter { $0.from.isFinite }, by: \.object)
        return byObject.keys.sorted().flatMap { object -> [RecordingProblem] in
            let sorted = byObject[object]!.sorted { ($0.from, $0.id) < ($1.from, $1.id) }
            return zip(sorted, sorted.dropFirst()).compactMap { earlier, later in
                guard (earlier.to ?? .infinity) > later.from else { return nil }
                return RecordingProblem(
                    table: "gt_placements", row: later.id,
                    message: "overlaps placement \(earlier.id) of object \(object) (starts at \(later.from) s, before that one ends)")
            }
        }
    }

    /// The largest coordinate, metres, of a pose, position or extent (1000 km): a larger one is a
    /// corrupt value, and squaring it could overflow to infinity (`spec.md#limits-recordings`).
    public static let maximumCoordinate = 1e6
    /// The largest |time|, seconds, of a frame or placement.
    public static let maximumTime = 1e12
    /// The largest focal length or principal point coordinate, pixels.
    public static let maximumPixels = 1e7
    /// The largest image side, pixels.
    public static let maximumImageSide = 100_000

    /// Whether every coordinate of `vector` is finite and within ``maximumCoordinate``.
    static func isBounded(_ vector: SIMD3<Double>) -> Bool {
        isFinite(vector) && max(abs(vector.x), abs(vector.y), abs(vector.z)) <= maximumCoordinate
    }

    static func isFinite(_ vector: SIMD3<Double>) -> Bool {
        vector.x.isFinite && vector.y.isFinite && vector.z.isFinite
    }

    static func text(_ box: PixelBox) -> String {
        "x \(box.x) y \(box.y) w \(box.width) h \(box.height)"
    }
}
