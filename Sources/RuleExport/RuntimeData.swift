import RuleCore

/// What the JavaScript and Python runtimes know about the engine besides an export, written from
/// the Swift source of truth: the checks and their parameters, each code's bound (placeholder and
/// kind), the normalizers, the grammar of relative dates, the problem texts and the JSON reader's
/// sentences. `rulecheck export runtime-data` writes ``javaScript`` to
/// `runtimes/js/src/rulecheck-data.js` and ``python`` to `runtimes/python/src/rulecheck_runtime/_rulecheck_data.py`;
/// RuleExportTests fails while a committed file differs from what this writes.
public enum RuntimeData {
    /// A value of the data: JSON's, with object members in a fixed order.
    indirect enum Value {
        case string(String)
        case integer(Int)
        case null
        case list([Value])
        case object([(String, Value)])
    }

    /// The entries, in the order the files list them: a name, what it is, and its value.
    static let entries: [(name: String, doc: String, value: Value)] = [
        (
            "FORMAT_VERSION", "The format version an export carries (`x-rulecheck-version`).",
            .integer(SchemaExporter.formatVersion)
        ),
        (
            "CHECKS", "Every check, as the engine names and orders them: its parameters and the codes it reports.",
            .object(
                CheckDescriptors.all.map { check in
                    (
                        check.name,
                        .object([
                            ("parameters", .list(check.parameters.map { .string($0.name) })),
                            ("codes", .list(check.codes.map { .string($0.name) })),
                        ])
                    )
                })
        ),
        (
            "BOUNDS",
            "Each code that carries a bound: the placeholder that shows it and its kind (count, number, date, text).",
            .object(
                boundCodes.map { code in
                    (
                        code.name,
                        .object([
                            ("placeholder", .string(code.placeholder ?? "")),
                            ("kind", .string(code.boundKind?.rawValue ?? "")),
                        ])
                    )
                })
        ),
        (
            "PRINTABLE",
            "What `printable` refuses: general categories of the pinned tables, scalars besides them, "
                + "and the scalars of a refused category it allows.",
            .object([
                ("categories", .list(PrintableCheck.refusedCategories.map { .string($0) })),
                ("refused", .list(PrintableCheck.refusedScalars.map { .integer(Int($0)) })),
                ("allowed", .list(PrintableCheck.allowedScalars.map { .integer(Int($0)) })),
            ])
        ),
        (
            "NORMALIZERS", "The normalizers, by name, in the engine's order.",
            .list(Normalizer.allNames.map { .string($0) })
        ),
        (
            "DATE_UNITS", "The units of a bound relative to today (`today - 13 years`), singular.",
            .list(DateOffset.Unit.allCases.map { .string($0.rawValue) })
        ),
        (
            "RELATIVE_DATE", "A bound relative to today as an export writes it, whole: sign, amount, unit.",
            .string(
                #"today *([+-]) *([0-9]+) *("# + DateOffset.Unit.allCases.map(\.rawValue).joined(separator: "|")
                    + ")s?")
        ),
        (
            "PROBLEMS", "The problems a server writes itself: status, title, detail by language; {…} is filled in.",
            .object(
                ProblemText.all.map { text in
                    (
                        text.name,
                        .object([
                            ("status", .integer(text.status)), ("title", .string(text.title)),
                            (
                                "detail",
                                .object(
                                    text.detail.byLanguage.sorted { $0.key < $1.key }.map {
                                        ($0.key, .string($0.value))
                                    })
                            ),
                        ])
                    )
                })
        ),
        (
            "JSON_SENTENCES", "The JSON reader's sentences, by name; {…} is filled in (found: what stands there).",
            .object(JSONReadSentence.allCases.map { ($0.rawValue, .string($0.template)) })
        ),
        (
            "OPERATION_HEADERS", "The request headers an OpenAPI operation lists, with their descriptions.",
            .object(SchemaExporter.operationHeaders.map { ($0.name, .string($0.description)) })
        ),
        (
            "PROBLEM_RESPONSES", "An OpenAPI operation's problem responses, by status, with their descriptions.",
            .object(SchemaExporter.problemResponses.map { ($0.status, .string($0.description)) })
        ),
        (
            "DETAIL_LANGUAGES", "The languages a problem's detail is written in: a server answers in no other.",
            .list(ProblemDetails.languages.map { .string($0) })
        ),
    ]

    /// Every code of a check or of a list that carries a bound, once, in the checks' order.
    static var boundCodes: [CheckCode] {
        var seen: Set<String> = []
        return (CheckDescriptors.all + [ListCheck.self]).flatMap { $0.codes }.filter {
            $0.placeholder != nil && seen.insert($0.name).inserted
        }
    }

    static let header = "Generated by `rulecheck export runtime-data` from the Swift engine; do not edit."

    /// The JavaScript module: one `export const` per entry.
    public static var javaScript: String {
        var out = "// " + header + "\n"
        for entry in entries {
            out +=
                "\n/** " + entry.doc + " */\nexport const " + entry.name + " = " + render(entry.value, python: false)
                + ";\n"
        }
        return out
    }

    /// The Python module: one constant per entry.
    public static var python: String {
        var out = "\"\"\"" + header + "\"\"\"\n\n# fmt: off\n"
        for entry in entries {
            out += "\n# " + entry.doc + "\n" + entry.name + " = " + render(entry.value, python: true) + "\n"
        }
        return out
    }

    /// `value` as a literal of both languages (JSON, with Python's `None`), a member or item a line.
    static func render(_ value: Value, python: Bool, indent: String = "") -> String {
        switch value {
        case .string(let text): return quoted(text)
        case .integer(let number): return String(number)
        case .null: return python ? "None" : "null"
        case .list(let items):
            let inner = items.map { render($0, python: python, indent: indent) }
            return "[" + inner.joined(separator: ", ") + "]"
        case .object(let members):
            let deeper = indent + "  "
            let lines = members.map { deeper + quoted($0.0) + ": " + render($0.1, python: python, indent: deeper) }
            return "{\n" + lines.joined(separator: ",\n") + ",\n" + indent + "}"
        }
    }

    /// `text` as a string literal of JSON, which JavaScript and Python read alike.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
