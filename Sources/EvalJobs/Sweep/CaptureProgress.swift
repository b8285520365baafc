import Evaluation
import Foundation
import Recording
import Replay
import Sweeps
import EvalResults

/// The capture plan as a loop (spec.md#capture-plan): what the recorded sessions captured so
/// far hold against what each plan item asks for — the rule metric's events at the shipped
/// constants, and sessions with look-alike pairs for the twin cross-cosine.
public enum CaptureProgress {
    /// `plan` with every item's progress filled from the recordings at `paths`, judged with
    /// `results`' sweeps (their base configurations and rules); `progress` receives one line
    /// per recording read.
    public static func fill(_ plan: CapturePlan, results: SweepResults, paths: [String], progress: (String) -> Void = { _ in }) throws -> CapturePlan {
        var components: [[Double]] = Array(repeating: [], count: results.sweeps.count)
        var shippedOf: [Int: [[Double]]] = [:]
        var twinSessions = 0, twinPairs = 0
        for (k, path) in paths.enumerated() {
            progress("[\(k + 1)/\(paths.count)] \(ProtocolLoader.recordingName(path))")
            let recording = try RecordingStore.readValidated(from: path)
            let input = SweepInput(name: ProtocolLoader.recordingName(path), recording: recording)
            let cross = zip(input.truth.cosinePairs.cosines, input.truth.cosinePairs.sameObject).count { !$0.1 }
            if cross > 0 { twinSessions += 1; twinPairs += cross }
            for (s, sweep) in results.sweeps.enumerated() where plan.items.contains(where: { $0.sweep == s && $0.events != nil }) {
                shippedOf[s, default: []].append(try SweepStages.naive(input.recording, truth: input.truth, configuration: sweep.base))
            }
        }
        for (s, rows) in shippedOf { components[s] = SweepMetric.pooled(rows) }
        var filled = plan
        for k in filled.items.indices {
            let item = filled.items[k]
            var said: [String] = []
            if let events = item.events, !components[item.sweep].isEmpty {
                let have = results.sweeps[item.sweep].definition.objective.minimise.evidence(components[item.sweep]).count
                said.append("\(paths.count) recorded session\(paths.count == 1 ? "" : "s") hold \(have) of the \(events.needed) \(events.noun) asked for"
                    + (have >= events.needed ? " (done)" : "; \(events.needed - have) to go"))
            }
            if let needed = item.twinSessions {
                said.append("\(twinSessions) of the \(needed) sessions with look-alike pairs (\(twinPairs) cross-twin detection pairs)"
                    + (twinSessions >= needed ? " (done: run `spatial-eval measure` on them)" : "; \(needed - twinSessions) to go"))
            }
            if said.isEmpty { said.append("nothing to capture for this item (\(item.verdict))") }
            filled.items[k].progress = said.joined(separator: "; ")
        }
        return filled
    }
}
