import Foundation
import Recording
import Replay
import EvalResults

/// One frame's depth pairs as `spatial-eval fit-depth --pairs` reads them from a ``CSVTable``.
///
/// The columns: `depth` (metric depth, metres; LiDAR or ground truth) and `inverse_depth`
/// (the network's relative inverse depth) are required; `confidence` (0, 1, 2) and `mask`
/// (0 or 1) are optional and default to 2 and 1; no other column is allowed. Columns may
/// come in any order; `nan` is accepted for depth and inverse depth (such pairs are filtered
/// out), infinities are not.
public enum DepthPairsCSV {
    /// The columns a pairs file may have.
    public static let columns = ["depth", "inverse_depth", "confidence", "mask"]

    /// The pairs of the file at `path`; an ``InputError`` names the file and line at fault.
    public static func read(_ path: String) throws(InputError) -> DepthPairs {
        try pairs(of: try CSVTable.read(path))
    }

    /// The pairs of `table`.
    public static func pairs(of table: CSVTable) throws(InputError) -> DepthPairs {
        for name in table.header where !columns.contains(name) {
            throw InputError(file: table.file, line: 1, message: "unknown column '\(CSVTable.excerpt(name))' (expected depth, inverse_depth, confidence, mask)")
        }
        let depth = try table.numbers("depth", allowing: .nan), inverse = try table.numbers("inverse_depth", allowing: .nan)
        var confidence: [UInt8]?, mask: [Bool]?
        if table.columnIndex("confidence") != nil { confidence = try table.integers("confidence", in: 0...2).map(UInt8.init) }
        if table.columnIndex("mask") != nil { mask = try table.integers("mask", in: 0...1).map { $0 == 1 } }
        guard !depth.isEmpty else { throw InputError(file: table.file, message: "has a header but no pairs") }
        return DepthPairs(depth: depth, inverseDepth: inverse, confidence: confidence, inMask: mask)
    }
}
