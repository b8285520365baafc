import Foundation

/// The `[Sequence]` section of a MOTChallenge `seqinfo.ini` file.
public struct SequenceInfo: Sendable, Equatable {
    /// `name`, when given.
    public var name: String?
    /// `seqLength`: the number of frames; timesteps are 1...seqLength.
    public var length: Int
    /// `imWidth`, when given.
    public var imageWidth: Int?
    /// `imHeight`, when given.
    public var imageHeight: Int?
    /// `frameRate`, when given.
    public var frameRate: Double?

    /// Creates a description with the given length.
    public init(name: String? = nil, length: Int, imageWidth: Int? = nil, imageHeight: Int? = nil, frameRate: Double? = nil) {
        self.name = name
        self.length = length
        self.imageWidth = imageWidth
        self.imageHeight = imageHeight
        self.frameRate = frameRate
    }

    /// Reads `seqinfo.ini` at `path`; `seqLength` is required and must be a positive integer.
    public static func read(path: String) throws(InputError) -> SequenceInfo {
        try parse(TextFile.text(path, kind: "a seqinfo.ini file"), path: path)
    }

    /// Parses the text of a `seqinfo.ini`; `path` is used in messages only.
    public static func parse(_ text: String, path: String) throws(InputError) -> SequenceInfo {
        var section = ""
        var values: [String: (value: String, line: Int)] = [:]
        for (index, rawLine) in TextFile.lines(text).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix(";") || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") && line.hasSuffix("]") {
                section = String(line.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
                continue
            }
            guard section == "Sequence" else { continue }
            guard let equals = line.firstIndex(where: { $0 == "=" || $0 == ":" }) else {
                throw InputError(file: path, line: index + 1, message: "expected 'key=value'")
            }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            values[key] = (value, index + 1)
        }
        func integer(_ key: String) throws(InputError) -> Int? {
            guard let entry = values[key] else { return nil }
            guard let number = Int(entry.value) else {
                throw InputError(file: path, line: entry.line, message: "\(key) '\(TextFile.excerpt(entry.value))' is not an integer")
            }
            return number
        }
        guard let length = try integer("seqLength") else {
            throw InputError(file: path, message: "no seqLength in a [Sequence] section")
        }
        guard length > 0 else {
            throw InputError(file: path, line: values["seqLength"]?.line, message: "seqLength must be positive")
        }
        guard length <= MOTChallengeReader.maximumFrame else {
            throw InputError(file: path, line: values["seqLength"]?.line,
                             message: "seqLength \(length) is more than \(MOTChallengeReader.maximumFrame), the most frames a sequence may have")
        }
        return SequenceInfo(
            name: values["name"]?.value, length: length, imageWidth: try integer("imWidth"),
            imageHeight: try integer("imHeight"), frameRate: values["frameRate"].flatMap { Double($0.value) })
    }
}
