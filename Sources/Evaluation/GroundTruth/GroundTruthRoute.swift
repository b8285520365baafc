import Foundation
import Recording

/// Where a recording's ground truth comes from (spec.md#ground-truth-route): labelled image
/// boxes, the marks a person made while capturing, or nothing a figure can be judged against.
public enum GroundTruthRoute: Equatable, Sendable {
    /// Per-frame labelled boxes (`gt_boxes`): detections are attributed by IoU with them and
    /// tracking is scored against them.
    case labelledBoxes
    /// No labelled boxes, but placements of marked objects (`gt_placements`, from `placed`
    /// marks or given directly): detections are attributed to the placements and tracking is
    /// scored against the marked objects' boxes projected into each frame. `errorBound` is the
    /// largest error bound of the `placed` marks, metres (nil when the placements carry none).
    case marks(errorBound: Double?)
    /// Neither: no figure that needs to know which object a detection saw can be measured.
    case none

    /// The route of `recording`: labelled boxes when it has any, else marks when it has
    /// placements, else none.
    public init(_ recording: Recording) {
        if !recording.groundTruthBoxes.isEmpty {
            self = .labelledBoxes
        } else if !recording.groundTruthPlacements.isEmpty {
            self = .marks(errorBound: recording.marks.filter { $0.kind == .placed }.compactMap(\.errorBound).max())
        } else {
            self = .none
        }
    }

    /// The route as every report states it: `labelled boxes`, `marks ±0.05 m`,
    /// `marks (no error bound given)` or `none`.
    public var text: String {
        switch self {
        case .labelledBoxes: "labelled boxes"
        case .marks(let bound?): "marks ±" + Self.metres(bound)
        case .marks(nil): "marks (no error bound given)"
        case .none: "none"
        }
    }

    /// The route a stored ``text`` names; nil for any other text.
    public init?(text: String) {
        switch text {
        case "labelled boxes": self = .labelledBoxes
        case "none": self = .none
        case "marks (no error bound given)": self = .marks(errorBound: nil)
        default:
            guard text.hasPrefix("marks ±"), text.hasSuffix(" m"), let bound = Double(text.dropFirst(7).dropLast(2)) else { return nil }
            self = .marks(errorBound: bound)
        }
    }

    /// True when tracking figures come from boxes projected from marks (an approximation,
    /// labelled "from projected marks" wherever such a figure appears).
    public var projectsMarks: Bool {
        if case .marks = self { return true }
        return false
    }

    private static func metres(_ value: Double) -> String { String(format: "%.2f m", value) }
}
