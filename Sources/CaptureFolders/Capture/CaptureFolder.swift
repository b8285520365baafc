import Foundation
import Recording

/// A capture app's export folder read as a recording: the format told from the files it
/// holds, then read by its reader (`spatial-eval import --capture`, `spec.md#capture-import`).
public enum CaptureFolder {
    /// The format of the folder at `path`: Stray Scanner when it holds `odometry.csv`, 3D Scanner
    /// App when it holds a `frame_NNNNN.json`.
    /// - Throws: `InputError` naming the folder when it is not a folder or is neither.
    public static func format(of path: String) throws(InputError) -> CaptureFormat {
        let names = try listing(path)
        if names.contains("odometry.csv") { return .strayScanner }
        if names.contains(where: { ThreeDScannerAppFolder.frameIndex(of: $0, prefix: "frame_", suffix: ".json") != nil }) {
            return .threeDScannerApp
        }
        throw InputError(file: path, message: "holds neither odometry.csv (Stray Scanner) nor frame_NNNNN.json files (3D Scanner App \"All Data\" export)")
    }

    /// The recording of the export at `path`, in `format` (told from the files when nil).
    /// - Throws: `InputError` naming the file at fault; nothing is returned for a folder with
    ///   any unreadable frame.
    public static func read(_ path: String, format: CaptureFormat? = nil, options: CaptureImportOptions = CaptureImportOptions()) throws(InputError) -> Recording {
        var chosen = format
        if chosen == nil { chosen = try self.format(of: path) }
        switch chosen ?? .threeDScannerApp {
        case .threeDScannerApp: return try ThreeDScannerAppFolder.read(path, options: options)
        case .strayScanner: return try StrayScannerFolder.read(path, options: options)
        }
    }

    /// The names in the folder at `path`, sorted.
    static func listing(_ path: String) throws(InputError) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw InputError(file: path, message: "no such folder") }
        guard isFolder.boolValue else { throw InputError(file: path, message: "is a file, not a capture folder") }
        do {
            return try FileManager.default.contentsOfDirectory(atPath: path).sorted()
        } catch {
            throw InputError(file: path, message: "cannot be listed: \(error.localizedDescription)")
        }
    }

    /// Checks the first map of an import before the rest is read: its shape must be the
    /// image's (the map covers the whole image), and `frames` maps of its size must stay within
    /// ``CaptureImportOptions/maximumSamples`` (else the message names the `--every` that fits).
    static func checkFirstMap(_ depthPath: String, frames: Int, rows: Int, columns: Int, options: CaptureImportOptions) throws(InputError) {
        let mapAspect = Double(columns) / Double(rows), imageAspect = Double(options.imageWidth) / Double(options.imageHeight)
        guard abs(mapAspect / imageAspect - 1) <= 0.01 else {
            throw InputError(file: depthPath, message: "the map's \(columns) × \(rows) samples do not have the shape of the \(options.imageWidth) × \(options.imageHeight) image (give --image-size)")
        }
        let samples = frames * rows * columns
        guard samples > CaptureImportOptions.maximumSamples else { return }
        let every = options.every * ((samples + CaptureImportOptions.maximumSamples - 1) / CaptureImportOptions.maximumSamples)
        throw InputError(file: (depthPath as NSString).deletingLastPathComponent, message: "\(frames) frames of \(columns) × \(rows) LiDAR samples are more than the \(CaptureImportOptions.maximumSamples) samples an import holds; keep fewer frames with --every \(every)")
    }

    /// The path of `name` in `folder`.
    static func join(_ folder: String, _ name: String) -> String { (folder as NSString).appendingPathComponent(name) }
}
