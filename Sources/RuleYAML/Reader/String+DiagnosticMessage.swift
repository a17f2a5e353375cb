import RuleCore

extension String {
    /// This text in the form diagnostics use: first letter lower-cased, no final period.
    var diagnosticMessage: String {
        let trimmed = hasScalarSuffix(".") ? dropLast() : Substring(self)
        // NB: libyaml's and our sentences are ASCII; lower-cased in ASCII, alike on every platform.
        return ASCIICase.lowerFirst(trimmed)
    }
}
