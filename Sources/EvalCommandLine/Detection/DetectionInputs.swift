import EvalNumerics
import Recording
import EvalResults

/// Reading the COCO files of a detection command, the two files at the same time. Boxes of
/// negative width or height are scored as COCOeval scores them, with one warning line per
/// file on standard error, or refused under `--strict`.
struct DetectionInputs {
    /// `--strict`: refuse boxes of negative width or height.
    public static let strict = OptionKey<Bool>(flag: "strict", "Refuse boxes of negative width or height (default: score them as pycocotools does, with a warning).")

    /// What the readers do with negative sizes.
    public let negativeBoxSizes: NegativeBoxSizes
    /// Where warnings go.
    public let output: OutputSink

    /// The readers for a command's arguments.
    public init(_ arguments: ParsedArguments, output: OutputSink) {
        negativeBoxSizes = arguments[Self.strict] ? .reject : .keep
        self.output = output
    }

    /// A ground-truth file and a results file, read in parallel.
    public func read(groundTruth: String, results: String) throws -> (COCOGroundTruth, COCOResults) {
        let mode = negativeBoxSizes
        let (gt, dt) = inParallel(
            { Result { try COCOGroundTruth.read(from: groundTruth, negativeBoxSizes: mode) } },
            { Result { try COCOResults.read(from: results, negativeBoxSizes: mode) } })
        return (try warned(gt.get()), try warned(dt.get()))
    }

    /// Two results files, read in parallel.
    public func read(results first: String, _ second: String) throws -> (COCOResults, COCOResults) {
        let mode = negativeBoxSizes
        let (a, b) = inParallel(
            { Result { try COCOResults.read(from: first, negativeBoxSizes: mode) } },
            { Result { try COCOResults.read(from: second, negativeBoxSizes: mode) } })
        return (try warned(a.get()), try warned(b.get()))
    }

    /// One ground-truth file.
    public func groundTruth(_ path: String) throws -> COCOGroundTruth {
        warned(try COCOGroundTruth.read(from: path, negativeBoxSizes: negativeBoxSizes))
    }

    /// One results file.
    public func results(_ path: String) throws -> COCOResults {
        warned(try COCOResults.read(from: path, negativeBoxSizes: negativeBoxSizes))
    }

    private func warned(_ file: COCOGroundTruth) -> COCOGroundTruth {
        warn(file.source, file.negativeSizeBoxes)
        return file
    }

    private func warned(_ file: COCOResults) -> COCOResults {
        warn(file.source, file.negativeSizeBoxes)
        return file
    }

    private func warn(_ file: String, _ lines: [Int]) {
        if let text = Self.warning(file: file, lines: lines) { output.err(text + "\n") }
    }

    /// The warning line for a file's boxes of negative size (at most five lines named); nil for none.
    public static func warning(file: String, lines: [Int]) -> String? {
        guard !lines.isEmpty else { return nil }
        let named = lines.prefix(5).map(String.init).joined(separator: ", ") + (lines.count > 5 ? ", …" : "")
        let boxes = lines.count == 1 ? "1 box" : "\(lines.count) boxes"
        let label = lines.count == 1 ? "line" : "lines"
        return "warning: \(file): \(boxes) of negative width or height (\(label) \(named)), scored as pycocotools scores them; --strict refuses them"
    }
}
