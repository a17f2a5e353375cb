import Foundation
import RuleCore

/// Prints diagnostics to standard error as a compiler does, quoting the source line.
enum DiagnosticPrinter {
    static let renderer = DiagnosticRenderer(sourceLine: { file, line in sources.lines(of: file)?.line(line) })

    /// Each file's lines, read once however many diagnostics quote them.
    private static let sources = SourceCache()

    static func print(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        FileHandle.standardError.write(Data(renderer.render(diagnostics).utf8))
    }
}

/// The lines of the files diagnostics quote, each file read once.
private final class SourceCache: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: SourceLines?] = [:]  // guarded by lock

    func lines(of file: String) -> SourceLines? {
        lock.withLock {
            if let cached = files[file] { return cached }
            // NB: mapped, so that quoting a line of a huge spec file does not copy the file.
            let lines = (try? Data(contentsOf: URL(fileURLWithPath: file), options: .mappedIfSafe)).map(
                SourceLines.init)
            files[file] = lines
            return lines
        }
    }
}
