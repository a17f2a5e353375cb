/// A mistake, with its location, in a file or an option the user wrote.
///
/// Diagnostics are values until they are printed: loaders collect all of a file's diagnostics
/// and a ``DiagnosticRenderer`` prints them the same way everywhere.
public struct Diagnostic: Hashable, Sendable, Error {
    /// How bad a diagnostic is.
    public enum Severity: String, Hashable, Sendable, Comparable {
        case error, warning, note

        private var rank: Int { self == .error ? 2 : self == .warning ? 1 : 0 }
        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    }

    /// How bad it is: an error makes the input unusable.
    public var severity: Severity
    /// Lower-case, no final period, user text in single quotes, the fix after `;`.
    public var message: String
    /// Where it is; `nil` for a mistake in a command-line option.
    public var range: SourceRange?
    /// Further places that explain it, such as the type that holds a wrong check.
    public var notes: [Diagnostic]

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ message: String, at range: SourceRange?, notes: [Diagnostic] = []) {
        self.severity = severity
        self.message = message
        self.range = range
        self.notes = notes
    }

    /// An error at `range`, with "did you mean" appended when `fix` finds a close name.
    public static func error(_ message: String, at range: SourceRange?, fix: Suggestion? = nil) -> Diagnostic {
        Diagnostic(.error, message + (fix?.text ?? ""), at: range)
    }

    /// A warning at `range`.
    public static func warning(_ message: String, at range: SourceRange?) -> Diagnostic {
        Diagnostic(.warning, message, at: range)
    }

    /// A note at `range`, to attach to another diagnostic.
    public static func note(_ message: String, at range: SourceRange?) -> Diagnostic {
        Diagnostic(.note, message, at: range)
    }

    /// This diagnostic with one more note.
    public func noting(_ message: String, at range: SourceRange?) -> Diagnostic {
        var copy = self
        copy.notes.append(.note(message, at: range))
        return copy
    }
}

extension Collection where Element == Diagnostic {
    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { contains { $0.severity == .error } }
}
