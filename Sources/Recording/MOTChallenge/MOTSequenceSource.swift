import Foundation
import EvalNumerics

/// Where one tracking sequence's files are: ground truth, tracker output, and the
/// optional `seqinfo.ini`.
public struct MOTSequenceSource: Sendable, Equatable {
    /// Sequence name (the benchmark folder name, or the tracker file's stem).
    public var name: String
    /// Path of the ground-truth text file.
    public var groundTruthPath: String
    /// Path of the tracker text file.
    public var trackerPath: String
    /// Path of `seqinfo.ini`, when the sequence has one.
    public var infoPath: String?

    /// Describes one sequence.
    public init(name: String, groundTruthPath: String, trackerPath: String, infoPath: String? = nil) {
        self.name = name
        self.groundTruthPath = groundTruthPath
        self.trackerPath = trackerPath
        self.infoPath = infoPath
    }

    /// The sequences of a benchmark layout: every folder `<benchmark>/<seq>` that holds
    /// `gt/gt.txt` and `seqinfo.ini`, paired with `<tracker>/<seq>.txt`. Sorted by name
    /// in byte order, as TrackEval sorts them. A missing tracker file is an error.
    public static func benchmark(at benchmark: String, tracker: String) throws(InputError) -> [MOTSequenceSource] {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: benchmark, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw InputError(file: benchmark, message: "benchmark folder not found")
        }
        guard manager.fileExists(atPath: tracker, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw InputError(file: tracker, message: "tracker folder not found")
        }
        let entries: [String]
        do {
            entries = try manager.contentsOfDirectory(atPath: benchmark)
        } catch {
            throw InputError(file: benchmark, message: "cannot list folder: \(error.localizedDescription)")
        }
        var sources: [MOTSequenceSource] = []
        for name in entries.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
            let folder = (benchmark as NSString).appendingPathComponent(name)
            let groundTruth = (folder as NSString).appendingPathComponent("gt/gt.txt")
            guard manager.fileExists(atPath: groundTruth) else { continue }
            let info = (folder as NSString).appendingPathComponent("seqinfo.ini")
            guard manager.fileExists(atPath: info) else {
                throw InputError(file: info, message: "missing: every benchmark sequence needs seqinfo.ini with seqLength")
            }
            let trackerFile = (tracker as NSString).appendingPathComponent(name + ".txt")
            guard manager.fileExists(atPath: trackerFile) else {
                throw InputError(file: trackerFile, message: "tracker file not found for sequence '\(name)'")
            }
            sources.append(MOTSequenceSource(name: name, groundTruthPath: groundTruth, trackerPath: trackerFile, infoPath: info))
        }
        guard !sources.isEmpty else {
            throw InputError(file: benchmark, message: "no sequences found (expected <seq>/gt/gt.txt and <seq>/seqinfo.ini)")
        }
        return sources
    }
}

/// One sequence's files, read and validated.
public struct MOTSequence: Sendable {
    /// Sequence name.
    public var name: String
    /// Number of frames when known (`seqinfo.ini` or a command-line override).
    public var length: Int?
    /// Ground-truth rows.
    public var groundTruth: MOTRows
    /// Tracker rows.
    public var tracker: MOTRows

    /// Combines rows already read.
    public init(name: String, length: Int?, groundTruth: MOTRows, tracker: MOTRows) {
        self.name = name
        self.length = length
        self.groundTruth = groundTruth
        self.tracker = tracker
    }

    /// Reads the files of `source`; `lengthOverride` replaces `seqinfo.ini`'s seqLength.
    public static func load(_ source: MOTSequenceSource, lengthOverride: Int? = nil) throws(InputError) -> MOTSequence {
        var length = lengthOverride
        if length == nil, let infoPath = source.infoPath {
            length = try SequenceInfo.read(path: infoPath).length
        }
        let (groundTruth, tracker) = inParallel(
            { () -> Result<MOTRows, InputError> in
                do throws(InputError) { return .success(try MOTChallengeReader.read(path: source.groundTruthPath)) } catch { return .failure(error) }
            },
            { () -> Result<MOTRows, InputError> in
                do throws(InputError) { return .success(try MOTChallengeReader.read(path: source.trackerPath)) } catch { return .failure(error) }
            })
        return MOTSequence(name: source.name, length: length, groundTruth: try groundTruth.get(), tracker: try tracker.get())
    }
}
