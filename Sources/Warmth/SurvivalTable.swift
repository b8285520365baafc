import Foundation
import Recording

/// Grouped (duration, event) rows from a CSV file with the header `group,duration,event`
/// (event 1 observed, 0 censored), and the estimates of each group: what
/// `spatial-eval warmth-stats` prints for the conformance check (Docs/warmth.md#conformance).
public struct SurvivalTable: Sendable {
    /// The rows of each group, in file order.
    public var groups: [String: [(Double, Bool)]]

    /// The estimators of one group.
    public struct Estimates: Codable, Sendable {
        /// Kaplan–Meier with its band, the median and P(event by 5, 10, 20 s).
        public var km: TimeToEvent
        /// The Wilson interval of events out of rows.
        public var wilson: Proportion
        /// The Garwood interval of events per minute of summed duration.
        public var garwood: Rate
    }

    /// Reads the CSV at `path`; a malformed row is an ``InputError`` naming the file and line.
    public static func read(_ path: String) throws -> SurvivalTable {
        guard let text = String(data: try TextFile.read(path, kind: "a survival table (CSV)"), encoding: .utf8) else {
            throw InputError(file: path, message: "not UTF-8 text")
        }
        var groups: [String: [(Double, Bool)]] = [:]
        for (n, line) in TextFile.lines(text).enumerated() {
            if n > 0, line.isEmpty { continue }
            if n == 0 {
                guard line.trimmingCharacters(in: .whitespaces) == "group,duration,event" else {
                    throw InputError(file: path, line: 1, message: "the header must be group,duration,event")
                }
                continue
            }
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard f.count == 3, let d = Double(f[1]), d.isFinite, d >= 0, f[2] == "0" || f[2] == "1" else {
                throw InputError(file: path, line: n + 1, message: "expected group,duration (a finite number ≥ 0),event (0 or 1)")
            }
            groups[f[0], default: []].append((d, f[2] == "1"))
        }
        return SurvivalTable(groups: groups)
    }

    /// The estimates of every group.
    public var estimates: [String: Estimates] {
        groups.mapValues { rows in
            let events = rows.filter(\.1).count
            return Estimates(km: TimeToEvent(rows, horizons: [5, 10, 20]), wilson: Proportion(events, of: rows.count),
                             garwood: Rate(events, minutes: rows.reduce(0) { $0 + $1.0 } / 60))
        }
    }
}
