import Foundation

/// The writer thread's side of a session folder: encodes records into a chunk, appends
/// chunks to the current part, rotates parts by size and keeps to the disk budget. Used by
/// one thread only: made on the caller's thread, then handed to the writer thread for good.
final class PartSink: @unchecked Sendable {
    /// Bytes kept back from the budget for the final `stopped` record.
    static let finalRecordReserve = 4096

    private let configuration: RecorderConfiguration
    private var writer = JSONLineWriter()
    private var handle: FileHandle?
    private var partBytes = 0
    /// Bytes appended to disk so far, all parts.
    private(set) var totalBytes = 0
    /// Parts opened so far.
    private(set) var partCount = 0

    /// Creates the folder and opens its first part.
    /// - Throws: `RecorderError` when the folder cannot be made, already holds parts, or the
    ///   part cannot be opened.
    init(configuration: RecorderConfiguration) throws(RecorderError) {
        self.configuration = configuration
        let folder = configuration.directory
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw RecorderError(path: folder, reason: "cannot create the session folder: \(error.localizedDescription)")
        }
        if FileManager.default.fileExists(atPath: Self.partPath(folder, 1)) {
            throw RecorderError(path: folder, reason: "already holds a recording (part-0001.jsonl); choose a new folder per session")
        }
        if let failure = openNextPart() { throw RecorderError(path: Self.partPath(folder, 1), reason: failure) }
    }

    /// The path of part `number` in `folder`.
    static func partPath(_ folder: String, _ number: Int) -> String {
        let digits = String(number)
        return folder + "/part-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".jsonl"
    }

    /// Encoded bytes not yet appended.
    var bufferedBytes: Int { writer.bytes.count }

    /// Encodes `entry`; returns a stop reason when the budget is reached (the `stopped`
    /// record is then the last one) or a write failed.
    func append(_ entry: RecorderEntry) -> String? {
        let start = writer.bytes.count
        RecordEncoding.encode(entry, into: &writer)
        return afterRecord(start: start)
    }

    /// Encodes a `dropped` record for `drops`.
    func appendDropNote(_ drops: DropTally) -> String? {
        let start = writer.bytes.count
        RecordEncoding.note(
            event: "dropped",
            counts: [("frames", drops.frames), ("detections", drops.detections), ("bulk", drops.bulk),
                     ("decisions", drops.decisions), ("marks", drops.marks)],
            frames: drops.frameNumbers, into: &writer)
        return afterRecord(start: start)
    }

    /// Encodes the `end` record with the session's counters.
    func appendEnd(_ counters: RecorderCounters) -> String? {
        let start = writer.bytes.count
        RecordEncoding.note(event: "end", counts: Self.counts(counters), into: &writer)
        return afterRecord(start: start)
    }

    /// Appends the chunk to the current part; returns a stop reason when the write failed.
    func flush() -> String? {
        guard !writer.bytes.isEmpty else { return nil }
        guard let handle else { return "write_failed: no open part" }
        do {
            try handle.write(contentsOf: writer.bytes)
            if configuration.syncOnFlush { try handle.synchronize() }
        } catch {
            writer.bytes.removeAll(keepingCapacity: true)
            return "write_failed: \(error.localizedDescription)"
        }
        partBytes += writer.bytes.count
        totalBytes += writer.bytes.count
        writer.bytes.removeAll(keepingCapacity: true)
        return nil
    }

    /// Closes the current part.
    func close() {
        try? handle?.close()
        handle = nil
    }

    /// Budget and rotation after the record that starts at `start` in the chunk.
    private func afterRecord(start: Int) -> String? {
        let budget = configuration.diskBudgetBytes - Self.finalRecordReserve
        if totalBytes + writer.bytes.count > budget {
            writer.bytes.removeSubrange(start...)
            RecordEncoding.note(event: "stopped", counts: [("bytes", totalBytes + writer.bytes.count)], reason: "disk_budget", into: &writer)
            return flush() ?? "disk_budget"
        }
        if partBytes + writer.bytes.count >= configuration.rotateBytes {
            if let failure = flush() { return failure }
            close()
            return openNextPart()
        }
        return nil
    }

    private func openNextPart() -> String? {
        let path = Self.partPath(configuration.directory, partCount + 1)
        guard FileManager.default.createFile(atPath: path, contents: nil), let opened = FileHandle(forWritingAtPath: path) else {
            return "write_failed: cannot create \(path)"
        }
        handle = opened
        partCount += 1
        partBytes = 0
        return nil
    }

    private static func counts(_ c: RecorderCounters) -> [(String, Int)] {
        [("accepted", c.accepted), ("lost_frames", c.droppedFrames), ("lost_detections", c.droppedDetections),
         ("lost_bulk", c.droppedBulk), ("lost_decisions", c.droppedDecisions), ("lost_marks", c.droppedMarks),
         ("refused_after_stop", c.refusedAfterStop), ("parts", c.parts)]
    }
}
