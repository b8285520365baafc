import Foundation
import Testing
@testable import Recording

@Suite struct RecordingStoreInputErrorTests {
    private func readError(_ path: String) -> InputError? {
        #expect(throws: InputError.self) { try RecordingStore.read(from: path) }
    }

    @Test func unknownVersionIsRefusedNamingSupportedVersions() throws {
        let path = RecordingFixtures.scratchDirectory() + "/future.sqlite"
        try RecordingStore.write(RecordingFixtures.small(), to: path)
        try SQLiteConnection(path: path, mode: .create).setUserVersion(7)
        let error = try #require(readError(path))
        #expect(error.file == path)
        #expect(error.message.contains("version 7"))
        #expect(error.message.contains("schema version(s) 1"))
    }

    @Test func plainSQLiteFileIsNotARecording() throws {
        let path = RecordingFixtures.scratchDirectory() + "/other.sqlite"
        try SQLiteConnection(path: path, mode: .create).execute("CREATE TABLE t (x)")
        let error = try #require(readError(path))
        #expect(error.description.hasPrefix(path + ": not a SpatialEval recording"))
    }

    @Test func textFileIsNamedInTheError() throws {
        let path = RecordingFixtures.scratchDirectory() + "/notes.txt"
        try Data(String(repeating: "frame,t,x\n1,0.0,1.5\n", count: 100).utf8).write(to: URL(fileURLWithPath: path))
        let error = try #require(readError(path))
        #expect(error.file == path)
        #expect(error.message.contains("not an SQLite database"))
    }

    @Test(arguments: [0.5, 0.9])
    func truncatedFileIsNamedInTheError(keptFraction: Double) throws {
        let directory = RecordingFixtures.scratchDirectory()
        let path = directory + "/truncated.sqlite"
        var recording = RecordingFixtures.small()
        // Enough rows to span several pages.
        recording.detections += (100..<2_000).map {
            Detection(id: Int64($0), frame: 1, label: "cup", score: 0.5, box: PixelBox(x: 1, y: 2, width: 3, height: 4),
                      embedding: Array(repeating: 0.25, count: 32))
        }
        try RecordingStore.write(recording, to: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try data.prefix(Int(Double(data.count) * keptFraction)).write(to: URL(fileURLWithPath: path))
        let error = try #require(readError(path))
        #expect(error.file == path)
        #expect(error.description.hasPrefix(path + ": "))
    }

    @Test func missingFileIsNamed() {
        let error = readError("/nonexistent/dir/rec.sqlite")
        #expect(error == InputError(file: "/nonexistent/dir/rec.sqlite", message: "no such file"))
    }
}
