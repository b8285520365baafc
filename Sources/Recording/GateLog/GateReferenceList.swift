import Foundation

/// The expected detections of a gate photo: a JSON array of `{"label", "score", "bbox"}`
/// in the same pixel frame as the `GATE det` lines (`spec.md#gate-log`).
public enum GateReferenceList {
    /// Reads the list.
    public static func read(from path: String) throws -> [GateLog.Detection] {
        try JSONPullParser.parse(contentsOf: path) { parser in
            var detections: [GateLog.Detection] = []
            try parser.beginArray("a gate reference list")
            while try parser.nextElement() {
                let line = parser.line
                var label: String?, score: Double?, box: COCOBox?
                try parser.beginObject("a reference detection")
                while let key = try parser.nextKey() {
                    switch key {
                    case "label": label = try parser.string()
                    case "score": score = try parser.number("score")
                    case "bbox": box = try parser.box("bbox")
                    default: try parser.skipValue()
                    }
                }
                guard let label, let score, let box else { throw parser.error("a reference detection needs label, score and bbox", line: line) }
                detections.append(GateLog.Detection(label: label, score: score, box: box, line: line))
            }
            return detections
        }
    }
}
