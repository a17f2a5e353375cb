/// One check of a type or model, as declared: what it tests, the codes it reports and its
/// inline messages.
///
/// ```swift
/// let check = Check(LengthCheck(min: 1, max: 20), codes: ["tooLong": "titleTooLong"])
/// check.name                      // "length"
/// check.code(for: "tooLong")      // "titleTooLong"
/// ```
public struct Check: Hashable, Sendable {
    /// What it tests, with its parameters: a descriptor such as ``LengthCheck``.
    public var descriptor: any CheckDescriptor
    /// Chosen codes by default code, for the codes that `code:` renamed.
    public var codes: [String: String]
    /// Inline messages (`message:`), which win over every table.
    public var messages: MessageTemplates
    /// Where it is declared.
    public var range: SourceRange?

    /// Creates a check.
    public init(
        _ descriptor: any CheckDescriptor, codes: [String: String] = [:],
        messages: MessageTemplates = MessageTemplates(),
        at range: SourceRange? = nil
    ) {
        self.descriptor = descriptor
        self.codes = codes
        self.messages = messages
        self.range = range
    }

    /// Whether its verdict depends on the day of validation: a date bound relative to today
    /// (`notBefore: today - 13 years`), read from its ``CheckDescriptor/boundaries``.
    public var readsToday: Bool {
        descriptor.boundaries.contains { boundary in
            if case .date(_, let bound) = boundary { bound.isRelative } else { false }
        }
    }

    /// The YAML name, such as `notBefore`.
    public var name: String { custom?.declaration.name ?? type(of: descriptor).name }

    /// The codes this check reports when `code:` renames none, in the order it reports them.
    public var builtinCodes: [CheckCode] { custom.map { [$0.declaration.checkCode] } ?? descriptor.compiledCodes }

    /// Whether this is a check of kind `kind`, such as `RequiredCheck.self`.
    public func `is`(_ kind: (some CheckDescriptor).Type) -> Bool {
        type(of: descriptor) == kind
    }

    /// The code this check reports in place of `defaultCode`.
    public func code(for defaultCode: String) -> String {
        codes[defaultCode] ?? defaultCode
    }

    public static func == (a: Check, b: Check) -> Bool {
        AnyHashable(a.descriptor) == AnyHashable(b.descriptor) && a.codes == b.codes && a.messages == b.messages
            && a.range == b.range
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(AnyHashable(descriptor))
        hasher.combine(codes)
        hasher.combine(messages)
        hasher.combine(range)
    }
}

extension Check {
    /// The built-in codes this check, with its parameters as given, can report: not a bound's code
    /// whose bound is a parameter left out (`tooShort` of a `length` with only `max`), not a bound
    /// no value that reaches the check can miss (`tooShort` of `length: {min: 0}`, or of `min: 1`
    /// where `emptyNeverChecked`: ``ResolvedType/emptyNeverChecked``; `tooFewItems` of `minItems:
    /// 0`), not `duplicateItem` of a list that need not be unique, not `required` of a list that is
    /// `optional`.
    ///
    /// The one answer to "can this outcome happen?": what spec coverage asks a suite to reach, the
    /// cases a generated `Violation` enum has, what lint says never fires, and which mutants are
    /// equivalent.
    public func reachableBuiltinCodes(optional: Bool, emptyNeverChecked: Bool = false) -> [CheckCode] {
        let given = Set(descriptor.arguments.map(\.name))
        let declared = Set(type(of: descriptor).parameters.map(\.name))
        return builtinCodes.filter { code in
            if let placeholder = code.placeholder {
                let names = [placeholder, placeholder + "Items"].filter(declared.contains)
                if !names.isEmpty, !names.contains(where: given.contains) { return false }
            }
            if let length = descriptor as? LengthCheck, code.name == "tooShort",
                LengthCheck.isInert(minimum: length.min, emptyNeverChecked: emptyNeverChecked)
            {
                return false
            }
            if let list = descriptor as? ListCheck {
                if code.name == "duplicateItem" { return list.unique }
                if code.name == RequiredCheck.codes[0].name { return !optional }
                if code.name == "tooFewItems", let minimum = list.minItems, minimum <= 0 { return false }
            }
            return true
        }
    }
}
