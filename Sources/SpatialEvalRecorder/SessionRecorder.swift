import Foundation

/// Records one capture session as JSON Lines that `spatial-eval import --jsonl FOLDER` reads.
///
/// **Threading.** Every `record`, `define` and `mark` call only copies its value into a
/// bounded queue under a lock and returns (no encoding, no I/O, no allocation beyond the
/// value itself); call them from any thread — the ARKit delegate queue, the detector's queue,
/// the main thread. One background thread encodes the queue and appends to disk.
///
/// **Drop policy.** The queue holds ``RecorderConfiguration/queueCapacity`` entries. Frames,
/// depth maps, observations and labelled boxes are refused once it holds
/// `queueCapacity − decisionReserve` entries; decisions, marks and object definitions are
/// refused only when it is full. Nothing is lost silently: the writer follows every loss with
/// a `recorder` record (`event` `dropped`) counting what was dropped and listing the dropped
/// frame numbers, which `import` reports and uses to leave out records naming those frames.
///
/// **Files.** Records are encoded into chunks appended when they reach
/// ``RecorderConfiguration/chunkBytes`` or at least every ``RecorderConfiguration/flushInterval``
/// seconds; every record ends with a line break, so a crash or kill at any byte leaves whole
/// records and at most one torn last line, which `import` reports as a warning. Parts rotate
/// by size; the session stops at ``RecorderConfiguration/diskBudgetBytes`` with a final
/// `recorder` record (`event` `stopped`, `reason` `disk_budget`). ``finish()`` writes an
/// `end` record with the counters. Always call it: until then the writer thread keeps the
/// recorder alive.
public final class SessionRecorder: @unchecked Sendable {
    /// The configuration it runs with.
    public let configuration: RecorderConfiguration
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var pending: [RecorderEntry]
    private var counters = RecorderCounters()
    private var unreportedDrops = DropTally()
    private var stopped = false
    private var finishing = false
    private var done = false
    /// Tests hold the writer to fill the queue deterministically.
    private var held = false
    private let bulkLimit: Int
    private let wakeThreshold: Int

    /// Starts a session: creates the folder, writes the header first, starts the writer thread.
    /// - Throws: `RecorderError` when the folder or the first part cannot be created.
    public init(configuration: RecorderConfiguration, header: SessionHeader) throws(RecorderError) {
        self.configuration = configuration
        pending = []
        pending.reserveCapacity(configuration.queueCapacity)
        bulkLimit = configuration.queueCapacity - configuration.decisionReserve
        wakeThreshold = max(1, configuration.queueCapacity / 2)
        let sink = try PartSink(configuration: configuration)
        pending.append(.header(header))
        counters.accepted = 1
        counters.parts = 1
        let thread = Thread { [self] in self.writerLoop(sink) }
        thread.name = "SpatialEvalRecorder writer"
        thread.qualityOfService = .utility
        thread.start()
    }

    // MARK: - Caller side (enqueue only)

    /// Queues a camera frame with its detections. Returns false when it was dropped (queue
    /// nearly full, or the recorder stopped); the loss is counted and recorded.
    @discardableResult
    public func record(_ frame: RecordedFrame) -> Bool { enqueue(.frame(frame)) }

    /// Queues a whole-frame depth map (see ``wantsDepthMap(forFrame:)`` for the cadence).
    @discardableResult
    public func record(_ map: DepthMap) -> Bool { enqueue(.depthMap(map)) }

    /// Queues a fused observation (an update of the app's object registry).
    @discardableResult
    public func record(_ observation: FusedObservation) -> Bool { enqueue(.observation(observation)) }

    /// Queues a decision of the app's object memory (schema version 2).
    @discardableResult
    public func record(_ decision: RecordedDecision) -> Bool { enqueue(.decision(decision)) }

    /// Queues a ground-truth box from offline labelling.
    @discardableResult
    public func record(_ box: LabelledBox) -> Bool { enqueue(.box(box)) }

    /// Defines a ground-truth object before marks name it.
    @discardableResult
    public func define(_ object: MarkedObject) -> Bool { enqueue(.object(object)) }

    /// Queues a ground-truth mark (a button press of the capture mode).
    @discardableResult
    public func mark(_ mark: GroundTruthMark) -> Bool { enqueue(.mark(mark)) }

    /// Whether a depth map of frame `index` is due (every `depthMapEveryNFrames`-th frame
    /// number): ask before downsampling, so off-cadence frames cost nothing.
    public func wantsDepthMap(forFrame index: Int64) -> Bool {
        index % configuration.depthMapEveryNFrames == 0
    }

    /// The counters so far.
    public var snapshot: RecorderCounters {
        condition.lock()
        defer { condition.unlock() }
        return counters
    }

    /// Drains the queue, writes the `end` record, closes the file and returns the counters.
    /// Blocks until the writer is done; call it off the perception loop. Later calls return
    /// the same counters; records queued afterwards are refused.
    @discardableResult
    public func finish() -> RecorderCounters {
        condition.lock()
        defer { condition.unlock() }
        finishing = true
        stopped = true
        condition.broadcast()
        while !done { condition.wait() }
        return counters
    }

    /// Stops (`true`) or resumes (`false`) the writer's draining, for tests of the drop policy.
    func holdWriter(_ hold: Bool) {
        condition.lock()
        held = hold
        condition.broadcast()
        condition.unlock()
    }

    private func enqueue(_ entry: RecorderEntry) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let limit = entry.isBulk ? bulkLimit : configuration.queueCapacity
        guard !stopped, pending.count < limit else {
            if stopped { counters.refusedAfterStop += 1 } else { unreportedDrops.count(entry, into: &counters) }
            return false
        }
        pending.append(entry)
        counters.accepted += 1
        if pending.count == wakeThreshold { condition.signal() }
        return true
    }

    // MARK: - Writer side

    private func writerLoop(_ sink: PartSink) {
        var batch: [RecorderEntry] = []
        batch.reserveCapacity(configuration.queueCapacity)
        var lastFlush = Date()
        while true {
            condition.lock()
            let deadline = lastFlush.addingTimeInterval(configuration.flushInterval)
            while held || (pending.count < wakeThreshold && !finishing && Date() < deadline) {
                _ = condition.wait(until: held ? Date().addingTimeInterval(0.01) : deadline)
            }
            swap(&batch, &pending)
            let drops = unreportedDrops
            unreportedDrops = DropTally()
            let last = finishing
            condition.unlock()

            var stopReason: String?
            var unwritten = 0
            for (index, entry) in batch.enumerated() {
                stopReason = sink.append(entry)
                // The entry that reached the budget is not in the file either.
                if stopReason != nil {
                    unwritten = batch.count - index
                    break
                }
            }
            batch.removeAll(keepingCapacity: true)
            if stopReason == nil, drops.any { stopReason = sink.appendDropNote(drops) }
            if stopReason == nil, last { stopReason = sink.appendEnd(countsForEnd()) }
            if sink.bufferedBytes >= configuration.chunkBytes || Date() >= deadline || last || stopReason != nil {
                if let failure = sink.flush() { stopReason = stopReason ?? failure }
                lastFlush = Date()
            }
            updateBytes(sink)
            if let stopReason {
                stop(reason: stopReason, unwritten: unwritten)
                waitForFinish()
            }
            if last || stopReason != nil {
                sink.close()
                markDone()
                return
            }
        }
    }

    private func countsForEnd() -> RecorderCounters {
        condition.lock()
        defer { condition.unlock() }
        return counters
    }

    private func updateBytes(_ sink: PartSink) {
        condition.lock()
        counters.bytesWritten = sink.totalBytes
        counters.parts = sink.partCount
        condition.unlock()
    }

    /// The budget was reached or a write failed: refuse everything from now on (the file
    /// already ends with the `stopped` record, when it could be written).
    /// `unwritten` entries of the writer's batch did not fit.
    private func stop(reason: String, unwritten: Int) {
        condition.lock()
        stopped = true
        if counters.stopReason == nil { counters.stopReason = reason }
        counters.refusedAfterStop += pending.count + unwritten
        pending.removeAll()
        condition.unlock()
    }

    /// After an early stop: waits until `finish()` asks.
    private func waitForFinish() {
        condition.lock()
        while !finishing { condition.wait() }
        condition.unlock()
    }

    private func markDone() {
        condition.lock()
        done = true
        condition.broadcast()
        condition.unlock()
    }
}

/// A recorder could not start.
public struct RecorderError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The path at fault.
    public var path: String
    /// What went wrong.
    public var reason: String

    /// Creates an error.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `PATH: reason`.
    public var description: String { "\(path): \(reason)" }
}

/// Losses since the last drop record.
struct DropTally: Sendable {
    var frames = 0, detections = 0, bulk = 0, decisions = 0, marks = 0
    /// Dropped frame numbers (the first 10,000 per record; the count above is complete).
    var frameNumbers: [Int64] = []

    var any: Bool { frames + bulk + decisions + marks > 0 }

    /// Counts the refused `entry` here and in the totals.
    mutating func count(_ entry: RecorderEntry, into totals: inout RecorderCounters) {
        switch entry {
        case .frame(let frame):
            frames += 1
            detections += frame.detections.count
            totals.droppedFrames += 1
            totals.droppedDetections += frame.detections.count
            if frameNumbers.count < 10_000 { frameNumbers.append(frame.frame) }
        case .depthMap, .observation, .box:
            bulk += 1
            totals.droppedBulk += 1
        case .decision:
            decisions += 1
            totals.droppedDecisions += 1
        case .header, .object, .mark:
            marks += 1
            totals.droppedMarks += 1
        }
    }
}
