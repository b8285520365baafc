import Recording
import Sweeps
import EvalResults

/// A sweep's recordings as files: each is read, validated and prepared when a pass reaches
/// it (``SweepPass``), so a sweep never holds its corpus (Docs/sweeps.md#streaming). A
/// variant member's borrowed tables are read from its base member's file.
///
/// A recording an earlier pass of this process read and validated is read again without the
/// validation when its file is unchanged since it was fingerprinted at the start (the same
/// SHA-256, known without reading it again while the file's identity on disk is the same);
/// a file that changed while the sweep ran is an error.
public struct SweepRecordingFiles: SweepRecordings {
    /// The files, in sweep order.
    public var paths: [String]
    /// The SHA-256 of each file when the sweep started (empty when not fingerprinted).
    public var fingerprints: [String]
    /// The recordings (indices) an earlier pass read and validated.
    public var validated: Set<Int>

    /// The recordings at `paths`, with their `fingerprints` when the sweep started and the
    /// recordings already `validated` by an earlier pass.
    public init(paths: [String], fingerprints: [String] = [], validated: Set<Int> = []) {
        self.paths = paths
        self.fingerprints = fingerprints
        self.validated = validated
    }

    /// How many recordings there are.
    public var count: Int { paths.count }

    /// Recording `k` read (and validated unless an earlier pass did) and prepared; named
    /// after its file.
    /// - Throws: `InputError` or ``RecordingRejection`` naming the file; `InputError` when a
    ///   validated file changed since the sweep started.
    public func input(_ k: Int) throws -> SweepInput {
        let path = paths[k]
        let recording: Recording
        if validated.contains(k), fingerprints.indices.contains(k) {
            guard try SHA256.fingerprint(path) == fingerprints[k] else {
                throw InputError(file: path, message: "changed while the sweep ran (its SHA-256 is not the one it had at the start); run the sweep again")
            }
            recording = try RecordingStore.read(from: path)
        } else {
            recording = try RecordingStore.readValidated(from: path)
        }
        return SweepInput(name: ProtocolLoader.recordingName(path), recording: recording)
    }
}
