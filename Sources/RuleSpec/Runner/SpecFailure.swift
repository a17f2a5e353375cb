public import RuleCore

/// A case that did not meet its expectation: what it expected and what happened instead.
public struct SpecFailure: Sendable, Hashable {
    /// The expectation, as a report shows it: `errors [tooShort]`, `out "Buy milk"`.
    public var expected: String
    /// What happened: `valid "Buy milk"`, `errors [tooLong]`, `message "…"`.
    public var actual: String
    /// The expectation as JSON data: `{"errors": {"": ["tooShort"]}}`, `{"out": "Buy milk"}`,
    /// `{"valid": true}`, `{"message": {"path": "", "text": "…"}}`.
    public var expectedJSON: String
    /// What happened as JSON data: `{"valid": true, "value": "Buy milk"}`, `{"errors": {"": ["tooLong"]}}`,
    /// `{"message": {"path": "", "text": null}}`.
    public var actualJSON: String
    /// Whether the expectation was met and only an expected message differs.
    public var isMessage = false
}

/// The result of one case, as reporters receive it, in file order.
public struct CaseOutcome: Sendable {
    /// The spec file.
    public var file: String
    /// Where the case starts.
    public var location: SourceLocation
    /// The type or model under test.
    public var typeName: String
    /// The case's `name:`, if any.
    public var name: String?
    /// The input as written.
    public var inputText: String
    /// Why it failed; `nil` when it passed.
    public var failure: SpecFailure?
    /// Why it did not run, when it was skipped (`a type's case: an endpoint takes a model's body`).
    public var skipped: String?

    /// A one-line title: the name if given, else `TYPE: in …`.
    public var title: String {
        SpecCase.label(typeName: typeName, name: name, inputText: inputText)
    }
}
