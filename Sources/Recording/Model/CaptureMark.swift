/// One ground-truth mark made while capturing (table `gt_marks`, JSON Lines record `mark`):
/// a button the person holding the phone pressed to say where an object truly is, that it
/// was removed or moved, that it is a twin of another, or where a protocol step starts and
/// stops. ``CaptureMarks/groundTruth(from:into:)`` turns marks into `gt_placements`, twin groups
/// and `guidance_requests`; `Docs/recorder.md#ground-truth-marks` documents the rules.
public struct CaptureMark: Equatable, Sendable {
    /// What a mark says.
    public enum Kind: String, CaseIterable, Sendable {
        /// The object is at `position` (± `errorBound` metres) until its next mark.
        case placed
        /// The object left the scene.
        case removed
        /// The object is being moved: its placement ends; the next `placed` mark is the new spot.
        case moved
        /// The object is a look-alike of `twinOf`.
        case twin
        /// A protocol step (`step`) starts.
        case stepStart = "step_start"
        /// A protocol step (`step`) stops.
        case stepStop = "step_stop"
    }

    /// Identifier, unique within the recording; marks are applied in id order.
    public var id: Int64
    /// When, seconds on the frames' clock.
    public var time: Double
    /// The frame it was made on, when recorded.
    public var frame: Int64?
    /// The object it is about (nil only for steps without a target).
    public var object: Int64?
    /// What it says.
    public var kind: Kind
    /// `placed`: the centre of the object's extent, world metres.
    public var position: SIMD3<Double>?
    /// `placed`: how far the true centre may be from `position`, metres (≥ 0).
    public var errorBound: Double?
    /// `twin`: the other object.
    public var twinOf: Int64?
    /// `step_start`, `step_stop`: the step's name (`walk_away`, `reapproach`, `guide`, …).
    public var step: String?
    /// Free text.
    public var note: String?
    /// `placed`: the `gt_placements` row the mark started (set when marks are turned into ground truth).
    public var placement: Int64?

    /// Creates a mark; the kind-specific fields default to absent.
    public init(
        id: Int64, time: Double, frame: Int64? = nil, object: Int64? = nil, kind: Kind, position: SIMD3<Double>? = nil,
        errorBound: Double? = nil, twinOf: Int64? = nil, step: String? = nil, note: String? = nil, placement: Int64? = nil
    ) {
        self.id = id
        self.time = time
        self.frame = frame
        self.object = object
        self.kind = kind
        self.position = position
        self.errorBound = errorBound
        self.twinOf = twinOf
        self.step = step
        self.note = note
        self.placement = placement
    }
}

/// Turning marks into ground-truth tables (pure functions).
public enum CaptureMarks {
    /// The step whose start/stop pairs with an object and frames become `guidance_requests`.
    public static let guideStep = "guide"

    /// Adds the ground truth `marks` imply to `recording` and returns the marks with their
    /// `placement` set.
    ///
    /// Per object, in mark order: `placed` starts a placement at its time (closing an open one
    /// there: the object is where its last mark put it), `removed` and `moved` close the open
    /// placement at their time. A placement left open runs to the end of the recording
    /// (`to_t` NULL). Placements are numbered after the largest existing id, object by object
    /// in id order, then by time. `twin` puts both objects in one `twin_group`: the other's
    /// group if it has one, else one more than the largest group so far. A `guide` step with
    /// an object and frames on its start and stop becomes a guidance request from the start's
    /// frame to the stop's. Contradictions are not resolved here but reported by
    /// `RecordingValidator` (``contradictions(in:)``).
    public static func groundTruth(from marks: [CaptureMark], into recording: inout Recording) -> [CaptureMark] {
        var result = marks.sorted { $0.id < $1.id }
        var nextPlacement = (recording.groundTruthPlacements.map(\.id).max() ?? 0) + 1
        let byObject = Dictionary(grouping: result.indices.filter { result[$0].object != nil }, by: { result[$0].object! })
        for object in byObject.keys.sorted() {
            var open: (index: Int, placement: GroundTruthPlacement)?
            func close(at time: Double) {
                guard var placement = open?.placement else { return }
                placement.to = time
                recording.groundTruthPlacements.append(placement)
                open = nil
            }
            for index in byObject[object]! {
                let mark = result[index]
                switch mark.kind {
                case .placed:
                    close(at: mark.time)
                    guard let position = mark.position else { continue }
                    open = (index, GroundTruthPlacement(id: nextPlacement, object: object, from: mark.time, to: nil, position: position))
                    result[index].placement = nextPlacement
                    nextPlacement += 1
                case .removed, .moved: close(at: mark.time)
                case .twin, .stepStart, .stepStop: break
                }
            }
            if let placement = open?.placement { recording.groundTruthPlacements.append(placement) }
        }
        recording.groundTruthPlacements.sort { $0.id < $1.id }
        assignTwinGroups(result, in: &recording)
        addGuidanceRequests(result, to: &recording)
        return result
    }

    private static func assignTwinGroups(_ marks: [CaptureMark], in recording: inout Recording) {
        var index: [Int64: Int] = [:]
        for (position, object) in recording.groundTruthObjects.enumerated() { index[object.id] = position }
        var largest = recording.groundTruthObjects.compactMap(\.twinGroup).max() ?? 0
        for mark in marks where mark.kind == .twin {
            guard let a = mark.object.flatMap({ index[$0] }), let b = mark.twinOf.flatMap({ index[$0] }), a != b else { continue }
            let group: Int64
            if let existing = recording.groundTruthObjects[b].twinGroup ?? recording.groundTruthObjects[a].twinGroup {
                group = existing
            } else {
                largest += 1
                group = largest
            }
            recording.groundTruthObjects[a].twinGroup = group
            recording.groundTruthObjects[b].twinGroup = group
        }
    }

    private static func addGuidanceRequests(_ marks: [CaptureMark], to recording: inout Recording) {
        var nextID = (recording.guidanceRequests.map(\.id).max() ?? 0) + 1
        for span in guideSpans(marks) {
            recording.guidanceRequests.append(CaptureGuidanceRequest(id: nextID, fromFrame: span.from, toFrame: span.to, object: span.object))
            nextID += 1
        }
    }

    /// The guidance requests `marks` start: each `guide` step with an object and frames on its
    /// start and stop, from the start's frame to the stop's, in mark order. A JSON Lines export
    /// writes only the requests no such step started (they are made again on import).
    public static func guideSpans(_ marks: [CaptureMark]) -> [(from: Int64, to: Int64, object: Int64)] {
        var spans: [(from: Int64, to: Int64, object: Int64)] = []
        var open: CaptureMark?
        for mark in marks.sorted(by: { $0.id < $1.id }) where mark.step == guideStep {
            if mark.kind == .stepStart {
                open = mark
            } else if mark.kind == .stepStop, let start = open {
                open = nil
                guard let object = start.object ?? mark.object, let from = start.frame, let to = mark.frame else { continue }
                spans.append((from, to, object))
            }
        }
        return spans
    }
}
