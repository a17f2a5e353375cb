import Testing

@testable import RuleCore

/// What every consumer relies on of the list of descriptors, so that a new check that forgets a
/// part fails here rather than in the loader, the compiler or generated code.
@Suite struct CheckDescriptorTests {
    struct Entry: Sendable, CustomTestStringConvertible {
        let descriptor: any CheckDescriptor.Type
        var testDescription: String { descriptor.name }
    }

    static let entries = CheckDescriptors.all.map(Entry.init)

    @Test("each check is evaluated by the protocol its scope needs", arguments: entries)
    func scopeMatchesEvaluation(_ entry: Entry) {
        switch entry.descriptor.appliesTo {
        case .model:
            #expect(entry.descriptor is any ModelCheck.Type)
        case .values:
            // NB: `required` runs in the validator itself, before parsing.
            #expect(entry.descriptor is any ValueCheck.Type || entry.descriptor == RequiredCheck.self)
        }
    }

    @Test("each code has a built-in message in English and Japanese, filling only its placeholders", arguments: entries)
    func codesHaveMessages(_ entry: Entry) {
        #expect(!entry.descriptor.codes.isEmpty)
        for code in entry.descriptor.codes {
            #expect(Set(code.messages.keys) == ["en", "ja"], "\(code.name)")
            for template in code.messages.values {
                for name in MessageTemplates.placeholderNames(in: template) {
                    #expect(code.placeholders.contains(String(name)), "\(code.name) fills no '{\(name)}'")
                }
            }
            #expect((code.placeholder == nil) == (code.boundKind == nil), "\(code.name)")
        }
    }

    @Test("a shorthand names one of the check's parameters", arguments: entries)
    func shorthandIsAParameter(_ entry: Entry) {
        guard let shorthand = entry.descriptor.shorthand else { return }
        #expect(entry.descriptor.parameters.map(\.name).contains(shorthand))
    }

    /// Codes are unique but one: `requiredIf` reports `required`, as docs/format.md says, with
    /// `required`'s messages, so that a model's catalog entry `Model.required` is the same for both.
    @Test func namesAndCodesAreUnique() {
        let names = CheckDescriptors.all.map { $0.name }
        #expect(Set(names).count == names.count)
        let others = CheckDescriptors.all.filter { $0 != RequiredIfCheck.self }
        let codes = others.flatMap { $0.codes.map(\.name) } + [ValueFormat.code.name]
        #expect(Set(codes).count == codes.count)
        #expect(RequiredIfCheck.codes.map(\.name) == ["required"])
        #expect(RequiredIfCheck.codes[0].messages == RequiredCheck.codes[0].messages)
    }

    struct Sample: Sendable, CustomTestStringConvertible {
        let descriptor: any CheckDescriptor
        var testDescription: String { "\(descriptor)" }
    }

    @Test(
        "a check's arguments read back as the same check",
        arguments: [
            Sample(descriptor: RequiredCheck()), Sample(descriptor: LengthCheck(min: 1, max: 20)),
            Sample(descriptor: LengthCheck(max: 5, unit: .bytes)), Sample(descriptor: EmailCheck()),
            Sample(descriptor: PatternCheck(regex: try! RulePattern("[a-z]+"))),
            Sample(descriptor: OneOfCheck(values: ["a", "b"])),
            Sample(descriptor: RangeCheck(min: DecimalNumber("0.5"), max: DecimalNumber(9))),
            Sample(descriptor: NotBeforeCheck(date: .today)),
            Sample(descriptor: NotBeforeCheck(date: .fromToday(DateOffset(1, .day)))),
            Sample(descriptor: NotAfterCheck(date: .fromToday(DateOffset(-13, .year)))),
            Sample(descriptor: NotAfterCheck(date: .date(LocalDate(year: 2026, month: 2, day: 28)!))),
            Sample(descriptor: EqualCheck(fields: ["a", "b"])), Sample(descriptor: UUIDCheck()),
            Sample(descriptor: URLCheck()), Sample(descriptor: URLCheck(schemes: .any)),
            Sample(descriptor: URLCheck(schemes: ["https", "mailto"])),
            Sample(descriptor: NotEqualCheck(fields: ["a", "b", "c"])),
            Sample(descriptor: AscendingCheck(fields: ["a", "b"])),
            Sample(descriptor: AscendingCheck(fields: ["a", "b"], strict: true)),
            Sample(descriptor: RequiredIfCheck(field: "phone", when: "byPhone")),
            Sample(descriptor: RequiredIfCheck(field: "phone", when: "contact", equals: "phone")),
            Sample(descriptor: StartsWithCheck(prefix: "JP-")), Sample(descriptor: EndsWithCheck(suffix: ".png")),
            Sample(descriptor: ContainsCheck(text: "@")), Sample(descriptor: NotContainsCheck(text: "--")),
            Sample(descriptor: NotOneOfCheck(values: ["admin", "13"])), Sample(descriptor: DecimalsCheck(max: 2)),
            Sample(descriptor: PrintableCheck()), Sample(descriptor: HostnameCheck()), Sample(descriptor: IPCheck()),
            Sample(descriptor: IPCheck(version: 6)),
        ])
    func argumentsRoundTrip(_ sample: Sample) throws {
        var diagnostics: [Diagnostic] = []
        let parameters = CheckParameters(Dictionary(uniqueKeysWithValues: sample.descriptor.arguments))
        let read = try #require(type(of: sample.descriptor).init(parameters: parameters, diagnostics: &diagnostics))
        #expect(diagnostics.isEmpty)
        #expect(AnyHashable(read) == AnyHashable(sample.descriptor))
        #expect(
            Set(sample.descriptor.arguments.map(\.name)).isSubset(
                of: type(of: sample.descriptor).parameters.map(\.name)))
    }

    @Test func violationsKeepTheOrderFound() {
        var violations = Violations()
        #expect(violations.isEmpty)
        let outcome = Outcome(code: "x", templates: MessageTemplates())
        violations.append(Violation(outcome, path: ["a"]))
        violations.append(Violation(outcome, path: ["b"]))
        violations.append(Violation(outcome, path: ["c"]))
        #expect(violations.map { $0.path[0] } == ["a", "b", "c"])
        #expect(
            violations == [
                Violation(code: "x", path: ["a"]), Violation(code: "x", path: ["b"]), Violation(code: "x", path: ["c"]),
            ])
        #expect(violations.description == "[a: x, b: x, c: x]")
    }
}
