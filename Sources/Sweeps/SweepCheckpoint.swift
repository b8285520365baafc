import Foundation
import Recording

/// The completed points of a sweep, saved so a killed sweep continues where it stopped.
///
/// Written atomically (temporary file, then rename) after every batch; a restart with the
/// same protocol and output folder loads it and skips its points. The fingerprint ties it to
/// the protocol text, the sweep and the recordings: a checkpoint with another fingerprint is
/// ignored.
public struct SweepCheckpoint: Codable, Sendable, Equatable {
    /// Identifies the sweep definition and inputs the values belong to.
    public var fingerprint: String
    /// Completed point indices, ascending.
    public var points: [Int]
    /// For each completed point: per recording, the ``SweepComponent`` values.
    public var components: [[[Double]]]

    /// An empty checkpoint.
    public init(fingerprint: String) {
        self.fingerprint = fingerprint
        points = []
        components = []
    }

    /// Completed points by index.
    public var completed: [Int: [[Double]]] { Dictionary(uniqueKeysWithValues: zip(points, components)) }

    /// Adds (or replaces) results and keeps the points ascending.
    public mutating func record(_ results: [Int: [[Double]]]) {
        var all = completed
        for (k, v) in results { all[k] = v }
        points = all.keys.sorted()
        components = points.map { all[$0]! }
    }

    /// Writes the checkpoint to `path` atomically (NaN components as the string "NaN").
    public func save(to path: String) throws {
        try AtomicFile.write(JSONText.data(self, .compact), to: path)
    }

    /// The checkpoint at `path` when it exists, is a readable regular file, has `fingerprint`
    /// and is well formed: point indices strictly ascending within `0..<pointCount`, and,
    /// when `recordingCount` is given, every point's values shaped recordings × `componentCount`
    /// (units × components for a sweep whose units are not recordings).
    /// Otherwise nil, and the sweep starts afresh (`spec.md#limits-sweep-checkpoint`).
    public static func load(from path: String, fingerprint: String, pointCount: Int = .max, recordingCount: Int? = nil,
                            componentCount: Int = SweepComponent.allCases.count) -> SweepCheckpoint? {
        guard let data = try? TextFile.read(path, kind: "a sweep checkpoint", maximumBytes: 1 << 30),
              let checkpoint = try? JSONText.decode(SweepCheckpoint.self, from: String(decoding: data, as: UTF8.self)),
              checkpoint.fingerprint == fingerprint,
              checkpoint.isWellFormed(pointCount: pointCount, recordingCount: recordingCount, componentCount: componentCount)
        else { return nil }
        return checkpoint
    }

    /// Whether the points are strictly ascending within `0..<pointCount`, one value set per
    /// point, each (when `recordingCount` is given) recordings × `componentCount` values.
    public func isWellFormed(pointCount: Int, recordingCount: Int?, componentCount: Int = SweepComponent.allCases.count) -> Bool {
        guard points.count == components.count, points.allSatisfy({ (0..<pointCount).contains($0) }),
              zip(points, points.dropFirst()).allSatisfy({ $0 < $1 }) else { return false }
        guard let recordingCount else { return true }
        return components.allSatisfy { perPoint in
            perPoint.count == recordingCount && perPoint.allSatisfy { $0.count == componentCount }
        }
    }
}
