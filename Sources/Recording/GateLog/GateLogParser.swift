/// The line-by-line state of ``GateLog`` parsing: the open block and what was found so far.
struct GateLogParser {
    private var log: GateLog
    private var open: GateLog.Block?

    init(file: String) {
        log = GateLog(source: file)
    }

    /// The thermal states a `STATS` line may name.
    static let thermalStates: Set<String> = ["nominal", "fair", "serious", "critical"]
    /// The compute units a `STATS` line may name.
    static let units: Set<String> = ["gpu", "ane", "cpu"]

    mutating func consume(_ text: String, line: Int) {
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let start = tokens.firstIndex(where: { $0 == "GATE" || $0 == "STATS" }) else { return }
        let rest = Array(tokens[(start + 1)...])
        func unparsed(_ reason: String) {
            let entry = GateLog.Unparsed(file: log.source, line: line, text: text, reason: reason)
            if tokens[start] == "GATE", open != nil { open!.unparsed.append(entry) } else { log.unparsed.append(entry) }
        }
        if tokens[start] == "STATS" {
            switch Self.stats(rest, line: line) {
            case .success(let window): log.windows.append(window)
            case .failure(let problem): unparsed(problem.reason)
            }
            return
        }
        switch rest.first {
        case "begin":
            guard rest.count >= 2 else { return unparsed("GATE begin needs a model id") }
            guard let settings = Self.keyValues(rest.dropFirst(2)) else { return unparsed("GATE begin: expected key=value after the model id") }
            closeOpenBlock()
            open = GateLog.Block(model: rest[1], settings: settings, line: line, detections: [], declaredCount: nil, unparsed: [])
        case "det":
            if open == nil { open = GateLog.Block(model: nil, settings: [:], line: line, detections: [], declaredCount: nil, unparsed: []) }
            switch Self.detection(Array(rest.dropFirst()), line: line) {
            case .success(let detection): open!.detections.append(detection)
            case .failure(let problem): unparsed(problem.reason)
            }
        case "end":
            guard open != nil else { return unparsed("GATE end without an open block") }
            guard rest.count == 2, let count = Int(rest[1]), count >= 0, rest[1].allSatisfy(\.isASCII) else {
                return unparsed("GATE end needs one count")
            }
            open!.declaredCount = count
            closeOpenBlock()
        default:
            unparsed("expected GATE begin, det or end")
        }
    }

    mutating func finish() -> GateLog {
        closeOpenBlock()
        return log
    }

    private mutating func closeOpenBlock() {
        if let block = open { log.blocks.append(block) }
        open = nil
    }

    struct Problem: Error {
        var reason: String
    }

    /// `<label…> <score> <x> <y> <w> <h>`.
    static func detection(_ tokens: [String], line: Int) -> Result<GateLog.Detection, Problem> {
        guard tokens.count >= 6 else { return .failure(Problem(reason: "GATE det needs a label and five numbers (score x y w h)")) }
        let numbers = tokens.suffix(5).map(number)
        guard numbers.allSatisfy({ $0 != nil }) else {
            return .failure(Problem(reason: "GATE det: the last five tokens must be plain numbers (no decimal comma, nan or inf)"))
        }
        let labelTokens = tokens.dropLast(5)
        guard labelTokens.contains(where: { number($0) == nil }) else {
            return .failure(Problem(reason: "GATE det: the label needs a token that is not a number"))
        }
        let score = numbers[0]!, x = numbers[1]!, y = numbers[2]!, w = numbers[3]!, h = numbers[4]!
        guard (0...1).contains(score) else { return .failure(Problem(reason: "GATE det: score \(score) is outside [0, 1]")) }
        guard w > 0, h > 0 else { return .failure(Problem(reason: "GATE det: width and height must be > 0")) }
        return .success(GateLog.Detection(label: labelTokens.joined(separator: " "), score: score,
                                          box: COCOBox(x: x, y: y, width: w, height: h), line: line))
    }

    /// `median <ms> ms <fps> fps [key=value…]`, units possibly joined to their numbers.
    static func stats(_ tokens: [String], line: Int) -> Result<GateLog.StatsWindow, Problem> {
        var queue = tokens[...]
        guard queue.popFirst() == "median" else { return .failure(Problem(reason: "STATS: expected 'median <ms> ms <fps> fps'")) }
        func value(unit: String) -> Double? {
            guard let token = queue.popFirst() else { return nil }
            if token.hasSuffix(unit), token.count > unit.count, let joined = number(String(token.dropLast(unit.count))) { return joined }
            guard let plain = number(token), queue.popFirst() == unit else { return nil }
            return plain
        }
        guard let ms = value(unit: "ms"), let fps = value(unit: "fps") else {
            return .failure(Problem(reason: "STATS: expected 'median <ms> ms <fps> fps' with plain numbers"))
        }
        guard ms >= 0, fps >= 0 else { return .failure(Problem(reason: "STATS: negative time or rate")) }
        guard let fields = keyValues(queue) else { return .failure(Problem(reason: "STATS: expected key=value after the rate")) }
        if let n = fields["n"], Int(n) == nil || Int(n)! < 0 { return .failure(Problem(reason: "STATS: n must be a count")) }
        if let thermal = fields["thermal"], !thermalStates.contains(thermal) {
            return .failure(Problem(reason: "STATS: thermal must be nominal, fair, serious or critical"))
        }
        if let unit = fields["unit"], !units.contains(unit) { return .failure(Problem(reason: "STATS: unit must be gpu, ane or cpu")) }
        return .success(GateLog.StatsWindow(medianMilliseconds: ms, fps: fps, fields: fields, line: line))
    }

    static func keyValues(_ tokens: ArraySlice<String>) -> [String: String]? {
        var fields: [String: String] = [:]
        for token in tokens {
            let parts = token.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
            fields[String(parts[0])] = String(parts[1])
        }
        return fields
    }

    /// `[+-]digits[.digits][(e|E)[+-]digits]`, parsed in a fixed locale; nil otherwise.
    static func number(_ token: String) -> Double? {
        let bytes = Array(token.utf8)
        var i = 0
        func digits() -> Int {
            let start = i
            while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 { i += 1 }
            return i - start
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard digits() > 0 else { return nil }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { return nil }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return nil }
        }
        guard i == bytes.count, let value = Double(token), value.isFinite else { return nil }
        return value
    }
}
