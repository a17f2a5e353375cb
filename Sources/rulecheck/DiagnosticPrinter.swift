import Foundation
import RuleCore

/// Prints diagnostics to standard error as a compiler does, quoting the source line.
enum DiagnosticPrinter {
    static let renderer = DiagnosticRenderer { file in
        FileManager.default.contents(atPath: file).map { String(decoding: $0, as: UTF8.self) }
    }

    static func print(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        FileHandle.standardError.write(Data(renderer.render(diagnostics).utf8))
    }
}
