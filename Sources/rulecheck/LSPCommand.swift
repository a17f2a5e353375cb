import ArgumentParser
import RuleLSP

/// `rulecheck lsp`: a language server for rule and spec files over standard input and output.
struct LSPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Serve the Language Server Protocol over standard input and output, for editors.",
        discussion: """
            Diagnostics as you type (the checks of `rulecheck lint`), hover, go to definition, references, \
            completion, document symbols and did-you-mean quick fixes for rules/*.yaml and specs/*.yaml. \
            Standard output carries protocol only; the server logs to standard error. See docs/editors.md.
            """)

    @Option(help: ArgumentHelp("The largest message read; a larger one is dropped with an error.", valueName: "bytes"))
    var maxMessageBytes = LanguageServer.maxContentLength

    func run() throws {
        let status = LanguageServer(version: Rulecheck.toolVersion, maxContentLength: maxMessageBytes).run()
        if status != 0 { throw ExitCode(status) }
    }
}
