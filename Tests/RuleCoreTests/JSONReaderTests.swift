import Foundation
import Testing

@testable import RuleCore

/// A JSON text the reader accepts, with the input it reads (y_ cases, in JSONTestSuite's spirit).
struct AcceptedJSON: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    var expected: ValidationInput
    init(_ name: String, _ text: String, _ expected: ValidationInput) {
        (self.name, bytes, self.expected) = (name, Array(text.utf8), expected)
    }
    init(_ name: String, bytes: [UInt8], _ expected: ValidationInput) {
        (self.name, self.bytes, self.expected) = (name, bytes, expected)
    }
    var testDescription: String { "y_" + name }
}

/// A JSON text the reader rejects, with the message and the offset of its error (n_ cases).
struct RejectedJSON: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    var message: String
    var offset: Int
    init(_ name: String, _ text: String, _ message: String, at offset: Int) {
        (self.name, bytes, self.message, self.offset) = (name, Array(text.utf8), message, offset)
    }
    init(_ name: String, bytes: [UInt8], _ message: String, at offset: Int) {
        (self.name, self.bytes, self.message, self.offset) = (name, bytes, message, offset)
    }
    var testDescription: String { "n_" + name }
}

/// Where an error is: its byte offset, line and column.
struct ErrorPlace: Sendable, CustomTestStringConvertible {
    var text: String
    var offset: Int
    var line: Int
    var column: Int
    var testDescription: String { text.debugDescription }
}

/// A JSON number as the reader reads it.
func number(_ text: String) -> ValidationInput { .number(DecimalNumber(json: text)!) }

@Suite struct JSONReaderTests {
    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    static let accepted: [AcceptedJSON] = [
        AcceptedJSON("null", "null", .absent),
        AcceptedJSON("true", "true", .boolean(true)),
        AcceptedJSON("false", " false ", .boolean(false)),
        AcceptedJSON("string", #""a b""#, .string("a b")),
        AcceptedJSON("empty_string", #""""#, .string("")),
        AcceptedJSON("whitespace_all_four", " \t\r\n[ \t\r\n1 \t\r\n] \t\r\n", .list([number("1")])),
        AcceptedJSON("empty_array", "[]", .list([])),
        AcceptedJSON("empty_object", "{}", .record([:])),
        AcceptedJSON("nested_empty", "[[],{},[{}]]", .list([.list([]), .record([:]), .list([.record([:])])])),
        AcceptedJSON(
            "object", #"{"a": 1, "b": [true, false, null], "c": {"d": "x"}}"#,
            .record([
                "a": number("1"), "b": .list([.boolean(true), .boolean(false), .absent]),
                "c": .record(["d": .string("x")]),
            ])),
        AcceptedJSON("empty_key", #"{"":0}"#, .record(["": number("0")])),
        AcceptedJSON("number_zero", "0", number("0")),
        AcceptedJSON("number_minus_zero", "-0", number("0")),
        AcceptedJSON("number_minus_zero_point_zero", "-0.0", number("0")),
        AcceptedJSON("number_fraction", "1.5", number("15e-1")),
        AcceptedJSON("number_capital_exponent", "1E2", number("100")),
        AcceptedJSON("number_plus_exponent", "1e+2", number("100")),
        AcceptedJSON("number_minus_exponent", "1e-2", number("0.01")),
        AcceptedJSON("number_fraction_and_exponent", "1.50E+2", number("150")),
        AcceptedJSON("number_exponent_leading_zeros", "1e0005", number("100000")),
        AcceptedJSON("number_zero_exponent", "0e999", number("0")),
        AcceptedJSON("number_many_nines", "12.99999999999999999", number("1299999999999999999e-17")),
        AcceptedJSON("number_beyond_int", "12345678901234567890", number("1234567890123456789e1")),
        AcceptedJSON("number_huge", "1e400", number("10e399")),
        AcceptedJSON("number_tiny", "-1e-400", number("-0.1e-399")),
        AcceptedJSON("number_exponent_at_limit", "1e999999999", number("10e999999998")),
        AcceptedJSON("number_scientific_exponent_at_limit", "0.1e1000000000", number("1e999999999")),
        AcceptedJSON("number_small_at_limit", "-1.5e-999999999", number("-15e-1000000000")),
        AcceptedJSON("escapes", #""\"\\\/\b\f\n\r\t""#, .string("\"\\/\u{8}\u{C}\n\r\t")),
        AcceptedJSON("escape_u", #""\u0041\u00e9\u00E9""#, .string("Aéé")),
        AcceptedJSON("escape_nul", #""a\u0000b""#, .string("a\u{0}b")),
        AcceptedJSON("surrogate_pair", #""\uD83D\uDE00""#, .string("😀")),
        AcceptedJSON("surrogate_pair_lower_case", #""\ud834\udd1e""#, .string("𝄞")),
        AcceptedJSON("escape_then_utf8", #""\n é 😀""#, .string("\n é 😀")),
        AcceptedJSON("utf8", "\"é 全角 😀 \u{10FFFF}\"", .string("é 全角 😀 \u{10FFFF}")),
        AcceptedJSON("line_separators_raw", "\"\u{2028}\u{2029}\u{7F}\"", .string("\u{2028}\u{2029}\u{7F}")),
        AcceptedJSON("bom", bytes: bom + Array("[1]".utf8), .list([number("1")])),
        AcceptedJSON("bom_string", bytes: bom + Array("\"\u{FEFF}\"".utf8), .string("\u{FEFF}")),
        AcceptedJSON(
            "depth_512", String(repeating: "[", count: 512) + String(repeating: "]", count: 512),
            (1..<512).reduce(ValidationInput.list([])) { inner, _ in .list([inner]) }),
    ]

    @Test(arguments: accepted)
    func accepts(_ c: AcceptedJSON) throws {
        #expect(try JSONReader().read(c.bytes) == c.expected)
    }

    @Test("what the reader accepts it writes back, and reads again as the same input", arguments: accepted)
    func roundTrips(_ c: AcceptedJSON) throws {
        let input = try JSONReader().read(c.bytes)
        #expect(try JSONReader().read(input.jsonText) == input)
    }

    static let rejected: [RejectedJSON] = [
        // Structure
        RejectedJSON("empty", "", "expected a value; found the end of the input", at: 0),
        RejectedJSON("only_whitespace", " \n ", "expected a value; found the end of the input", at: 3),
        RejectedJSON(
            "array_trailing_comma", "[1,]", "expected a value after ','; found ']'; JSON has no trailing commas", at: 3),
        RejectedJSON(
            "object_trailing_comma", #"{"a":1,}"#, "expected a key after ','; found '}'; JSON has no trailing commas",
            at: 7),
        RejectedJSON("array_double_comma", "[1,,2]", "expected a value after ','; found ','", at: 3),
        RejectedJSON("array_leading_comma", "[,1]", "expected a value or ']'; found ','", at: 1),
        RejectedJSON("array_no_comma", "[1 2]", "expected ',' or ']' after an item of a list; found '2'", at: 3),
        RejectedJSON("array_unclosed", "[", "expected a value or ']'; found the end of the input", at: 1),
        RejectedJSON(
            "array_unclosed_after_item", "[1",
            "expected ',' or ']' after an item of a list; found the end of the input",
            at: 2),
        RejectedJSON("object_no_colon", #"{"a" 1}"#, "expected ':' after the key 'a'; found '1'", at: 5),
        RejectedJSON("object_unquoted_key", "{a:1}", "expected a key or '}'; found 'a'", at: 1),
        RejectedJSON("object_number_key", "{1:1}", "expected a key or '}'; found '1'", at: 1),
        RejectedJSON("object_no_value", #"{"a":}"#, "expected the value of 'a'; found '}'", at: 5),
        RejectedJSON(
            "object_unclosed", #"{"a":1"#,
            "expected ',' or '}' after a member of an object; found the end of the input", at: 6),
        RejectedJSON(
            "object_bracket_mismatch", #"{"a":1]"#, "expected ',' or '}' after a member of an object; found ']'", at: 6),
        RejectedJSON("duplicate_key", #"{"a":1,"a":2}"#, "duplicate key 'a' in an object", at: 7),
        RejectedJSON("duplicate_key_nested", #"[{"k":[{"k":1}],"k":2}]"#, "duplicate key 'k' in an object", at: 16),
        RejectedJSON(
            "duplicate_key_canonically_equivalent", "{\"\u{E9}\":1,\"e\u{301}\":2}",
            "duplicate key 'e\u{301}' in an object",
            at: 8),
        RejectedJSON("trailing_value", "1 2", "expected the end of the input after the value; found '2'", at: 2),
        RejectedJSON("trailing_bracket", "[1]]", "expected the end of the input after the value; found ']'", at: 3),
        RejectedJSON("trailing_brace", "{}}", "expected the end of the input after the value; found '}'", at: 2),
        RejectedJSON("comment", "/* */ 1", "expected a value; found '/'", at: 0),
        RejectedJSON("single_quotes", "['a']", "expected a value or ']'; found '''", at: 1),
        RejectedJSON("nul_outside", "[\u{0}]", "expected a value or ']'; found U+0000", at: 1),
        RejectedJSON("bom_twice", bytes: bom + bom + Array("1".utf8), "expected a value; found U+FEFF", at: 3),
        RejectedJSON(
            "bom_inside", bytes: Array("[".utf8) + bom + Array("1]".utf8), "expected a value or ']'; found U+FEFF",
            at: 1),
        RejectedJSON("non_ascii_outside", "[é]", "expected a value or ']'; found 'é' (U+00E9)", at: 1),
        // Literals
        RejectedJSON("literal_cut", "tru", "expected a value; found 'tru'", at: 0),
        RejectedJSON("literal_capital", "[True]", "expected a value or ']'; found 'True'", at: 1),
        RejectedJSON("literal_nan", "NaN", "expected a value; found 'NaN'", at: 0),
        RejectedJSON("literal_undefined", #"{"a":undefined}"#, "expected the value of 'a'; found 'undefined'", at: 5),
        RejectedJSON("literal_glued", "truex", "expected the end of the input after the value; found 'x'", at: 4),
        // Numbers
        RejectedJSON(
            "number_leading_zero", "01",
            "expected '.', 'e' or the end of the number after a leading '0'; found '1'; JSON has no leading zeros",
            at: 1),
        RejectedJSON(
            "number_minus_leading_zero", "-012",
            "expected '.', 'e' or the end of the number after a leading '0'; found '1'; JSON has no leading zeros",
            at: 2),
        RejectedJSON("number_minus_alone", "-", "expected a digit after '-'; found the end of the input", at: 1),
        RejectedJSON("number_minus_space", "- 1", "expected a digit after '-'; found a space", at: 1),
        RejectedJSON("number_minus_infinity", "-Infinity", "expected a digit after '-'; found 'Infinity'", at: 1),
        RejectedJSON("number_infinity", "Infinity", "expected a value; found 'Infinity'", at: 0),
        RejectedJSON("number_starts_with_point", ".5", "expected a value; found '.'", at: 0),
        RejectedJSON("number_ends_with_point", "1.", "expected a digit after '.'; found the end of the input", at: 2),
        RejectedJSON("number_point_exponent", "1.e3", "expected a digit after '.'; found 'e3'", at: 2),
        RejectedJSON("number_plus", "+1", "expected a value; found '+'", at: 0),
        RejectedJSON(
            "number_exponent_empty", "1e", "expected a digit in the exponent; found the end of the input", at: 2),
        RejectedJSON("number_exponent_sign_only", "[1e+]", "expected a digit in the exponent; found ']'", at: 4),
        RejectedJSON("number_hex", "0x1", "expected the end of the input after the value; found 'x1'", at: 1),
        RejectedJSON("number_two_points", "1.5.3", "expected the end of the input after the value; found '.'", at: 3),
        RejectedJSON(
            "number_exponent_absurd", "1e99999999999999999999",
            "the number's exponent exceeds the limit of 999999999 in magnitude",
            at: 2),
        RejectedJSON(
            "number_scientific_exponent_over_limit", "21e999999999",
            "the number's exponent exceeds the limit of 999999999 in magnitude", at: 3),
        RejectedJSON(
            "number_small_scientific_exponent_over_limit", "0.01e-999999998",
            "the number's exponent exceeds the limit of 999999999 in magnitude", at: 6),
        RejectedJSON(
            "number_zero_exponent_over_limit", "0e1000000000",
            "the number's exponent exceeds the limit of 999999999 in magnitude", at: 2),
        RejectedJSON(
            "number_exponent_over_limit", "[-1.5E-1000000000]",
            "the number's exponent exceeds the limit of 999999999 in magnitude", at: 7),
        // Strings
        RejectedJSON("string_unclosed", #""abc"#, "expected '\"' to end the string; found the end of the input", at: 4),
        RejectedJSON(
            "string_unclosed_after_escape", #""a\n"#, "expected '\"' to end the string; found the end of the input",
            at: 4),
        RejectedJSON(
            "string_escape_at_end", #""\"#, "expected an escape after '\\'; found the end of the input", at: 2),
        RejectedJSON(
            "string_bad_escape", #""a\x""#,
            #"invalid escape '\x' in a string; use one of \" \\ \/ \b \f \n \r \t \uXXXX"#, at: 2),
        RejectedJSON(
            "string_escaped_apostrophe", #""\'""#,
            #"invalid escape '\'' in a string; use one of \" \\ \/ \b \f \n \r \t \uXXXX"#, at: 1),
        RejectedJSON("string_short_u", #""\u12""#, "expected 4 hexadecimal digits after '\\u'; found '\"'", at: 5),
        RejectedJSON("string_bad_hex", #""\u12G4""#, "expected 4 hexadecimal digits after '\\u'; found 'G4'", at: 5),
        RejectedJSON(
            "string_lone_high_surrogate", #""\uD800""#,
            "lone high surrogate '\\uD800' in a string; it must be followed by a low surrogate \\uDC00–\\uDFFF", at: 1),
        RejectedJSON(
            "string_lone_high_surrogate_then_text", #""\uDBFFx""#,
            "lone high surrogate '\\uDBFF' in a string; it must be followed by a low surrogate \\uDC00–\\uDFFF", at: 1),
        RejectedJSON(
            "string_high_surrogate_then_other", #""\uD800\u0041""#,
            "high surrogate '\\uD800' followed by '\\u0041' in a string; it must be followed by a low surrogate \\uDC00–\\uDFFF",
            at: 1),
        RejectedJSON(
            "string_two_high_surrogates", #""\uD800\uD800""#,
            "high surrogate '\\uD800' followed by '\\uD800' in a string; it must be followed by a low surrogate \\uDC00–\\uDFFF",
            at: 1),
        RejectedJSON(
            "string_lone_low_surrogate", #"["\uDC00"]"#,
            "lone low surrogate '\\uDC00' in a string; it must follow a high surrogate \\uD800–\\uDBFF", at: 2),
        RejectedJSON(
            "string_control_character", "\"a\u{1}\"", "control character U+0001 in a string; write it as '\\u0001'",
            at: 2),
        RejectedJSON("string_raw_tab", "\"\t\"", "control character U+0009 in a string; write it as '\\u0009'", at: 1),
        RejectedJSON(
            "string_raw_newline", "[\"a\nb\"]", "control character U+000A in a string; write it as '\\u000A'", at: 3),
        RejectedJSON(
            "string_control_after_escape", "\"\\n\u{1F}\"",
            "control character U+001F in a string; write it as '\\u001F'",
            at: 3),
        // UTF-8
        RejectedJSON("utf8_ff", bytes: [0x22, 0xFF, 0x22], "invalid UTF-8 byte 0xFF", at: 1),
        RejectedJSON("utf8_ff_outside", bytes: [0xFF], "expected a value; found invalid UTF-8 byte 0xFF", at: 0),
        RejectedJSON("utf8_lone_continuation", bytes: [0x22, 0x61, 0x80, 0x22], "invalid UTF-8 byte 0x80", at: 2),
        RejectedJSON("utf8_overlong_nul", bytes: [0x22, 0xC0, 0x80, 0x22], "invalid UTF-8 byte 0xC0", at: 1),
        RejectedJSON("utf8_overlong_3", bytes: [0x22, 0xE0, 0x80, 0xAF, 0x22], "invalid UTF-8 bytes 0xE0 0x80", at: 1),
        RejectedJSON("utf8_surrogate", bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], "invalid UTF-8 bytes 0xED 0xA0", at: 1),
        RejectedJSON(
            "utf8_beyond_10FFFF", bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "invalid UTF-8 bytes 0xF4 0x90", at: 1),
        RejectedJSON("utf8_f5", bytes: [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], "invalid UTF-8 byte 0xF5", at: 1),
        RejectedJSON(
            "utf8_cut_by_quote", bytes: [0x22, 0xE2, 0x82, 0x22], "invalid UTF-8 bytes 0xE2 0x82 0x22", at: 1),
        RejectedJSON(
            "utf8_cut_by_end", bytes: [0x22, 0xE2, 0x82],
            "invalid UTF-8 bytes 0xE2 0x82 cut off by the end of the input", at: 1),
        RejectedJSON(
            "utf8_in_escaped_string", bytes: Array(#""\n"#.utf8) + [0xFE, 0x22], "invalid UTF-8 byte 0xFE", at: 3),
        RejectedJSON(
            "utf8_in_key", bytes: [0x7B, 0x22, 0xC3, 0x22, 0x3A, 0x31, 0x7D], "invalid UTF-8 bytes 0xC3 0x22", at: 2),
        // Depth
        RejectedJSON(
            "depth_513", String(repeating: "[", count: 513) + String(repeating: "]", count: 513),
            "nesting depth exceeds the limit of 512 levels", at: 512),
        RejectedJSON(
            "depth_513_objects", String(repeating: #"{"a":"#, count: 513),
            "nesting depth exceeds the limit of 512 levels", at: 512 * 5),
    ]

    @Test(arguments: rejected)
    func rejects(_ c: RejectedJSON) {
        #expect(throws: JSONReadError.self) { try JSONReader().read(c.bytes) }
        do {
            _ = try JSONReader().read(c.bytes)
        } catch {
            #expect(error.message == c.message)
            #expect(error.offset == c.offset)
        }
    }

    /// A refusal of `conformance/json-reader.jsonl`, which the JavaScript and Python readers share.
    struct SharedRefusal: Sendable, Decodable, CustomTestStringConvertible {
        var hex: String
        var message: String
        var offset: Int
        var line: Int
        var column: Int
        var testDescription: String { "\(hex.prefix(40)): \(message)" }
        var bytes: [UInt8] {
            let digits = Array(hex.utf8)
            return stride(from: 0, to: digits.count, by: 2).map {
                UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)!
            }
        }
    }

    static let sharedRefusals: [SharedRefusal] = try! ConformanceFolder.text("json-reader.jsonl")
        .split(separator: "\n").map { try JSONDecoder().decode(SharedRefusal.self, from: Data($0.utf8)) }

    @Test func theSharedCorpusIsAllThere() {
        #expect(Self.sharedRefusals.count == 54)
    }

    @Test("every refusal of the shared corpus, with its message, offset, line and column", arguments: sharedRefusals)
    func sharedRefusal(_ c: SharedRefusal) {
        do {
            _ = try JSONReader().read(c.bytes)
            Issue.record("read \(c.hex)")
        } catch {
            #expect(error == JSONReadError(c.message, offset: c.offset, line: c.line, column: c.column))
        }
    }

    @Test(
        "an error's line and column count line breaks and Unicode scalars",
        arguments: [
            ErrorPlace(text: "[1,\n  x]", offset: 6, line: 2, column: 3),
            ErrorPlace(text: "{\"é\": tru}", offset: 7, line: 1, column: 7),
            ErrorPlace(text: "[\"😀\", x]", offset: 9, line: 1, column: 7),
            ErrorPlace(text: "\r\n\r\n x", offset: 5, line: 3, column: 2),
            ErrorPlace(text: "\r\r\nx", offset: 3, line: 3, column: 1),
            ErrorPlace(text: "[\n\"全角\n\"]", offset: 9, line: 2, column: 4),
        ])
    func errorPlace(_ c: ErrorPlace) {
        do {
            _ = try JSONReader().read(c.text)
            Issue.record("read \(c.text.debugDescription)")
        } catch {
            #expect(error.offset == c.offset && error.line == c.line && error.column == c.column, "\(error)")
        }
    }

    @Test func aMillionOpeningBracketsFailAtTheDepthLimitAtOnce() {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        let clock = ContinuousClock()
        var caught: JSONReadError?
        let elapsed = clock.measure {
            do throws(JSONReadError) { _ = try JSONReader().read(bytes) } catch { caught = error }
        }
        #expect(
            caught == JSONReadError("nesting depth exceeds the limit of 512 levels", offset: 512, line: 1, column: 513))
        #expect(elapsed < .seconds(1))
    }

    @Test func limitsCanBeChanged() throws {
        let shallow = JSONReader(limits: .init(maxDepth: 2, maxExponent: 3))
        #expect(try shallow.read("[[1e3]]") == .list([.list([number("1000")])]))
        #expect(throws: JSONReadError("nesting depth exceeds the limit of 2 levels", offset: 2, line: 1, column: 3)) {
            try shallow.read("[[[]]]")
        }
        #expect(
            throws: JSONReadError(
                "the number's exponent exceeds the limit of 3 in magnitude", offset: 3, line: 1, column: 4)
        ) {
            try shallow.read("1e-1000")
        }
        #expect(throws: JSONReadError.self) { try JSONReader(limits: .init(maxDepth: 0)).read("[]") }
        #expect(try JSONReader(limits: .init(maxDepth: 0)).read("1") == number("1"))
    }

    @Test func wideInputReadsInLinearTime() throws {
        let count = 200_000
        let text = "[" + Array(repeating: #"{"k":"v\n","n":-1.5e-3}"#, count: count).joined(separator: ",") + "]"
        guard case .list(let items) = try JSONReader().read(text) else {
            Issue.record("not a list")
            return
        }
        #expect(items.count == count)
        #expect(items.last == ["k": .string("v\n"), "n": number("-0.0015")])
    }

    @Test("every way of passing bytes reads alike")
    func bytesStringAndData() throws {
        let text = #"{"a": [1, "é", true, null], "b\u00e9": 1e400}"#
        let expected = try JSONReader().read(text)
        #expect(try JSONReader().read(Array(text.utf8)) == expected)
        #expect(try JSONReader().read(Data(text.utf8)) == expected)
        #expect(try JSONReader().read(text.utf8.lazy.map { $0 }) == expected)
        #expect(try Array(text.utf8).withUnsafeBytes { bytes in try JSONReader().read(bytes) } == expected)
    }

    @Test func theDocumentationExample() throws {
        let input = try JSONReader().read(#"{"title": " Buy milk ", "quantity": 12.99999999999999999}"#)
        #expect(input == .record(["title": .string(" Buy milk "), "quantity": number("12.99999999999999999")]))
    }

    @Test func anErrorDescribesItselfWithItsPlace() {
        #expect(
            "\(JSONReadError("duplicate key 'a' in an object", offset: 7, line: 1, column: 8))"
                == "1:8: duplicate key 'a' in an object")
    }
}
