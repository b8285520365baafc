/// A recording that reads but that ``RecordingValidator`` finds problems in: every command
/// that evaluates a recording refuses it with the messages `spatial-eval inspect` prints
/// (`spec.md#limits-recordings`).
///
/// The description lists the problems one per line as `FILE:TABLE:ROW: message` (the first
/// ``listed`` of them, then how many more), the command-line tool prefixing the first with
/// `error: `.
public struct RecordingRejection: Error, CustomStringConvertible, Sendable {
    /// The recording file.
    public var file: String
    /// Every problem found.
    public var problems: [RecordingProblem]
    /// How many problems the description lists.
    public static let listed = 20

    /// Creates a rejection of `file` for `problems`.
    public init(file: String, problems: [RecordingProblem]) {
        self.file = file
        self.problems = problems
    }

    public var description: String {
        var lines = problems.prefix(Self.listed).map { "\(file):\($0)" }
        if problems.count > Self.listed {
            lines.append("\(file): \(problems.count - Self.listed) more problems ('spatial-eval inspect \(file)' lists them all)")
        }
        return lines.joined(separator: "\nerror: ")
    }
}

extension RecordingStore {
    /// Reads the recording at `path` and refuses it when ``RecordingValidator`` finds any
    /// problem, so that no evaluation sees a value `inspect` rejects (non-finite or
    /// out-of-range poses, intrinsics, times, boxes; references to missing rows).
    /// Borrowed tables are taken from `sources` as ``read(from:sources:)`` does.
    /// - Throws: `InputError` as ``read(from:sources:)`` does; ``RecordingRejection`` naming the file.
    public static func readValidated(from path: String, validator: RecordingValidator = RecordingValidator(),
                                     sources: BorrowSources = BorrowSources()) throws -> Recording {
        let recording = try read(from: path, sources: sources)
        let problems = validator.problems(in: recording)
        guard problems.isEmpty else { throw RecordingRejection(file: path, problems: problems) }
        return recording
    }
}
