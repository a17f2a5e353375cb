import RuleCore

/// Prints source text line by line at the current indentation, as protoc-gen-swift's printer
/// does: generated code reads as written by hand, and no Swift syntax tree stands in between.
///
/// ```swift
/// let printer = CodePrinter()
/// printer.block("public struct TaskTitle") {
///     printer.line("public let value: String")
/// }
/// printer.text  // "public struct TaskTitle {\n    public let value: String\n}\n"
/// ```
final class CodePrinter {
    /// Everything printed so far; every line ends in a newline.
    private(set) var text = ""
    private var indentation = ""
    private static let step = "    "

    /// Prints `line` at the current indentation; an empty line stays empty, with no trailing spaces.
    func line(_ line: String = "") {
        text += line.isEmpty ? "\n" : indentation + line + "\n"
    }

    /// Prints each line of `lines` at the current indentation.
    func lines(_ lines: [String]) {
        lines.forEach { line($0) }
    }

    /// The width that lines are kept within, as `.swift-format` sets it.
    static let width = 120

    /// Whether `line` fits within the width at the current indentation.
    func fits(_ line: String) -> Bool {
        indentation.count + line.count <= Self.width
    }

    /// Prints `head tail` on one line when it fits, else `tail` on a line of its own one level
    /// deeper: `case .x(let value):` and its expression, say.
    func line(_ head: String, wrapping tail: String) {
        guard !fits(head + " " + tail) else { return line(head + " " + tail) }
        line(head)
        indent { line(tail) }
    }

    /// Prints `subject {`, then what `body` prints at the same level, as Swift indents `case`s, and `}`.
    func switchBlock(_ subject: String, _ body: () -> Void) {
        line(subject + " {")
        body()
        line("}")
    }

    /// Prints `head` followed by a call of `arguments` on one line when it fits, else one argument
    /// a line one level deeper: `self = .badLength(` and its two parameters, say.
    func call(_ head: String, _ arguments: [String], closing: String = ")") {
        let oneLine = head + arguments.joined(separator: ", ") + closing
        guard !fits(oneLine), let last = arguments.last else { return line(oneLine) }
        line(head)
        indent { lines(arguments.dropLast().map { $0 + "," } + [last + closing]) }
    }

    /// Prints what `body` prints one level deeper.
    func indent(_ body: () -> Void) {
        indentation += Self.step
        body()
        indentation.removeLast(Self.step.count)
    }

    /// Prints `opening {`, then what `body` prints one level deeper, then `}` and `closing`.
    func block(_ opening: String, closing: String = "", _ body: () -> Void) {
        line(opening + " {")
        indent(body)
        line("}" + closing)
    }

    /// Prints a `///` doc comment: a comment line per line of `text`, paragraphs kept apart, and
    /// lines too long for the width broken between words.
    func doc(_ text: String) {
        let room = Self.width - indentation.count - 4
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var rest = paragraph[...]
            while rest.count > room, let space = rest.prefix(room + 1).lastIndex(of: " ") {
                line("/// " + rest[..<space])
                rest = rest[rest.index(after: space)...]
            }
            line(rest.isEmpty ? "///" : "/// " + rest)
        }
    }

    /// Prints a blank line unless the text already ends with one or with an opening brace, so that
    /// declarations are set apart without doubling blank lines.
    func separator() {
        guard !text.isEmpty, !text.hasScalarSuffix("\n\n"), !text.hasScalarSuffix("{\n") else { return }
        line()
    }

    /// Prints a call or literal that does not fit on one line: `opening`, then each element on a
    /// line of its own one level deeper, then `closing` at the current level.
    ///
    /// Elements end in a comma, the last one too when `trailing` is set (array and dictionary
    /// literals), so that adding an element changes one line.
    func list(_ opening: String, _ elements: [String], trailing: Bool = true, closing: String) {
        line(opening)
        indent {
            for (index, element) in elements.enumerated() {
                line(element + (trailing || index < elements.count - 1 ? "," : ""))
            }
        }
        line(closing)
    }
}
