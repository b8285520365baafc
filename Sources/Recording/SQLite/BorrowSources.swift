import Foundation

/// Recordings already read from files that hold all their own tables, by file, for reading
/// files that borrow tables from them (``BorrowedTables``): the borrowed rows are taken from
/// the recording in memory instead of reading its file again. The values are the same,
/// since the recording was read from that file by the same reader; a corpus sweep reads each
/// base member once and then its 13 variant members beside it.
public struct BorrowSources: Sendable {
    private var byFile: [String: Recording] = [:]

    /// No recordings: every source is read from its file.
    public init() {}

    /// `files[k]` read as `recordings[k]` (by ``RecordingStore/read(from:sources:)``), each a
    /// file that borrows nothing.
    public init(files: [String], recordings: [Recording]) {
        precondition(files.count == recordings.count, "one recording per file")
        for (file, recording) in zip(files, recordings) { byFile[Self.key(file)] = recording }
    }

    /// The recording read from `file`, if given.
    public func recording(of file: String) -> Recording? {
        byFile.isEmpty ? nil : byFile[Self.key(file)]
    }

    /// `path` made absolute and standardised (`..` and `.` resolved), so that a source named
    /// relative to a borrowing file finds its recording.
    private static func key(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
