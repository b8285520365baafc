/// The records of a JSON Lines recording, exactly as they appear on a line.
///
/// These mirror the JSON (snake_case keys, arrays for boxes and vectors) and are
/// converted to and from the model types by `JSONLinesConversion`. The format is
/// documented in `Docs/recording-format.md`, section "JSON Lines".
enum JSONLinesRecord {
    /// The `type` of every record kind.
    enum Kind: String, CaseIterable {
        case header, frame, observation, decision
        case lidarMap = "lidar_map"
        case groundTruthObject = "gt_object"
        case groundTruthPlacement = "gt_placement"
        case groundTruthBox = "gt_box"
        case guidanceRequest = "guidance_request"
        case mark, recorder
    }

    /// The part of every record that says what it is.
    struct Tag: Codable {
        var type: String?
    }

    /// `{"type":"header","format":"spatial-eval-jsonl","version":1,"meta":{…}}`.
    struct Header: Codable {
        var type = Kind.header.rawValue
        var format: String?
        var version: Int?
        var meta: [String: String]?
    }

    /// One camera frame with its detections.
    struct Frame: Codable {
        var type = Kind.frame.rawValue
        var frame: Int64
        var t: Double
        var tracking: String?
        var detectorRan: Bool?
        var pose: [Double]
        var fx: Double
        var fy: Double
        var cx: Double
        var cy: Double
        var width: Int
        var height: Int
        var detections: [Detection]?

        enum CodingKeys: String, CodingKey {
            case type, frame, t, tracking, pose, fx, fy, cx, cy, width, height, detections
            case detectorRan = "detector_ran"
        }
    }

    /// One detection inside a frame record.
    struct Detection: Codable {
        var id: Int64?
        var label: String
        var score: Double
        var box: [Double]
        var embedding: [Float]?
        var trackID: Int64?
        var instanceID: String?
        var depth: DepthGrid?
        var networkPasses: [NetworkPass]?

        enum CodingKeys: String, CodingKey {
            case id, label, score, box, embedding, depth
            case trackID = "track_id"
            case instanceID = "instance_id"
            case networkPasses = "network_passes"
        }
    }

    /// A further depth-network pass over a detection's grid samples (`depth_network_passes`).
    struct NetworkPass: Codable {
        var variant: String
        var inverseDepth: [Float?]

        enum CodingKeys: String, CodingKey {
            case variant
            case inverseDepth = "inverse_depth"
        }
    }

    /// The depth grid of a detection; `null` array elements stand for NaN.
    struct DepthGrid: Codable {
        var rows: Int
        var cols: Int
        var u: [Float?]
        var v: [Float?]
        var lidarDepth: [Float?]
        var lidarConfidence: [UInt8]
        var inverseDepth: [Float?]
        var inMask: [UInt8]
        var groundTruthDepth: [Float?]?

        enum CodingKeys: String, CodingKey {
            case rows, cols, u, v
            case lidarDepth = "lidar_depth"
            case lidarConfidence = "lidar_confidence"
            case inverseDepth = "inverse_depth"
            case inMask = "in_mask"
            case groundTruthDepth = "gt_depth"
        }
    }

    /// One update of the app's object registry.
    struct Observation: Codable {
        var type = Kind.observation.rawValue
        var id: Int64?
        var frame: Int64
        var instance: String
        var kind: String
        var raw: [Double]
        var before: [Double]?
        var after: [Double]
        var extent: [Double]?
    }

    /// A ground-truth object.
    struct GroundTruthObject: Codable {
        var type = Kind.groundTruthObject.rawValue
        var object: Int64
        var label: String
        var extent: [Double]
        var isPerson: Bool?
        var twinGroup: Int64?
        var description: String?

        enum CodingKeys: String, CodingKey {
            case type, object, label, extent, description
            case isPerson = "is_person"
            case twinGroup = "twin_group"
        }
    }

    /// Where a ground-truth object was during an interval.
    /// `{"type":"guidance_request","id":1,"from_frame":120,"to_frame":480,"object":3}`: a "guide
    /// me to object X" request of the capture protocol that no `guide` step mark started.
    struct GuidanceRequest: Codable {
        var type = Kind.guidanceRequest.rawValue
        var id: Int64?
        var fromFrame: Int64
        var toFrame: Int64
        var object: Int64

        enum CodingKeys: String, CodingKey {
            case type, id, object
            case fromFrame = "from_frame"
            case toFrame = "to_frame"
        }
    }

    struct GroundTruthPlacement: Codable {
        var type = Kind.groundTruthPlacement.rawValue
        var id: Int64?
        var object: Int64
        var fromT: Double
        var toT: Double?
        var position: [Double]

        enum CodingKeys: String, CodingKey {
            case type, id, object, position
            case fromT = "from_t"
            case toT = "to_t"
        }
    }

    /// A ground-truth box on one frame.
    struct GroundTruthBox: Codable {
        var type = Kind.groundTruthBox.rawValue
        var id: Int64?
        var frame: Int64
        var object: Int64
        var box: [Double]
        var visibility: Double?
    }

    /// A whole-frame LiDAR map; `null` depths stand for NaN (no return).
    struct LidarMap: Codable {
        var type = Kind.lidarMap.rawValue
        var frame: Int64
        var rows: Int
        var cols: Int
        var depth: [Float?]
        var confidence: [UInt8]
    }

    /// One decision the app logged (`AppDecision`); fields that do not apply to its kind are omitted.
    struct Decision: Codable {
        var type = Kind.decision.rawValue
        var id: Int64?
        var frame: Int64
        var t: Double?
        var kind: String
        var instance: String
        var detection: Int64?
        var label: String?
        var rule: String?
        var position: [Double]?
        var gap: Double?
        var clamped: Bool?
        var snapped: Bool?
        var followed: Bool?
        var look: String?
        var reason: String?
        var samples: Int?
        var missing: Bool?
        var evidence: [EvidenceSample]?
        var state: String?
    }

    /// One sample behind a missing flip.
    struct EvidenceSample: Codable {
        var frame: Int64
        var t: Double?
        var look: String
    }

    /// A ground-truth mark made while capturing (`CaptureMark`).
    struct Mark: Codable {
        var type = Kind.mark.rawValue
        var id: Int64?
        var t: Double
        var frame: Int64?
        var object: Int64?
        var mark: String
        var position: [Double]?
        var errorBound: Double?
        var twinOf: Int64?
        var step: String?
        var note: String?

        enum CodingKeys: String, CodingKey {
            case type, id, t, frame, object, mark, position, step, note
            case errorBound = "error_bound"
            case twinOf = "twin_of"
        }
    }

    /// What a recorder (`SpatialEvalRecorder`) says about itself: `dropped` (with counts and
    /// the dropped frame numbers), `stopped` (with a reason), `end`.
    struct RecorderNote: Codable {
        var type = Kind.recorder.rawValue
        var event: String
        var reason: String?
        var frames: Int?
        var detections: Int?
        var bulk: Int?
        var decisions: Int?
        var marks: Int?
        var droppedFrames: [Int64]?

        enum CodingKeys: String, CodingKey {
            case type, event, reason, frames, detections, bulk, decisions, marks
            case droppedFrames = "dropped_frames"
        }
    }
}
