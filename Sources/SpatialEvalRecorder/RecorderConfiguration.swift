/// How a ``SessionRecorder`` queues, writes, rotates and bounds its files. The defaults suit
/// a phone: a 4,096-entry queue, chunks of 256 KiB flushed at least every 0.5 s, 64 MiB
/// parts, a 1 GiB budget, a whole-frame depth map every 3rd frame.
public struct RecorderConfiguration: Sendable, Equatable {
    /// The session folder; created if missing. Parts are `part-0001.jsonl`, `part-0002.jsonl`, ….
    public var directory: String
    /// Entries the queue holds at most (each `record`/`mark` call is one entry). Memory is
    /// bounded by this many entries.
    public var queueCapacity: Int
    /// Entries kept free for decisions, marks and object definitions: frames and other bulk
    /// data are dropped once the queue holds `queueCapacity − decisionReserve` entries.
    public var decisionReserve: Int
    /// The longest time encoded records wait in memory before they are appended, seconds.
    public var flushInterval: Double
    /// Encoded bytes that trigger an append before `flushInterval` is up.
    public var chunkBytes: Int
    /// A part is closed (and the next one opened) after the record that makes it reach this size.
    public var rotateBytes: Int
    /// Bytes the session may use on disk in all; when the next record would pass it, the
    /// recorder writes a final `recorder` record saying so and accepts nothing more.
    public var diskBudgetBytes: Int
    /// ``SessionRecorder/wantsDepthMap(forFrame:)`` is true on frames whose number is a multiple of this.
    public var depthMapEveryNFrames: Int64
    /// Calls `fsync` after each append (survives power loss, not just a crash of the app; slower).
    public var syncOnFlush: Bool

    /// Creates a configuration for the session folder `directory`.
    public init(
        directory: String, queueCapacity: Int = 4096, decisionReserve: Int = 1024, flushInterval: Double = 0.5,
        chunkBytes: Int = 256 << 10, rotateBytes: Int = 64 << 20, diskBudgetBytes: Int = 1 << 30,
        depthMapEveryNFrames: Int64 = 3, syncOnFlush: Bool = false
    ) {
        self.directory = directory
        self.queueCapacity = max(2, queueCapacity)
        self.decisionReserve = min(max(1, decisionReserve), self.queueCapacity - 1)
        self.flushInterval = flushInterval
        self.chunkBytes = chunkBytes
        self.rotateBytes = rotateBytes
        self.diskBudgetBytes = diskBudgetBytes
        self.depthMapEveryNFrames = max(1, depthMapEveryNFrames)
        self.syncOnFlush = syncOnFlush
    }
}

/// What a recorder accepted, lost and wrote; the same counts end the file's last record.
public struct RecorderCounters: Sendable, Equatable {
    /// Entries accepted into the queue.
    public var accepted = 0
    /// Frames dropped because the queue was nearly full (their detections go with them).
    public var droppedFrames = 0
    /// Detections inside the dropped frames.
    public var droppedDetections = 0
    /// Other bulk entries dropped (depth maps, observations, labelled boxes).
    public var droppedBulk = 0
    /// Decisions dropped because the queue was full (never silently: a `recorder` record says so).
    public var droppedDecisions = 0
    /// Marks and object definitions dropped because the queue was full.
    public var droppedMarks = 0
    /// Entries refused after the recorder stopped (disk budget, write failure, or
    /// ``SessionRecorder/finish()``), or queued but not written because it stopped.
    public var refusedAfterStop = 0
    /// Bytes written to disk.
    public var bytesWritten = 0
    /// Parts opened.
    public var parts = 0
    /// Why the recorder stopped early (`disk_budget`, `write_failed: …`), nil otherwise.
    public var stopReason: String?

    /// Creates zero counters.
    public init() {}

    /// Whether anything was lost.
    public var lostAnything: Bool {
        droppedFrames + droppedBulk + droppedDecisions + droppedMarks + refusedAfterStop > 0
    }
}
