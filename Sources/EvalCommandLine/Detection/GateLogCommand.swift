import Foundation
import EvalMetrics
import Recording
import EvalResults
import EvalJobs
import EvalReports

/// `spatial-eval gate-log`: the app's `GATE` and `STATS` console lines as results.
struct GateLogCommand: Command {
    let name = "gate-log"
    let summary = "Parse an app log's GATE det / STATS lines; check each gate block against the expected detections."
    let discussion = """
        Reads a console log (any prefix before the first stand-alone GATE or STATS token \
        is ignored; LF or CRLF). GATE begin <model> [key=value…], GATE det <label…> <score> \
        <x> <y> <w> <h>, GATE end <count> form gate blocks; STATS median <ms> ms <fps> fps \
        [n= thermal= variant= unit=] are timing windows, aggregated after --warmup-windows \
        per thermal state. Lines that start such a sequence but break the grammar are \
        listed as unparsed (file:line) and fail their gate block. With --reference (a JSON \
        array of {label, score, bbox}) every block is paired with the expected detections \
        at --threshold and the given rules apply. Exit status: 0 every block passes, 2 a \
        block failed, 1 bad input, 64 usage error.
        """
    static let log = Positional<String>("LOG", "The console log.")
    static let reference = OptionKey<String?>("reference", "REF.json", "Expected detections of the gate photo.")
    static let threshold = OptionKey<Double?>("threshold", "S", "Operating threshold s_op (needed with --reference).", bounds: .atLeast(0))
    static let warmup = OptionKey<Int>("warmup-windows", "N", "STATS windows dropped at the start.", default: 0, bounds: .atLeast(0))
    static let format = OptionKey<OutputFormat>("format", "FORMAT", "Output format.", default: .table)
    let positionals: [any CommandPositional] = [Self.log]
    let options: [any CommandOption] = [Self.reference, Self.threshold] + ParityRuleOptions.options + [Self.warmup, Self.format]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let log = try GateLog.read(from: arguments[Self.log])
        let expected = try arguments[Self.reference].map(GateReferenceList.read(from:))
        if expected != nil && arguments[Self.threshold] == nil { throw UsageError("--reference needs --threshold") }
        let settings = ParityRuleOptions.settings(arguments, threshold: arguments[Self.threshold] ?? 0)
        let limits = ParityRuleOptions.limits(arguments, gap: nil, agreementGap: nil)
        let verdicts = log.blocks.map { GateLogSummary.verdict($0, expected: expected, settings: settings, limits: limits) }
        let timing = GateLogSummary.timing(log.windows, warmup: arguments[Self.warmup])
        output.out(arguments[Self.format] == .json ? json(log, verdicts, timing) : table(log, verdicts, timing))
        return verdicts.allSatisfy(\.passed) ? .success : .gateFailed
    }

    private func table(_ log: GateLog, _ verdicts: [GateLogSummary.BlockVerdict], _ timing: [GateLogSummary.Timing]) -> String {
        let n = DetectionParityFormatting.number
        var lines = ["gate log \(log.source): \(log.blocks.count) gate block(s), \(log.windows.count) STATS window(s), \(log.allUnparsed.count) unparsed line(s)"]
        for (block, verdict) in zip(log.blocks, verdicts) {
            lines += ["", "block at line \(block.line)" + (block.model.map { " (model \($0))" } ?? " (no GATE begin)")
                      + ": \(block.detections.count) detections" + (block.declaredCount.map { ", GATE end \($0)" } ?? "")]
            for detection in block.detections {
                lines.append("  \(detection.label)  \(n(detection.score, 3))  [\(detection.box.x), \(detection.box.y), \(detection.box.width), \(detection.box.height)]")
            }
            if let pairs = verdict.pairs {
                let c = pairs.counts
                lines.append("  \(c.referenceMatched) of \(c.referenceBoxes) expected boxes matched; misses \(c.misses), extras \(c.extras), class flips \(c.classFlips), crossings \(c.crossings)")
            }
            lines += DetectionParityFormatting.aligned([["  rule", "measured", "limit", "verdict"]] + verdict.rules.map {
                ["  " + $0.name, n($0.measured, 4), n($0.limit, 4), $0.passed ? "pass" : "FAIL"]
            })
        }
        if !timing.isEmpty {
            lines += ["", "timing (median of window medians; min–max of window medians; median FPS)"]
            for group in timing {
                lines.append("  \(group.thermal ?? "thermal not given"): \(group.windows) windows, \(n(group.medianMilliseconds, 2)) ms "
                             + "(\(n(group.minimumMilliseconds, 2))–\(n(group.maximumMilliseconds, 2))), \(n(group.medianFPS, 1)) FPS")
            }
        }
        let unparsed = log.allUnparsed
        if !unparsed.isEmpty { lines += ["", "unparsed lines:"] + unparsed.map { "  \($0)" } }
        lines += ["", verdicts.allSatisfy(\.passed) ? "PASS" : "FAIL"]
        return lines.joined(separator: "\n") + "\n"
    }

    private func json(_ log: GateLog, _ verdicts: [GateLogSummary.BlockVerdict], _ timing: [GateLogSummary.Timing]) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.string("log", log.source)
        writer.beginArray("blocks")
        for (block, verdict) in zip(log.blocks, verdicts) {
            writer.beginObject()
            writer.integer("line", block.line)
            if let model = block.model { writer.string("model", model) }
            if let count = block.declaredCount { writer.integer("declared_count", count) }
            writer.beginArray("detections")
            for d in block.detections {
                writer.raw(nil, "{\"label\": \(JSONWriter.quoted(d.label)), \"score\": \(JSONWriter.number(d.score)), "
                    + "\"bbox\": \(JSONWriter.compactArray([d.box.x, d.box.y, d.box.width, d.box.height])), \"line\": \(d.line)}")
            }
            writer.endArray()
            if let c = verdict.pairs?.counts {
                writer.raw("counts", "{\"expected\": \(c.referenceBoxes), \"logged\": \(c.variantBoxes), \"matched\": \(c.referenceMatched), "
                    + "\"misses\": \(c.misses), \"extras\": \(c.extras), \"class_flips\": \(c.classFlips), \"crossings\": \(c.crossings)}")
            }
            writer.beginArray("rules")
            for rule in verdict.rules {
                writer.raw(nil, "{\"rule\": \(JSONWriter.quoted(rule.name)), \"measured\": \(rule.measured.map(JSONWriter.number) ?? "null"), "
                    + "\"limit\": \(JSONWriter.number(rule.limit)), \"passed\": \(rule.passed)}")
            }
            writer.endArray()
            writer.raw("passed", String(verdict.passed))
            writer.endObject()
        }
        writer.endArray()
        writer.beginArray("stats")
        for group in timing {
            writer.raw(nil, "{\"thermal\": \(group.thermal.map { JSONWriter.quoted($0) } ?? "null"), \"windows\": \(group.windows), "
                + "\"median_ms\": \(JSONWriter.number(group.medianMilliseconds)), \"min_ms\": \(JSONWriter.number(group.minimumMilliseconds)), "
                + "\"max_ms\": \(JSONWriter.number(group.maximumMilliseconds)), \"median_fps\": \(JSONWriter.number(group.medianFPS))}")
        }
        writer.endArray()
        writer.beginArray("unparsed")
        for entry in log.allUnparsed {
            writer.raw(nil, "{\"line\": \(entry.line), \"reason\": \(JSONWriter.quoted(entry.reason)), \"text\": \(JSONWriter.quoted(entry.text))}")
        }
        writer.endArray()
        writer.raw("passed", String(verdicts.allSatisfy(\.passed)))
        writer.endObject()
        return writer.text
    }
}
