import RuleCore

/// Reads a spec file's text through, for a tool that edits one and must not leave it broken.
public enum SpecFileCheck {
    /// The first mistake in `text` as a spec file, or `nil` when every case reads.
    public static func mistake(in text: String, file: String) -> String? {
        do {
            let reader = try SpecFileReader(file: file, bytes: Array(text.utf8))
            _ = try reader.readHeader()
            while try reader.nextCase() != nil {}
            return reader.diagnostics.first.map(\.message)
        } catch {
            return error.message
        }
    }

    /// Whether `bytes` are a spec file's: a line `cases:` at the top level, as `lint` and the language
    /// server tell spec files from rule files.
    public static func isSpecFile(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).contains { line in
            line.starts(with: Array("cases:".utf8))
                && [nil, UInt8(ascii: " "), UInt8(ascii: "\r")].contains(line.dropFirst(6).first)
        }
    }
}
