import Foundation
import Recording
import Replay

/// Reads one frame's depth pairs from CSV (`spatial-eval fit-depth --pairs`).
///
/// The first line names the columns: `depth` (metric depth, metres; LiDAR or ground truth)
/// and `inverse_depth` (the network's relative inverse depth) are required; `confidence`
/// (0, 1, 2) and `mask` (0 or 1) are optional and default to 2 and 1. Columns may come in
/// any order; `nan` is accepted for depth and inverse depth (such pairs are filtered out).
public enum DepthPairsCSV {
    /// The pairs of the file at `path`; an ``InputError`` names the file and line at fault.
    public static func read(_ path: String) throws(InputError) -> DepthPairs {
        guard let data = FileManager.default.contents(atPath: path) else { throw InputError(file: path, message: "cannot be read") }
        return try parse(String(decoding: data, as: UTF8.self), file: path)
    }

    /// Parses CSV `text`; `file` names it in errors.
    public static func parse(_ text: String, file: String) throws(InputError) -> DepthPairs {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        guard let header = lines.first else { throw InputError(file: file, message: "is empty (expected a header line naming depth,inverse_depth)") }
        let names = header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        func column(_ name: String) throws(InputError) -> Int? {
            let found = names.indices.filter { names[$0] == name }
            guard found.count <= 1 else { throw InputError(file: file, line: 1, message: "column '\(name)' appears twice") }
            return found.first
        }
        for name in names where !["depth", "inverse_depth", "confidence", "mask"].contains(name) {
            throw InputError(file: file, line: 1, message: "unknown column '\(name)' (expected depth, inverse_depth, confidence, mask)")
        }
        guard let depthColumn = try column("depth"), let inverseColumn = try column("inverse_depth") else {
            throw InputError(file: file, line: 1, message: "the header must name the columns depth and inverse_depth")
        }
        let confidenceColumn = try column("confidence"), maskColumn = try column("mask")
        var depth: [Double] = [], inverse: [Double] = [], confidence: [UInt8] = [], mask: [Bool] = []
        depth.reserveCapacity(lines.count)
        inverse.reserveCapacity(lines.count)
        for (index, line) in lines.enumerated().dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == names.count else {
                throw InputError(file: file, line: index + 1, message: "expected \(names.count) fields, found \(fields.count)")
            }
            func number(_ column: Int) throws(InputError) -> Double {
                let field = fields[column].trimmingCharacters(in: .whitespaces)
                guard let value = Double(field), !value.isInfinite else {
                    throw InputError(file: file, line: index + 1, message: "\(names[column]) '\(field)' is not a finite number or nan")
                }
                return value
            }
            depth.append(try number(depthColumn))
            inverse.append(try number(inverseColumn))
            if let confidenceColumn {
                let field = fields[confidenceColumn].trimmingCharacters(in: .whitespaces)
                guard let level = UInt8(field), level <= 2 else {
                    throw InputError(file: file, line: index + 1, message: "confidence '\(field)' is not 0, 1 or 2")
                }
                confidence.append(level)
            }
            if let maskColumn {
                let field = fields[maskColumn].trimmingCharacters(in: .whitespaces)
                guard field == "0" || field == "1" else { throw InputError(file: file, line: index + 1, message: "mask '\(field)' is not 0 or 1") }
                mask.append(field == "1")
            }
        }
        guard !depth.isEmpty else { throw InputError(file: file, message: "has a header but no pairs") }
        return DepthPairs(depth: depth, inverseDepth: inverse, confidence: confidenceColumn == nil ? nil : confidence,
                          inMask: maskColumn == nil ? nil : mask)
    }
}
