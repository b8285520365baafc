import Foundation
import Recording
import Testing

@Suite("JSON pull parser")
struct JSONPullParserTests {
    private func parse<T>(_ text: String, _ body: (inout JSONPullParser) throws -> T) throws -> T {
        try JSONPullParser.parse(Data(text.utf8), file: "t.json", body)
    }

    @Test("objects, arrays, strings with escapes, numbers as Python parses them, unknown values skipped")
    func readsValues() throws {
        let text = #"{"a": [1, -2.5e3, 0.1], "s": "x\"y\u00e9\ud83d\ude00", "skip": {"deep": [[{}], null, true]}, "b": false}"#
        let (numbers, string, flag) = try parse(text) { p -> ([Double], String, Bool) in
            var numbers: [Double] = [], string = "", flag = true
            try p.beginObject("top")
            while let key = try p.nextKey() {
                switch key {
                case "a":
                    try p.beginArray("a")
                    while try p.nextElement() { numbers.append(try p.number("n")) }
                case "s": string = try p.string()
                case "b": flag = try p.bool("b")
                default: try p.skipValue()
                }
            }
            return (numbers, string, flag)
        }
        #expect(numbers == [1, -2500, 0.1])
        #expect(string == "x\"yé😀")
        #expect(flag == false)
    }

    @Test("errors name the file and the line")
    func errorLines() {
        #expect(throws: InputError(file: "t.json", line: 3, message: "n must be a finite number")) {
            try parse("[\n1,\n NaN]") { p in
                try p.beginArray("a")
                while try p.nextElement() { _ = try p.number("n") }
            }
        }
        #expect(throws: InputError(file: "t.json", line: 2, message: "unexpected end of the JSON text")) {
            try parse("{\"a\": 1,\n") { p in
                try p.beginObject("o")
                while try p.nextKey() != nil { try p.skipValue() }
            }
        }
    }

    @Test("hostile input: leading zeros, trailing commas, deep nesting, huge integers, text after the value")
    func rejectsAbsurdInput() {
        for bad in ["[01]", "[1,]", String(repeating: "[", count: 100) + String(repeating: "]", count: 100), "[1] 2", "[1e400]"] {
            #expect(throws: InputError.self) {
                try parse(bad) { p in try p.skipValue() }
                try parse(bad) { p in
                    try p.beginArray("a")
                    while try p.nextElement() { _ = try p.number("n") }
                }
            }
        }
        #expect(throws: InputError.self) { try parse("[12345678901234567890]") { p in
            try p.beginArray("a")
            _ = try p.nextElement()
            _ = try p.integer("id")
        } }
    }

    /// `{"k": …, "s": …}` elements as (line, k, s), read with `elements(minimumSplitBytes:)`.
    private func elements(_ text: String, minimumSplitBytes: Int) -> Result<[String], InputError> {
        Result {
            try parse(text) { p in
                try p.beginArray("a")
                return try p.elements(minimumSplitBytes: minimumSplitBytes) { e -> String in
                    let line = e.line
                    var fields: [String] = []
                    try e.beginObject("o")
                    while let key = try e.nextKey() {
                        fields.append(key + "=" + (try e.peek() == .string ? try e.string() : String(try e.number(key))))
                    }
                    return "\(line): " + fields.joined(separator: " ")
                }
            }
        }.mapError { $0 as! InputError }
    }

    @Test("arrays read on two cores give the values, lines and first error of reading in order")
    func splitArrays() {
        let many: [String] = (0..<40).map { #"{"k": \#($0), "s": "x"}"# }
        let all = many.joined(separator: ", "), few = many.prefix(5).joined(separator: ", ")
        let tricky: [String] = (0..<10).map { #"{"k": \#($0), "s": "a}, {b}, {c}\n, {"}"# }
        let documents: [String] = [
            "[" + all + "]",
            "[\n" + many.joined(separator: ",\n  ") + "\n]\n",
            "[" + many.joined(separator: "\n,\n") + "]",
            // Strings holding the split pattern, long enough to take the middle.
            "[" + tricky.joined(separator: ", ") + "]",
            #"[{"k": 1, "s": "}, {"}, {"k": 2, "s": "}, {"}]"#,
            // Errors before the middle, after it, and at the very end.
            "[" + few + #", {"k": x}, "# + all + "]",
            "[" + all + #", {"k": 01}, "# + few + "]",
            "[" + all + ",]",
            "[" + all + "] junk",
            "[" + all,
            "[{}, {}]", "[]", "[{\"k\": 1}]",
        ]
        for text in documents {
            let inOrder = elements(text, minimumSplitBytes: .max)
            #expect(elements(text, minimumSplitBytes: 0) == inOrder, "\(text)")
        }
        #expect((try? elements(documents[1], minimumSplitBytes: 0).get())?.last == "41: k=39.0 s=x")
    }
}
