/// What a check's verdict turns on, as the tools that look for its edges see it: coverage, the
/// candidates of `suggest` and `diff`, lint's satisfiability, mutation and the JSON Schema export
/// each read it off the descriptor (``CheckDescriptor/basis``) and treat the check by it, so that
/// a new check of a known basis costs none of them an edit.
///
/// A tool handles a check by name only where it does more than its basis says (`range`'s
/// boundaries, `url`'s schemes mutated); a check on ``bounds`` must be handled by name by each,
/// and `CheckConsumerTests` fails until it is.
public enum CheckBasis: String, Hashable, Sendable, CaseIterable {
    /// Whether there is a value at all: `required`.
    case presence
    /// Bounds its parameters name, which ``CheckDescriptor/boundaries`` gives: `length`, `range`,
    /// `notBefore`, `notAfter`, `oneOf`.
    case bounds
    /// A language of texts, whose edges fixed samples and varied values find: `email`, `uuid`,
    /// `url`, `pattern`, `hostname`, `ip`, `printable`.
    case language
    /// A text it names, which the value must or must not hold: `startsWith`, `notContains`.
    case text
    /// Values it refuses, each its code's case: `notOneOf`.
    case refusedValues
    /// A count of decimal places, no bound of the value: `decimals`.
    case places
    /// The values of a model's fields together: `equal`, `notEqual`, `ascending`, `requiredIf`.
    case fields
    /// An implementation outside the rules, whose edges only it knows: custom checks.
    case implementation
}
