import EvalNumerics
import Foundation
import Recording
import Simulation
import Synchronization
import EvalResults

/// Generates a corpus into a folder (spec.md#sim-corpus): every missing recording on all
/// cores, each written atomically (a killed run leaves only complete files), then the
/// summary `corpus.json`, written last. The folder is keyed by the spec's hash: a re-run
/// with the same spec reuses the files and completes what is missing.
public enum CorpusBuilder {
    /// The file that marks a folder as the corpus of one spec hash.
    public static let hashFile = "spec.sha256"

    /// The hash that keys a spec: SHA-256 of its canonical JSON (without its variants, which
    /// are corpora of their own) and the simulator version.
    public static func hash(_ spec: CorpusSpec) throws -> String {
        let json = try JSONText.string(spec.recordingsSpec, .compact)
        return SHA256.hexDigest(of: Array("simulator \(SimulatorInfo.version)\n\(json)".utf8))
    }

    /// Reads and validates the spec at `path`.
    public static func spec(at path: String) throws -> CorpusSpec {
        let data = try TextFile.read(path, kind: "a corpus spec")
        let spec: CorpusSpec
        do {
            spec = try JSONDecoder().decode(CorpusSpec.self, from: data)
        } catch {
            throw InputError(file: path, message: "not a corpus spec: \(error)")
        }
        if let problem = spec.problem { throw InputError(file: path, message: problem) }
        return spec
    }

    /// The cache folder of `spec` under `root` (e.g. `.build/corpora/<hash prefix>`).
    public static func cacheFolder(_ spec: CorpusSpec, root: String) throws -> String {
        (root as NSString).appendingPathComponent(String(try hash(spec).prefix(16)))
    }

    /// The corpus a variant corpus is a variant of (spec.md#sweep-variants): its member `k` is
    /// the variant's member `k` under the base's own assumptions.
    public struct Base: Sendable {
        /// The base corpus's spec.
        public var spec: CorpusSpec
        /// Its folder, complete (built before the variant).
        public var folder: String
        /// Members already read from `folder`, taken instead of reading them again.
        public var sources: BorrowSources

        /// A base corpus in `folder`, with the members of it already read in `sources`.
        public init(spec: CorpusSpec, folder: String, sources: BorrowSources = BorrowSources()) {
            self.spec = spec
            self.folder = folder
            self.sources = sources
        }
    }

    /// Makes `folder` hold every recording of `spec` and its summary; returns the summary.
    ///
    /// With a `base` (for a variant corpus), each member is simulated beside the base's
    /// member of the same index: the LiDAR maps and depth grids are taken from it when the
    /// variant does not change what they depend on (``SimulationConfiguration/lidarMapInputs``,
    /// ``SimulationConfiguration/depthGridInputs``), and every
    /// table equal to the base member's is borrowed from its file instead of written again
    /// (``BorrowedTables``; reading the member gives the whole recording).
    ///
    /// - Parameters:
    ///   - progress: called with (recordings done, total) as recordings are written.
    /// - Throws: `InputError` when `folder` holds the corpus of another spec.
    public static func build(_ spec: CorpusSpec, into folder: String, base: Base? = nil,
                             progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) throws -> CorpusSummary {
        let digest = try hash(spec)
        let manager = FileManager.default
        // Locked for the whole build; a killed build's partial recordings are removed on opening.
        let held = try OutputFolder.open(folder, wait: true)
        defer { held.close() }
        let marker = (folder as NSString).appendingPathComponent(hashFile)
        if let existing = manager.contents(atPath: marker).map({ String(decoding: $0, as: UTF8.self) }), existing != digest {
            throw InputError(file: folder, message: "holds the corpus of another spec (SHA-256 \(existing.prefix(16))…); use another folder")
        }
        try AtomicFile.write(digest, to: marker)
        let summaryPath = (folder as NSString).appendingPathComponent("corpus.json")
        if let data = manager.contents(atPath: summaryPath), let summary = try? JSONDecoder().decode(CorpusSummary.self, from: data),
           summary.specSHA256 == digest, summary.recordings.allSatisfy({ manager.fileExists(atPath: (folder as NSString).appendingPathComponent($0.file)) }) {
            return summary
        }
        let members = (0..<spec.count).map(spec.member)
        let done = Atomic<Int>(0)
        let failure = Mutex<(any Error)?>(nil)
        let simulator = CaptureSimulator(configuration: try spec.configuration())
        let besideBase = try base.map { try Self.baseMembers(of: $0, for: spec, members: members, variantFolder: folder) }
        let sources = base?.sources ?? BorrowSources()
        // Eight chunks per core, taken as cores come free: members differ in duration and scene.
        let counted = inChunks(of: members.count, minimumChunk: 1, perProcessor: 8) { range in
            range.map { k -> CorpusSummary.Entry? in
                let member = members[k]
                let path = (folder as NSString).appendingPathComponent(member.fileName)
                do {
                    let recording: Recording
                    if manager.fileExists(atPath: path) {
                        recording = try RecordingStore.read(from: path, sources: sources)
                    } else if let besideBase {
                        recording = try simulateBeside(besideBase[k], member: member, simulator: simulator, path: path, sources: sources)
                    } else {
                        let capture = simulator.simulate(member.scenario, seed: member.seed, duration: member.duration)
                        recording = spec.asRecorded.map {
                            AsRecordedSession.recording(of: capture, marks: $0.marks, errorBound: $0.errorBound, seed: member.seed)
                        } ?? capture.recording
                        try RecordingStore.write(recording, to: path)
                    }
                    let finished = done.add(1, ordering: .relaxed).newValue
                    progress(finished, members.count)
                    return CorpusSummary.Entry(member, events: CorpusEvents(recording))
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                    return nil
                }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        let summary = CorpusSummary(spec: spec, specSHA256: digest, recordings: counted.flatMap { $0 }.compactMap { $0 })
        try AtomicFile.write(JSONText.data(summary), to: summaryPath)
        return summary
    }

    /// The base corpus's member beside a variant's: its file (absolute, and relative to the
    /// variant's folder) and whether its LiDAR maps and depth grids are the variant's.
    struct BaseMember: Sendable {
        var path: String
        var relativePath: String
        var sharesLidarMaps: Bool
        var sharesDepthGrids: Bool
    }

    /// The base members of `spec`'s `members`, checked to be the same members (scenario, seed,
    /// duration) in a complete base folder.
    static func baseMembers(of base: Base, for spec: CorpusSpec, members: [CorpusMember], variantFolder: String) throws -> [BaseMember] {
        let summaryPath = (base.folder as NSString).appendingPathComponent("corpus.json")
        guard FileManager.default.fileExists(atPath: summaryPath) else {
            throw InputError(file: base.folder, message: "the base corpus of \(spec.name) is not complete (no corpus.json); build it first")
        }
        let (configuration, baseConfiguration) = (try spec.configuration(), try base.spec.configuration())
        let sharesMaps = configuration.lidarMapInputs == baseConfiguration.lidarMapInputs
        let sharesGrids = configuration.depthGridInputs == baseConfiguration.depthGridInputs
        let relativeFolder = "../" + URL(fileURLWithPath: base.folder).standardizedFileURL.lastPathComponent
        guard URL(fileURLWithPath: base.folder).standardizedFileURL.deletingLastPathComponent()
                == URL(fileURLWithPath: variantFolder).standardizedFileURL.deletingLastPathComponent() else {
            throw InputError(file: variantFolder, message: "a variant corpus's folder must sit beside its base's (\(base.folder))")
        }
        return try members.map { member in
            let baseMember = base.spec.member(member.index)
            guard baseMember.scenario == member.scenario, baseMember.seed == member.seed, baseMember.duration == member.duration else {
                throw InputError(file: variantFolder, message: "member \(member.index) of \(spec.name) is not the base's member \(member.index)")
            }
            return BaseMember(path: (base.folder as NSString).appendingPathComponent(baseMember.fileName),
                              relativePath: relativeFolder + "/" + baseMember.fileName,
                              sharesLidarMaps: sharesMaps, sharesDepthGrids: sharesGrids)
        }
    }

    /// Simulates `member` beside its base member (from `sources` when read already) and writes
    /// it to `path`, borrowing the tables the two share; returns the whole recording.
    static func simulateBeside(_ base: BaseMember, member: CorpusMember, simulator: CaptureSimulator, path: String,
                               sources: BorrowSources) throws -> Recording {
        let baseRecording = try sources.recording(of: base.path) ?? RecordingStore.read(from: base.path)
        let reused = ReusedTables(lidarMaps: base.sharesLidarMaps ? baseRecording.lidarMaps : nil,
                                  depthGrids: base.sharesDepthGrids ? baseRecording.depthGrids : nil)
        let recording = simulator.simulate(member.scenario, seed: member.seed, duration: member.duration, reusing: reused).recording
        let shared = BorrowedTables.shareable(recording, base: baseRecording)
        try RecordingStore.write(recording, to: path, borrowing: shared.isEmpty ? nil
                                 : BorrowedTables(source: base.relativePath, tables: shared, of: baseRecording))
        return recording
    }
}
