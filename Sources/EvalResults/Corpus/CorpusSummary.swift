import Simulation

/// What a corpus folder holds (`DIR/corpus.json`): the spec, its hash, the simulator
/// version and every recording with its events, and the totals (spec.md#sim-corpus).
public struct CorpusSummary: Codable, Sendable, Equatable {
    /// One recording.
    public struct Entry: Codable, Sendable, Equatable {
        /// File name inside the folder.
        public var file: String
        /// Scenario simulated.
        public var scenario: String
        /// Simulator seed.
        public var seed: UInt64
        /// Capture length, seconds.
        public var duration: Double
        /// Its events.
        public var events: CorpusEvents

        /// The entry of `member` with `events`.
        public init(_ member: CorpusMember, events: CorpusEvents) {
            file = member.fileName
            scenario = member.scenario.rawValue
            seed = member.seed
            duration = member.duration
            self.events = events
        }
    }

    /// The spec.
    public var spec: CorpusSpec
    /// Its hash (``CorpusBuilder/hash(_:)``).
    public var specSHA256: String
    /// The simulator version that generated the files.
    public var simulatorVersion: Int
    /// Every recording, in corpus order.
    public var recordings: [Entry]
    /// Events summed over the recordings.
    public var totals: CorpusEvents

    /// A summary of `recordings`.
    public init(spec: CorpusSpec, specSHA256: String, recordings: [Entry]) {
        self.spec = spec
        self.specSHA256 = specSHA256
        simulatorVersion = SimulatorInfo.version
        self.recordings = recordings
        totals = recordings.reduce(CorpusEvents()) { $0 + $1.events }
    }

    /// The summary as lines of text: counts per scenario and the event totals.
    public var text: String {
        let perScenario = Dictionary(grouping: recordings, by: \.scenario).map { "\($0.key) \($0.value.count)" }.sorted()
        let t = totals
        return """
            corpus \(spec.name): \(recordings.count) recordings (\(perScenario.joined(separator: ", "))); spec SHA-256 \(specSHA256.prefix(16))…, simulator \(simulatorVersion)
            removals of anchored objects: \(t.anchoredRemovals)
            guidance requests with the target in memory: \(t.guidanceInMemory)
            twin pairs closer than 1 m: \(t.closeTwinPairs)
            genuine moves of 0.3–1.5 m: \(t.genuineMoves)
            low-light recordings: \(t.lowLightRecordings); multi-room recordings: \(t.multiRoomRecordings)

            """
    }
}
