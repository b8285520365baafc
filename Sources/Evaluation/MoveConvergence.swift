import EvalMetrics
import Recording
import Replay

/// How quickly the memory follows an object that really moved: the cost side of a sluggish
/// anchor (a small EMA weight or step clamp makes the stored position crawl).
public enum MoveConvergence {
    /// A move has converged once an instance of the object is stored within this distance
    /// of its new position, metres.
    public static let tolerance = 0.25

    /// Per real move of `truth` whose object was observed afterwards: seconds from that first
    /// observation until an instance associated with the object is stored within
    /// ``tolerance`` of the new position (nil when that never happens).
    ///
    /// - Parameters:
    ///   - registry: the replayed registry; its event `k` came from observation `k`.
    ///   - times: the time of each observation fed to the registry, seconds.
    ///   - detections: the detection behind each observation.
    public static func times(
        registry: AnchorRegistry, times: [Double], detections: [Int64], truth: RecordingTruth, accuracy: AnchorAccuracy
    ) -> [Double?] {
        truth.moves.compactMap { move -> Double?? in
            guard let first = detections.indices.first(where: {
                times[$0] >= move.time && truth.objectOfDetection[detections[$0]] == move.object
            }) else { return nil }
            let instances = Set(accuracy.instancesOfObject[move.object] ?? [])
            for k in first..<registry.events.count where instances.contains(registry.events[k].instance) {
                let d = registry.events[k].after - move.position
                if (d * d).sum().squareRoot() <= tolerance { return .some(times[k] - times[first]) }
            }
            return .some(nil)
        }
    }
}
