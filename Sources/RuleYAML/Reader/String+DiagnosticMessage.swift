extension String {
    /// This text in the form diagnostics use: first letter lower-cased, no final period.
    var diagnosticMessage: String {
        let trimmed = hasSuffix(".") ? dropLast() : Substring(self)
        return trimmed.prefix(1).lowercased() + trimmed.dropFirst()
    }
}
