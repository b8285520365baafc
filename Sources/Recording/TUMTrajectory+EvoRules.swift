import Foundation

extension TUMTrajectory {
    /// Reads the trajectory at `path` as evo accepts it: like ``read(path:)`` but a
    /// timestamp may repeat the previous one (TUM's `fr2_desk` ground truth has repeats),
    /// only a decreasing timestamp is an error. Each line goes through ``parse(_:path:)``.
    /// - Throws: `InputError` at the offending line.
    public static func readAllowingRepeatedStamps(path: String) throws(InputError) -> [TUMPose] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(file: path, message: "no such file")
        }
        var poses: [TUMPose] = []
        for (index, line) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let parsed: [TUMPose]
            do {
                parsed = try parse(String(line), path: path)
            } catch {
                throw InputError(file: path, line: index + 1, message: error.message)
            }
            guard var pose = parsed.first else { continue }
            pose.line = index + 1
            if let previous = poses.last, pose.time < previous.time {
                throw InputError(file: path, line: index + 1, message: "timestamp \(pose.time) is before the previous line's \(previous.time)")
            }
            poses.append(pose)
        }
        return poses
    }
}
