import Foundation
import ResultStore
@testable import EvalResults
@testable import EvalJobs
@testable import EvalReports
@testable import EvalCommandLine
import TestSupport

/// Small results files for the schema tests, and copies of them with one thing broken.
enum ResultsFileFixtures {
    /// A run results file with one recording (`r`, two gaps) and one gate, written by
    /// ``RunResultsFile`` into `folder`; returns its path.
    static func runFile(in folder: TemporaryDirectory) throws -> String {
        let loaded = try ProtocolLoader.load(try RunOutcomesTests.twoRecordingProtocol(in: folder))
        let interval = IntervalEstimate(estimate: 0.1, lower: 0.05, upper: 0.2)
        let intervals = GapIntervals(median: interval, p90: interval)
        let recording = RecordingResults(
            name: "r", path: "r.sqlite", sha256: "00", observationCount: 3, gaps: [0.1, 0.2], gapInstances: [1, 2],
            errors: [0.3], errorInstances: [1], instances: [], detectEveryN: [], recordedIDs: [], tracking3D: [],
            duplicatedObjects: [], neverAnchored: [4, 5], duplication: 0, gapIntervals: intervals, absenceFlags: [],
            removals: [], unflags: 0, lockOn: [])
        let results = RunResults(
            protocolName: "two", protocolSHA256: "ab", toolVersion: "test", bootstrap: BootstrapSettings(), recordings: [recording],
            pooledGaps: intervals, gates: [GateOutcome(gate: Gate(metric: .reanchorMedian, op: .atMost, value: 1), interval: interval, events: 2,
                                                  eventUnit: "instances", verdict: .pass)],
            runsDiffer: RunsDifferTest(statistic: 1, pValue: 0.5, groups: 1, instances: 2))
        let path = folder.file("results.h5")
        try RunResultsFile.write(results, loaded: loaded, to: path)
        return path
    }

    /// How a copy differs from its source.
    enum Edit {
        /// Leave the dataset or attribute out.
        case drop
        /// Drop the last value of a 1-D dataset.
        case truncate
        /// Store an integer dataset as float64.
        case asFloat
        /// Store a dataset with this shape.
        case reshape([Int])
        /// Store a string attribute with this value.
        case text(String)
        /// Store a float64 dataset with these values (its shape kept when the count agrees).
        case doubles([Double])
    }

    /// Copies the file at `source` to `target`, applying `edits` by object path (`/gates/value`,
    /// `/@layout`, `/pooled/runs_differ/@p_value`, `/recordings/r/gaps/gap_m@units`).
    static func copy(_ source: String, to target: String, edits: [String: Edit]) throws {
        let file = try ResultFile.create(atPath: target)
        try copyContents(of: source, into: file.root, edits: edits)
        try file.commit()
    }

    /// Copies the content of the file at `source` into `root`, a file being written.
    static func copyContents(of source: String, into root: ResultGroup, edits: [String: Edit] = [:]) throws {
        try copy(try ResultFile.open(atPath: source).root, into: root, edits: edits)
    }

    private static func copy(_ from: ResultGroup, into to: ResultGroup, edits: [String: Edit]) throws {
        for name in try from.attributeNames() {
            try copyAttribute(name, from: from, into: to, on: nil, path: (from.objectPath == "/" ? "/" : from.objectPath + "/") + "@" + name, edits: edits)
        }
        for name in try from.memberNames() {
            let path = from.objectPath == "/" ? "/" + name : from.objectPath + "/" + name
            if try from.memberKind(name) == .group {
                try copy(try from.openGroup(name), into: to.createGroup(name), edits: edits)
                continue
            }
            let edit = edits[path]
            if case .drop = edit { continue }
            let info = try from.datasetInfo(name)
            switch info.elementClass {
            case .string:
                try to.write(try from.readStrings(name), to: name)
            case .float:
                let array = try from.readDoubles(name)
                if case .doubles(let values) = edit {
                    try to.write(values, to: name, shape: values.count == array.values.count ? array.shape : nil)
                } else {
                    try to.write(edited(array.values, edit), to: name, shape: shape(array.shape, edit))
                }
            case .integer:
                let array = try from.readInt64s(name)
                if case .asFloat = edit {
                    try to.write(array.values.map(Double.init), to: name, shape: array.shape)
                } else {
                    try to.write(edited(array.values, edit), to: name, shape: shape(array.shape, edit))
                }
            case .other:
                continue
            }
            for attribute in try from.attributeNames(on: name) {
                try copyAttribute(attribute, from: from, into: to, on: name, path: path + "@" + attribute, edits: edits)
            }
        }
    }

    private static func copyAttribute(
        _ name: String, from: ResultGroup, into to: ResultGroup, on dataset: String?, path: String, edits: [String: Edit]
    ) throws {
        switch edits[path] {
        case .drop: return
        case .text(let value):
            if let dataset { try to.setAttribute(name, on: dataset, value) } else { try to.setAttribute(name, value) }
            return
        default: break
        }
        switch try from.attributeInfo(name, on: dataset)?.elementClass {
        case .string:
            let value = try from.attributeString(name, on: dataset)
            if let dataset { try to.setAttribute(name, on: dataset, value) } else { try to.setAttribute(name, value) }
        case .float:
            let value = try from.attributeDouble(name, on: dataset)
            if let dataset { try to.setAttribute(name, on: dataset, value) } else { try to.setAttribute(name, value) }
        case .integer:
            let value = try from.attributeInt64(name, on: dataset)
            if let dataset { try to.setAttribute(name, on: dataset, value) } else { try to.setAttribute(name, value) }
        default: break
        }
    }

    private static func edited<T>(_ values: [T], _ edit: Edit?) -> [T] {
        if case .truncate = edit { return Array(values.dropLast()) }
        return values
    }

    private static func shape(_ shape: [Int], _ edit: Edit?) -> [Int] {
        switch edit {
        case .truncate: [shape[0] - 1]
        case .reshape(let new): new
        default: shape
        }
    }
}
