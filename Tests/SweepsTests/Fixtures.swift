import Foundation
import Recording
import Sweeps

/// Bundled recordings for the sweep tests.
enum SweepFixtures {
    /// `Data/recordings/NAME.sqlite` of this checkout.
    static func path(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Data/recordings/\(name).sqlite").path
    }

    /// The recording as a sweep input.
    static func input(_ name: String) throws -> SweepInput {
        SweepInput(name: name, recording: try RecordingStore.read(from: path(name)))
    }
}
