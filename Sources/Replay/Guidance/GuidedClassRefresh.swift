import Recording

/// The guided-class refresh (spec.md#guidance-class-refresh): while a request guides to a
/// class, that class is re-captured whenever it has gone `period` seconds without a capture.
///
/// A capture is an observation fed to the registry. Detections with a depth grid are always
/// captured; the refresh decides, frame by frame, which guided labels are due, and a due
/// label's detections without a grid are then captured from the frame's LiDAR map
/// (``FusedObservation/placeFromLidarMap(_:map:frame:configuration:)``). Which labels are due
/// is fixed when a frame begins, so every detection of a due class on that frame is captured.
/// A request refreshes only when guidance really started: when the memory held an instance of
/// its class as the request began (otherwise the app has nothing to guide to, spec.md#lockon-start-instance).
public struct GuidedClassRefresh: Sendable {
    /// The refresh period, seconds; 0 (or less) switches the refresh off.
    public let period: Double
    private let requests: [(fromFrame: Int64, toFrame: Int64, label: String)]
    private var lastCapture: [String: Double] = [:]
    /// Per request (by index), whether guidance started, decided on its first frame seen.
    private var started: [Int: Bool] = [:]
    private var due: Set<String> = []

    /// A refresh for the requests' label queries (`.instance` queries name no class here).
    public init(requests: [GuidanceRequest], period: Double) {
        self.period = period
        self.requests = requests.compactMap { request in
            guard case .label(let label) = request.query else { return nil }
            return (request.fromFrame, request.toFrame, label)
        }
    }

    /// Starts `frame`: the guided labels whose last capture is at least `period` old (or
    /// that were never captured) become due for this frame. `holds` tells whether the memory
    /// holds an instance of a label now; it decides, on a request's first frame, whether its
    /// guidance started.
    public mutating func begin(_ frame: Frame, holds: (String) -> Bool) {
        due = []
        guard period > 0 else { return }
        for (index, request) in requests.enumerated() where frame.index >= request.fromFrame && frame.index <= request.toFrame {
            let live = started[index] ?? holds(request.label)
            started[index] = live
            guard live else { continue }
            if lastCapture[request.label].map({ frame.time - $0 >= period - 1e-9 }) ?? true { due.insert(request.label) }
        }
    }

    /// Whether detections of `label` without a depth grid are to be captured on the current frame.
    public func isDue(_ label: String) -> Bool { due.contains(label) }

    /// Notes that a detection of `label` was captured at `time` (seconds).
    public mutating func noteCapture(_ label: String, at time: Double) {
        lastCapture[label] = time
    }
}
