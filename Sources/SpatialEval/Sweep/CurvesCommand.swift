import Foundation
import EvalNumerics
import Recording

/// `spatial-eval curves`: PR and ROC curves with AP and AUC of a scored binary decision, or
/// the Pareto front of a table of objectives (scikit-learn / paretoset semantics; used by
/// `Scripts/conformance-sweeps`).
struct CurvesCommand: Command {
    let name = "curves"
    let summary = "PR/ROC curves with AP/AUC of label,score rows, or the Pareto front of objective rows; prints JSON."
    let discussion = """
        FILE.csv has a header line. Without --pareto its columns are label (0 or 1) and score; \
        prints {"precision", "recall", "pr_thresholds", "average_precision", "fpr", "tpr", \
        "roc_thresholds", "roc_auc"} as scikit-learn 1.9.1's precision_recall_curve, \
        average_precision_score, roc_curve (drop_intermediate) and roc_auc_score compute them \
        (roc_auc is NaN unless both labels occur). With --pareto every column is an objective \
        to minimise; prints {"mask": [...]} as paretoset(..., distinct=False). Non-finite \
        numbers print as the strings NaN / Infinity. Exit status: 0 success, 1 bad input \
        (the message names the file and line), 64 usage error. Docs/sweeps.md.
        """
    static let file = Positional<String>("FILE.csv", "Rows label,score, or objective columns with --pareto.")
    static let pareto = OptionKey<Bool>(flag: "pareto", "Treat the columns as objectives and print the Pareto mask.")
    let positionals: [any CommandPositional] = [Self.file]
    let options: [any CommandOption] = [Self.pareto]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let path = arguments[Self.file]
        let rows = try NumericCSV.read(path)
        var json = JSONWriter()
        json.beginObject()
        if arguments[Self.pareto] {
            json.beginArray("mask")
            for onFront in ParetoFront.mask(rows.values) { json.integer(nil, onFront ? 1 : 0) }
            json.endArray()
        } else {
            guard rows.columns == 2 else { throw InputError(file: path, line: 1, message: "expected the columns label,score") }
            var labels: [Bool] = []
            for (k, row) in rows.values.enumerated() {
                guard row[0] == 0 || row[0] == 1 else { throw InputError(file: path, line: k + 2, message: "label must be 0 or 1") }
                guard row[1].isFinite else { throw InputError(file: path, line: k + 2, message: "score must be finite") }
                labels.append(row[0] == 1)
            }
            let scores = rows.values.map { $0[1] }
            let pr = ThresholdCurves.precisionRecall(labels: labels, scores: scores)
            let roc = ThresholdCurves.roc(labels: labels, scores: scores)
            json.numbers("precision", pr.precision)
            json.numbers("recall", pr.recall)
            json.numbers("pr_thresholds", pr.thresholds)
            json.number("average_precision", ThresholdCurves.averagePrecision(labels: labels, scores: scores))
            json.numbers("fpr", roc.falsePositiveRate)
            json.numbers("tpr", roc.truePositiveRate)
            json.numbers("roc_thresholds", roc.thresholds)
            json.number("roc_auc", ThresholdCurves.rocAUC(labels: labels, scores: scores) ?? .nan)
        }
        json.endObject()
        output.out(json.text + "\n")
        return .success
    }
}

/// A CSV of numbers with a header line, as `curves` reads it.
struct NumericCSV {
    /// Number of columns (from the header).
    var columns: Int
    /// The rows after the header, each with `columns` numbers.
    var values: [[Double]]

    /// Reads `path`; errors name the file and the 1-based line.
    static func read(_ path: String) throws -> NumericCSV {
        guard let data = FileManager.default.contents(atPath: path) else { throw InputError(file: path, message: "cannot be read") }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        guard let header = lines.first, !header.isEmpty else { throw InputError(file: path, line: 1, message: "missing header") }
        let columns = header.split(separator: ",", omittingEmptySubsequences: false).count
        var values: [[Double]] = []
        for (k, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == columns else {
                throw InputError(file: path, line: k + 1, message: "expected \(columns) fields, found \(fields.count)")
            }
            values.append(try fields.map { field in
                guard let value = Double(field.trimmingCharacters(in: .whitespaces)) else {
                    throw InputError(file: path, line: k + 1, message: "'\(field)' is not a number")
                }
                return value
            })
        }
        return NumericCSV(columns: columns, values: values)
    }
}

extension JSONWriter {
    /// An array of numbers under `key`.
    mutating func numbers(_ key: String, _ values: [Double]) {
        beginArray(key)
        for value in values { number(nil, value) }
        endArray()
    }
}
