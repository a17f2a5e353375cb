import ArgumentParser
import Foundation
import RuleCore
import RuleSpec
import RuleYAML

/// Prints diagnostics to standard error as a compiler does, quoting the source line.
enum DiagnosticPrinter {
    static let renderer = DiagnosticRenderer(sourceLine: { file, line in sources.lines(of: file)?.line(line) })

    /// The renderer that quotes no line.
    private static let plain = DiagnosticRenderer.plain

    /// Each file's lines, read once however many diagnostics quote them.
    private static let sources = SourceCache()

    /// Colours for standard error, as `test` and `lint` use them.
    static let style = TerminalStyle(fileDescriptor: STDERR_FILENO)

    static func print(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        // NB: a file refused by its size is not read, not even to quote its first line.
        var text = diagnostics.map { YAMLLimits.isSizeError($0) ? plain.render([$0]) : renderer.render([$0]) }
            .joined()
        if style.isEnabled { text = painted(text) }
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Each `place: error:` bold and red, `warning:` yellow, `note:` bold, as compilers print them.
    private static func painted(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            for (severity, code) in [("error", TerminalStyle.red), ("warning", TerminalStyle.yellow), ("note", 0)] {
                guard let range = line.range(of: ": \(severity): ") else { continue }
                let place = String(line[..<range.lowerBound])
                return style.paint(place, TerminalStyle.bold) + ": " + style.paint(severity + ":", code)
                    + " " + line[range.upperBound...]
            }
            return String(line)
        }.joined(separator: "\n")
    }
}

/// The lines of the files diagnostics quote, each file read once.
private final class SourceCache: Sendable {
    private let files = Locked([String: SourceLines?]())

    func lines(of file: String) -> SourceLines? {
        files.withLock { files in
            if let cached = files[file] { return cached }
            // NB: mapped, so that quoting a line of a huge spec file does not copy the file.
            let lines = (try? Data(contentsOf: URL(fileURLWithPath: file), options: .mappedIfSafe)).map(
                SourceLines.init)
            files[file] = lines
            return lines
        }
    }
}

extension ReportOutput {
    /// Writes `text` whole to the file at `path` (replaced atomically), or to standard output when
    /// `path` is `nil`; a file that cannot be written is a diagnostic and exit 2.
    static func write(_ text: String, to path: String?) throws {
        do {
            let out = try path.map(ReportOutput.file) ?? .standardOutput()
            out.write(text)
            try out.close()
        } catch {
            DiagnosticPrinter.print([error])
            throw ExitCode(2)
        }
    }
}
