/// Ground truth made while capturing: the person holding the phone defines the objects of
/// the capture and presses buttons ("this object is here", "removed", "moved", "twin of",
/// protocol steps). `spatial-eval import` turns the marks into the recording's ground-truth
/// tables (`gt_objects`, `gt_placements`, `guidance_requests`) and keeps each mark, with its
/// error bound, in `gt_marks` (`Docs/recorder.md#ground-truth-marks`).

/// A physical object of the capture (a `gt_object` record), defined before it is marked.
public struct MarkedObject: Sendable, Equatable {
    /// The object's id, unique in the session; marks name it.
    public var object: Int64
    /// Class name (COCO), e.g. `bottle`.
    public var label: String
    /// Physical size, metres (width, height, depth).
    public var extent: WorldPoint
    /// Whether it is a person (persons are exempt from absence checks).
    public var isPerson: Bool
    /// Objects sharing a group are look-alikes; usually left nil and set by ``GroundTruthMark/Kind/twin(of:)`` marks.
    public var twinGroup: Int64?
    /// Free text, e.g. `green bottle on the desk`.
    public var description: String?

    /// Creates an object definition.
    public init(
        object: Int64, label: String, extent: WorldPoint, isPerson: Bool = false, twinGroup: Int64? = nil,
        description: String? = nil
    ) {
        self.object = object
        self.label = label
        self.extent = extent
        self.isPerson = isPerson
        self.twinGroup = twinGroup
        self.description = description
    }
}

/// The capture protocol's steps a person starts and stops with marks.
public enum ProtocolStep: String, Sendable, CaseIterable {
    /// Mapping the room before anything else.
    case map
    /// Walking away (out of sight of the marked objects).
    case walkAway = "walk_away"
    /// Coming back towards them.
    case reapproach
    /// Sweeping the old spots (absence checks).
    case sweep
    /// Being guided to an object: with the mark's `object` and `frame`, a start/stop pair
    /// becomes a `guidance_requests` row.
    case guide
    /// Moving between rooms.
    case changeRoom = "change_room"
    /// Dimming the lights / capturing in low light.
    case lowLight = "low_light"
}

/// One button press of the capture mode, at a time on the frames' clock.
public struct GroundTruthMark: Sendable, Equatable {
    /// What the press says.
    public enum Kind: Sendable, Equatable {
        /// The object is here (the centre of its extent, world metres; e.g. a raycast on it)
        /// until its next mark; `errorBound` says how exact that is.
        case placed(position: WorldPoint, errorBound: Double)
        /// The object left the scene at this time.
        case removed
        /// The object is being moved: its placement ends here; the next `placed` mark gives
        /// the new spot (also how a removed object comes back).
        case moved
        /// The object is a look-alike of `other`: they share a twin group.
        case twin(of: Int64)
        /// A protocol step starts (`object` names the guidance target for `guide`).
        case stepStart(ProtocolStep)
        /// A protocol step stops.
        case stepStop(ProtocolStep)
    }

    /// Unique among marks; nil lets the importer number them in file order.
    public var id: Int64?
    /// When, seconds on the frames' clock (the current `ARFrame.timestamp`).
    public var time: Double
    /// The current frame, when known (required for `guide` steps).
    public var frame: Int64?
    /// The object the mark is about (nil only for steps without a target).
    public var object: Int64?
    /// What it says.
    public var kind: Kind
    /// Free text the person typed or the app adds.
    public var note: String?

    /// Creates a mark.
    public init(id: Int64? = nil, time: Double, frame: Int64? = nil, object: Int64?, kind: Kind, note: String? = nil) {
        self.id = id
        self.time = time
        self.frame = frame
        self.object = object
        self.kind = kind
        self.note = note
    }

    /// The record's `mark` field.
    public var markName: String {
        switch kind {
        case .placed: "placed"
        case .removed: "removed"
        case .moved: "moved"
        case .twin: "twin"
        case .stepStart: "step_start"
        case .stepStop: "step_stop"
        }
    }
}
