import Foundation
import Recording
import Sweeps
/// ``ResultsSchema`` rendered for people and for other programs: the Markdown tables that
/// `Docs/result-store.md` holds between ``beginMarker`` and ``endMarker``, and the JSON dump
/// `Conformance/results_schema.json` that `Conformance/read_results_h5.py` checks files with.
/// Both end with the sweep metric formulas (``SweepMetric/formula``), by which a reader derives
/// the metric cubes of `sweep.h5` from its components. Tests compare both files with these
/// renderings, so the documents cannot drift from the schema the writers and readers use.
public enum ResultsSchemaDocument {
    /// The line before the generated tables.
    public static let beginMarker = "<!-- schema:begin -->"
    /// The line after the generated tables.
    public static let endMarker = "<!-- schema:end -->"

    /// One section per layout: a heading and a table of every group, dataset and attribute
    /// (path, kind, element type, shape, what it holds).
    public static func markdown(_ layouts: [ResultsLayout] = ResultsSchema.all) -> String {
        var lines: [String] = []
        for layout in layouts {
            lines += ["", "### `\(layout.tag)`: \(layout.title)", "", "| path | kind | type | shape | holds |", "| --- | --- | --- | --- | --- |"]
            rows(layout.root, path: rootPath(layout.root), into: &lines, top: true)
        }
        lines += ["", "### Sweep metric formulas", "",
                  "As `/metric_formulas` of `sweep/2` holds them; `sweep/1` files were written with the same formulas.", "",
                  "| metric | numerator | denominator | divisor |", "| --- | --- | --- | --- |"]
        for metric in SweepMetric.allCases {
            let f = metric.formula
            lines.append("| `\(metric.rawValue)` | \(MetricFormula.text(f.numerator)) | \(MetricFormula.text(f.denominator)) | \(String(format: "%g", f.divisor)) |")
        }
        return lines.dropFirst().joined(separator: "\n") + "\n"
    }

    /// `document` with the text between the markers replaced by ``markdown(_:)``; nil when
    /// the markers are missing.
    public static func updating(_ document: String) -> String? {
        guard let begin = document.range(of: beginMarker + "\n"), let end = document.range(of: endMarker, range: begin.upperBound..<document.endIndex)
        else { return nil }
        return String(document[..<begin.upperBound]) + markdown() + String(document[end.lowerBound...])
    }

    /// The JSON dump of `layouts`: per layout its tag and root group; per group its name
    /// (`placeholder` true for `<name>`), `required`, `extents`, `attributes`, `datasets` and
    /// `groups` (a group holding another layout has only `layout`: that layout's root
    /// describes it); per dataset its `element` and `dimensions` (`{"extent": name}`,
    /// `{"extents": name}` for one or more, `{"fixed": n}`, `{"free": true}`); then
    /// `metric_formulas`, one object per sweep metric (`metric`, `numerator`, `denominator`,
    /// `divisor`, as `/metric_formulas` of `sweep/2` holds them).
    public static func json(_ layouts: [ResultsLayout] = ResultsSchema.all) -> String {
        var w = JSONWriter()
        w.beginObject()
        w.string("about", "Generated from Sources/EvalResults/ResultsFile (ResultsSchema); a test keeps it in step.")
        w.beginArray("layouts")
        for layout in layouts {
            w.beginObject()
            w.string("tag", layout.tag)
            write(layout.root, to: &w, key: "root", top: true)
            w.endObject()
        }
        w.endArray()
        w.beginArray("metric_formulas")
        for metric in SweepMetric.allCases {
            w.beginObject()
            w.string("metric", metric.rawValue)
            w.string("numerator", MetricFormula.text(metric.formula.numerator))
            w.string("denominator", MetricFormula.text(metric.formula.denominator))
            w.number("divisor", metric.formula.divisor)
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return w.text
    }

    // MARK: Markdown

    private static func rootPath(_ root: ResultsGroupSchema) -> String {
        if case .literal(let name) = root.name { return name }
        return "/"
    }

    private static func child(_ path: String, _ name: ResultsName) -> String {
        path == "/" ? "/" + name.text : path + "/" + name.text
    }

    private static func rows(_ group: ResultsGroupSchema, path: String, into lines: inout [String], top: Bool) {
        let isTable = group.extents == [ResultsGroupSchema.rows]
        var holds = group.about
        if let layout = group.layout, !top { holds = join(holds, "layout `\(layout)`, below") }
        let shared = group.extents.filter { $0 != ResultsGroupSchema.rows }
        if !shared.isEmpty, group.layout == nil || top { holds = join(holds, "extents " + shared.map { "`\($0)`" }.joined(separator: ", ")) }
        let shownPath = path == "/" ? "/" : path + "/"
        lines.append(row(shownPath, kind(isTable ? "table" : "group", group.required), "", "", holds))
        guard group.layout == nil || top else { return }
        for attribute in group.attributes { lines.append(attributeRow(attribute, at: path == "/" ? "/" : path + "/")) }
        for dataset in group.datasets {
            let datasetPath = child(path, dataset.name)
            lines.append(row(datasetPath, kind("dataset", dataset.required), dataset.element.rawValue, dataset.shapeText, dataset.about))
            for attribute in dataset.attributes { lines.append(attributeRow(attribute, at: datasetPath)) }
        }
        for subgroup in group.groups { rows(subgroup, path: child(path, subgroup.name), into: &lines, top: false) }
    }

    private static func attributeRow(_ attribute: ResultsAttributeSchema, at path: String) -> String {
        row(path + "@" + attribute.name, kind("attribute", attribute.required), attribute.element.rawValue, "", attribute.about)
    }

    private static func kind(_ kind: String, _ required: Bool) -> String { required ? kind : kind + ", optional" }

    private static func join(_ a: String, _ b: String) -> String { a.isEmpty ? b : a + "; " + b }

    private static func row(_ path: String, _ kind: String, _ type: String, _ shape: String, _ holds: String) -> String {
        "| `\(path)` | \(kind) | \(type) | \(shape) | \(holds.replacingOccurrences(of: "|", with: "\\|")) |"
    }

    // MARK: JSON

    private static func write(_ group: ResultsGroupSchema, to w: inout JSONWriter, key: String?, top: Bool) {
        w.beginObject(key)
        name(group.name, to: &w)
        w.bool("required", group.required)
        if let layout = group.layout { w.string("layout", layout) }
        guard group.layout == nil || top else {  // a nested layout: its own entry has the content
            w.endObject()
            return
        }
        w.beginArray("extents")
        for extent in group.extents { w.string(nil, extent) }
        w.endArray()
        attributes(group.attributes, to: &w)
        w.beginArray("datasets")
        for dataset in group.datasets {
            w.beginObject()
            name(dataset.name, to: &w)
            w.string("element", dataset.element.rawValue)
            w.beginArray("dimensions")
            for dimension in dataset.dimensions { self.dimension(dimension, to: &w) }
            w.endArray()
            w.bool("required", dataset.required)
            attributes(dataset.attributes, to: &w)
            w.endObject()
        }
        w.endArray()
        w.beginArray("groups")
        for subgroup in group.groups { write(subgroup, to: &w, key: nil, top: false) }
        w.endArray()
        w.endObject()
    }

    private static func name(_ name: ResultsName, to w: inout JSONWriter) {
        switch name {
        case .literal(let text): w.string("name", text)
        case .each(let placeholder): w.string("name", "<\(placeholder)>")
        }
        w.bool("placeholder", name.isPlaceholder)
    }

    private static func attributes(_ attributes: [ResultsAttributeSchema], to w: inout JSONWriter) {
        w.beginArray("attributes")
        for attribute in attributes {
            w.beginObject()
            w.string("name", attribute.name)
            w.string("element", attribute.element.rawValue)
            w.bool("required", attribute.required)
            if let value = attribute.value { w.string("value", value) }
            w.endObject()
        }
        w.endArray()
    }

    private static func dimension(_ dimension: ResultsDimension, to w: inout JSONWriter) {
        w.beginObject()
        switch dimension {
        case .extent(let name): w.string("extent", name)
        case .extents(let name): w.string("extents", name)
        case .fixed(let length): w.integer("fixed", length)
        case .free: w.bool("free", true)
        }
        w.endObject()
    }
}
