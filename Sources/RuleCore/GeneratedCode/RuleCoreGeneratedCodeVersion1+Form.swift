#if canImport(Observation)
    public import Foundation
    public import Observation

    // MARK: - Forms

    extension RuleCoreGeneratedCodeVersion1 {
        /// When a form checks what is typed and shows what it found.
        ///
        /// ``Form/submit()`` always checks every field and shows every violation at once, whatever the
        /// mode: `.onChange` and `.onChangeAfterTouch` are "on change and on submit", `.onSubmit` is
        /// "on submit only".
        public enum ValidationMode: Hashable, Sendable {
            /// A field shows its violations from its first change (or blur), and again after each change.
            case onChange
            /// A field shows its violations once it is touched (left, or the form submitted), then after
            /// each change: nothing is shown while a person first types into a field.
            case onChangeAfterTouch
            /// Violations are found and shown on ``Form/submit()`` only; they stay as found until the next.
            case onSubmit
        }

        /// A field's raw input, as a SwiftUI control binds it: `String` for text and for integers and
        /// decimals typed in a `TextField`, `Bool` for a `Toggle` (`Bool?` for an optional field's, `nil`
        /// until set), `Date?` for a `DatePicker` (the day it falls on in the form's ``Form/timeZone``),
        /// the `oneOf` enum's case, `nil` until chosen, for a `Picker` (`Plan.Value?`), an array for a
        /// list, and ``ValidationInput`` for an item of a list of models (a field that holds one
        /// model is a nested form, ``FormSubform``).
        public protocol FormInput: Equatable, Sendable {
            /// The value of a field nothing was entered into: `""`, `false`, `nil`, `[]`, absent.
            static var empty: Self { get }
            /// The value to validate; an optional field left empty is absent.
            func validationInput(isOptional: Bool, timeZone: TimeZone) -> ValidationInput
            /// The raw input that shows `value`, a valid model's field as its JSON encoding has it
            /// (``RuleCoreGeneratedCodeVersion1/Form/load(_:)``): what a person would have entered to give it.
            init(showing value: ValidationInput, timeZone: TimeZone)
        }
    }

    extension String: RuleCoreGeneratedCodeVersion1.FormInput {
        public static var empty: String { "" }

        /// The text as typed, which the type reads and normalizes; absent when an optional field is empty.
        public func validationInput(isOptional: Bool, timeZone: TimeZone) -> ValidationInput {
            isOptional && isEmpty ? .absent : .text(self)
        }

        /// A string as it is, a number as written (`1990`, `9.99`), a boolean as `true` or `false`.
        public init(showing value: ValidationInput, timeZone: TimeZone) {
            switch value {
            case .text(let text), .string(let text): self = text
            case .number(let number): self = number.description
            case .boolean(let flag): self = flag ? "true" : "false"
            case .absent, .list, .record: self = ""
            }
        }
    }

    extension Bool: RuleCoreGeneratedCodeVersion1.FormInput {
        public static var empty: Bool { false }

        /// The flag, as a boolean type takes it.
        public func validationInput(isOptional: Bool, timeZone: TimeZone) -> ValidationInput { .boolean(self) }

        public init(showing value: ValidationInput, timeZone: TimeZone) { self = value == .boolean(true) }
    }

    extension Optional: RuleCoreGeneratedCodeVersion1.FormInput where Wrapped: RuleCoreGeneratedCodeVersion1.FormValue {
        public static var empty: Wrapped? { nil }

        /// The value picked (a `Date` as the day it falls on in `timeZone`, `YYYY-MM-DD`); absent
        /// while none is: an optional `Bool` left alone sends nothing, not `false`.
        public func validationInput(isOptional: Bool, timeZone: TimeZone) -> ValidationInput {
            map { $0.formInput(timeZone: timeZone) } ?? .absent
        }

        /// The value that shows `value`, such as the first instant of a date in `timeZone`, which a
        /// date picker shows as that day; `nil` for none.
        public init(showing value: ValidationInput, timeZone: TimeZone) {
            self = Wrapped(loading: value, timeZone: timeZone)
        }
    }

    extension Array: RuleCoreGeneratedCodeVersion1.FormInput where Element: RuleCoreGeneratedCodeVersion1.FormInput {
        public static var empty: [Element] { [] }

        /// The items, each as its raw input gives it; absent when an optional list is empty.
        public func validationInput(isOptional: Bool, timeZone: TimeZone) -> ValidationInput {
            isOptional && isEmpty
                ? .absent : .list(map { $0.validationInput(isOptional: false, timeZone: timeZone) })
        }

        public init(showing value: ValidationInput, timeZone: TimeZone) {
            guard case .list(let items) = value else {
                self = []
                return
            }
            self = items.map { Element(showing: $0, timeZone: timeZone) }
        }
    }

    extension ValidationInput: RuleCoreGeneratedCodeVersion1.FormInput {
        public static var empty: ValidationInput { .absent }

        /// The value itself: a record of a model's fields, for an item of a list of models.
        public func validationInput(isOptional: Bool, timeZone: TimeZone) -> ValidationInput { self }

        public init(showing value: ValidationInput, timeZone: TimeZone) { self = value }
    }

    extension RuleCoreGeneratedCodeVersion1 {
        /// What every field of a ``Form`` shows, whatever its raw input: its violations, its message,
        /// whether it was touched. ``FormField`` adds the raw input.
        ///
        /// NB: main-actor isolated, as the form that owns it (see ``Form``).
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @MainActor @Observable
        public class FormFieldState<Model: RuleCoreGeneratedCodeVersion1.Model> {
            /// The field's name in the rules: the key of its violations' paths and of the server's.
            public let name: String
            /// Whether the field may be left empty (its own `optional:` or its type's).
            public let isOptional: Bool
            /// Whether the field was left (``touch()``) or the form submitted since it was created or reset.
            public internal(set) var isTouched = false
            /// Whether the raw input changed since the form was created or reset.
            public internal(set) var isEdited = false
            /// The violations the form's own validation shows now, as the ``Form/mode`` says.
            var shown: [Model.Violation] = []
            /// The server's violations of the field whose codes the rules know, as their cases.
            var serverKnown: [Model.Violation] = []
            /// The server's violations of the field whose codes the rules do not know.
            var serverUnknown: [RuleCore.Violation] = []
            /// The form the field belongs to.
            @ObservationIgnored weak var owner: Form<Model>?

            init(name: String, isOptional: Bool) {
                self.name = name
                self.isOptional = isOptional
            }

            /// The violations shown on the field, as the model's cases (such as `.email(.emptyEmail)`,
            /// or `.passwordMismatch` for a check across fields reported on this field): the form's
            /// own, then those the server reported whose codes the rules know. Empty while the field
            /// is valid or its violations are not yet shown.
            public var violations: [Model.Violation] {
                shown + serverKnown.filter { !shown.contains($0) }
            }

            /// The violations the server reported on the field whose codes these rules do not know,
            /// such as `emailTaken`: they show with the server's message.
            public var unknownViolations: [RuleCore.Violation] { serverUnknown }

            /// Every message shown on the field, in the form's ``Form/language``.
            public var messages: [String] {
                let language = owner?.language ?? RuleCoreGeneratedCodeVersion1.language
                return violations.map { $0.message(language: language) }
                    + serverUnknown.map { $0.message(language: language) }
            }

            /// The first message shown on the field, in the form's ``Form/language``; `nil` while
            /// the field is valid or its violations are not yet shown.
            public var message: String? { messages.first }

            /// Marks the field touched, as leaving it does (a text field's blur): from then on it
            /// shows its violations, unless the mode is `.onSubmit`.
            public func touch() {
                guard !isTouched else { return }
                isTouched = true
                owner?.fieldDidChange(self, edited: false)
            }

            func input(timeZone: TimeZone) -> ValidationInput { .absent }
            func reset() {}
            func load(_ value: ValidationInput, timeZone: TimeZone) {}
            /// Whether nothing was entered: the raw input is the empty one.
            var isEmpty: Bool { true }
            /// Takes the owner's language, mode, today and time zone, as a nested form does.
            func follow(_ owner: Form<Model>) {}
            /// Marks what the field holds submitted, as the owner's ``Form/submit()`` does.
            func submitted() {}
            /// Shows the server's violations inside the field (paths relative to it), as a nested form does.
            func apply(inner violations: [RuleCore.Violation]) {}
        }

        /// A field of a ``Form``: its raw input, which a SwiftUI control binds (`$form.email.raw`),
        /// and what ``FormFieldState`` shows.
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @MainActor @Observable
        public final class FormField<Model: RuleCoreGeneratedCodeVersion1.Model, Raw: FormInput>: FormFieldState<Model>
        {
            /// The input as entered; each change validates the form again (the other fields' checks
            /// across fields too) and drops the server's violations of this field.
            public var raw: Raw {
                didSet {
                    guard raw != oldValue else { return }
                    owner?.fieldDidChange(self, edited: true)
                }
            }
            private var initial: Raw

            /// A field named `name` in the rules, holding `initial` until something is entered.
            public init(_ name: String, optional: Bool = false, initial: Raw = .empty) {
                raw = initial
                self.initial = initial
                super.init(name: name, isOptional: optional)
            }

            override func input(timeZone: TimeZone) -> ValidationInput {
                raw.validationInput(isOptional: isOptional, timeZone: timeZone)
            }

            override func reset() { raw = initial }

            override func load(_ value: ValidationInput, timeZone: TimeZone) {
                initial = Raw(showing: value, timeZone: timeZone)
                raw = initial
            }

            override var isEmpty: Bool { raw == Raw.empty }
        }

        /// A field of a ``Form`` that holds a model: a nested form of that model's fields (`form`,
        /// an `AddressForm`), which a view binds as any form (`$form.shipping.form.zip.raw`), and
        /// what ``FormFieldState`` shows of the field as the outer model sees it
        /// (`.shipping(.zip(.badLength(min: 8)))`).
        ///
        /// The nested form follows the outer one's language, mode, today and time zone; each change
        /// in it validates the outer form again. An optional field whose nested fields are all
        /// empty is absent. A server's violation inside the field (`["shipping", "zip"]`) shows on
        /// the field and on the nested form's field its path names.
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @MainActor @Observable
        public final class FormSubform<
            Model: RuleCoreGeneratedCodeVersion1.Model, Inner: RuleCoreGeneratedCodeVersion1.Model,
            InnerForm: Form<Inner>
        >: FormFieldState<Model> {
            /// The nested form of the model the field holds.
            public let form: InnerForm

            /// A field named `name` in the rules, holding a nested `InnerForm`.
            public init(_ name: String, optional: Bool = false) {
                form = InnerForm()
                super.init(name: name, isOptional: optional)
                form.onChange = { [weak self] edited in
                    guard let self else { return }
                    if !edited && !self.isTouched { self.isTouched = true }
                    self.owner?.fieldDidChange(self, edited: edited)
                }
            }

            override func input(timeZone: TimeZone) -> ValidationInput {
                isOptional && isEmpty ? .absent : .record(form.record())
            }

            override func reset() { form.reset() }

            override func load(_ value: ValidationInput, timeZone: TimeZone) {
                guard case .record(let fields) = value else { return form.load([:]) }
                form.load(fields)
            }

            override var isEmpty: Bool { form.fields.allSatisfy(\.isEmpty) }

            override func follow(_ owner: Form<Model>) {
                form.follow(
                    language: owner.language, mode: owner.mode, context: owner.context, timeZone: owner.timeZone)
            }

            /// Submits the nested form, showing its violations, unless it is optional and left empty.
            override func submitted() {
                guard !(isOptional && isEmpty) else { return }
                _ = form.submit()
            }

            override func apply(inner violations: [RuleCore.Violation]) { form.apply(serverViolations: violations) }
        }

        /// What a generated form does: a generated `SignUpForm` declares its fields only, each a
        /// ``FormField`` of the raw input a control binds, and inherits the rest.
        ///
        /// ```swift
        /// let form = SignUpForm(language: "ja")
        /// form.email.raw = "taro@"          // typed; nothing shown yet (.onChangeAfterTouch)
        /// form.email.touch()                // blur: form.email.message == "メールアドレスが不正です"
        /// if let signUp = form.submit() {   // every field touched, every violation shown at once
        ///     send(signUp)                  // on a 422: form.apply(problem)
        /// }
        /// ```
        ///
        /// Every change validates the whole input with `Model.validator`, so a check across fields
        /// (`equal: [password, passwordConfirmation]`) is checked again when either field changes and
        /// shows on the field it reports on. The form uses Observation only, no SwiftUI: a view binds
        /// it with `@Bindable`, and it builds and is tested on Linux.
        ///
        /// NB: `@MainActor`: a form is a view's state, read and written by the view on the main actor,
        /// and Observation's change tracking of a mutable class is only safe from one isolation
        /// domain; under Swift 6's strict concurrency that makes the form and its fields `Sendable`
        /// and usable from SwiftUI and from `@MainActor` view models with no `await`. Validating a
        /// form is a few microseconds of work, which the main actor can afford on every keystroke.
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @MainActor @Observable
        open class Form<Model: RuleCoreGeneratedCodeVersion1.Model> {
            /// A field of this form whatever its raw input, as ``fields`` lists them.
            public typealias AnyField = FormFieldState<Model>
            /// A field of this form with raw input `Raw`.
            public typealias Field<Raw: FormInput> = FormField<Model, Raw>
            /// A field of this form that holds an `Inner` model, as a nested `InnerForm`.
            public typealias Subform<Inner: RuleCoreGeneratedCodeVersion1.Model, InnerForm: Form<Inner>> =
                FormSubform<Model, Inner, InnerForm>

            /// The language of every message, such as `en`, `ja` or `pt-BR`; English where the rules have
            /// no message in it.
            public var language: String {
                didSet { for field in fields { field.follow(self) } }
            }
            /// When fields are checked and their violations shown.
            public var mode: ValidationMode {
                didSet {
                    for field in fields { field.follow(self) }
                    show(submitting: false)
                }
            }
            /// Today, for the date checks (`notBefore: today`).
            public var context: ValidationContext {
                didSet {
                    for field in fields { field.follow(self) }
                    revalidate()
                }
            }
            /// The time zone in which a `Date` a field holds is a day.
            public var timeZone: TimeZone {
                didSet {
                    for field in fields { field.follow(self) }
                    revalidate()
                }
            }
            /// Whether ``submit()`` was called since the form was created or reset.
            public private(set) var isSubmitted = false
            /// Whether the input as it is now is valid, shown or not: a Login button's `isEnabled`.
            public private(set) var isValid = false
            /// The model of the input as it is now, when ``isValid``.
            private var result: Model?

            /// The violations found by the last validation, by field name; "" for the model's own.
            private var foundByField: [String: [Model.Violation]] = [:]
            /// The model's own violations shown (a path that is no field's), after a submit.
            private var ownShown: [Model.Violation] = []
            /// The server's violations on a path no field has, or on none.
            private var serverOwn: [RuleCore.Violation] = []
            @ObservationIgnored private var isResetting = false
            /// What a form nested in a field of another tells that field on each change: whether the
            /// input was edited (else a field was touched).
            @ObservationIgnored var onChange: ((_ edited: Bool) -> Void)?

            /// The fields, in the model's order; a generated form lists its own.
            open var fields: [AnyField] { [] }

            /// An empty form whose messages are in `language`, which checks as `mode` says, with today
            /// from `context` and dates picked in `timeZone`.
            ///
            /// NB: `required`, so that a field holding a model can make its nested form.
            public required init(
                language: String = RuleCoreGeneratedCodeVersion1.language, mode: ValidationMode = .onChangeAfterTouch,
                context: ValidationContext = ValidationContext(), timeZone: TimeZone = .current
            ) {
                self.language = language
                self.mode = mode
                self.context = context
                self.timeZone = timeZone
                for field in fields {
                    field.owner = self
                    field.follow(self)
                }
                validate()
            }

            /// Every violation shown, as the model's cases, field by field in the model's order, then the
            /// model's own: seed 000's "every error of the form at once". ``messages`` also has those of
            /// the server's codes that the rules do not know.
            public var violations: [Model.Violation] {
                fields.flatMap(\.violations) + ownShown
            }

            /// Every violation of the input as it is now, shown or not, field by field then the model's
            /// own: what a single "first error" line (seed 002's `invalidMessage`) reads.
            public var currentViolations: [Model.Violation] {
                fields.flatMap { foundByField[$0.name] ?? [] } + (foundByField[""] ?? [])
            }

            /// Every message shown, field by field, then those that concern no one field.
            public var messages: [String] {
                fields.flatMap(\.messages) + formMessages
            }

            /// The messages that concern no one field, for a banner: the model's own violations, and
            /// the server's on a path that names no field.
            public var formMessages: [String] {
                ownShown.map { $0.message(language: language) } + serverOwn.map { $0.message(language: language) }
            }

            /// Checks every field, marks every field touched and shows every violation at once.
            ///
            /// - Returns: the model, when the input is valid; the server's violations, until the fields
            ///   they concern change, do not keep it from being returned: the server checks again.
            public func submit() -> Model? {
                isSubmitted = true
                for field in fields {
                    field.isTouched = true
                    field.submitted()
                }
                validate()
                show(submitting: true)
                return result
            }

            /// Shows a server's violations, such as a 422's problem details, on the fields their paths
            /// name (`["email"]`, `["tags", "1"]` on `tags`), and those whose path names no field in
            /// ``formMessages``. A code the rules know for that path shows as its case, with its
            /// message in ``language``; another (`emailTaken`) shows with the server's message.
            /// Each stays until its field changes or violations are applied again.
            public func apply(serverViolations: some Sequence<RuleCore.Violation>) {
                for field in fields { (field.serverKnown, field.serverUnknown) = ([], []) }
                serverOwn = []
                var inner: [String: [RuleCore.Violation]] = [:]
                defer { for field in fields { field.apply(inner: inner[field.name] ?? []) } }
                for violation in serverViolations {
                    guard let name = violation.path.first, let field = fields.first(where: { $0.name == name }) else {
                        serverOwn.append(violation)
                        continue
                    }
                    if violation.path.count > 1 {
                        var relative = violation
                        relative.path.removeFirst()
                        inner[name, default: []].append(relative)
                    }
                    if let known = Self.known(violation) {
                        field.serverKnown.append(known)
                    } else {
                        field.serverUnknown.append(violation)
                    }
                }
            }

            /// Shows the violations of a server's problem details (see ``apply(serverViolations:)``).
            public func apply(_ problem: ProblemDetails) {
                apply(serverViolations: problem.violations)
            }

            /// Empties every field (back to its initial input) and forgets what was touched, shown and
            /// sent back by a server.
            public func reset() {
                isResetting = true
                for field in fields {
                    field.reset()
                    (field.isTouched, field.isEdited, field.shown) = (false, false, [])
                    (field.serverKnown, field.serverUnknown) = ([], [])
                }
                isResetting = false
                (isSubmitted, ownShown, serverOwn) = (false, [], [])
                validate()
            }

            /// Fills the fields with `model`'s values, as an edit screen starts: nothing touched, edited
            /// or shown, and ``reset()`` returns to these values.
            ///
            /// Each field shows its value as a person would have entered it (a number as written, a
            /// date on its day in ``timeZone``), read from the model's JSON encoding, its one form.
            public func load(_ model: Model) {
                guard case .record(let fieldValues) = RuleCoreGeneratedCodeVersion1.record(of: model) else { return }
                load(fieldValues)
            }

            /// Fills the fields with a valid model's fields as its JSON encoding has them.
            func load(_ fieldValues: [String: ValidationInput]) {
                isResetting = true
                for field in fields { field.load(fieldValues[field.name] ?? .absent, timeZone: timeZone) }
                isResetting = false
                reset()
            }

            /// Takes the language, mode, today and time zone of the form this one is nested in.
            func follow(language: String, mode: ValidationMode, context: ValidationContext, timeZone: TimeZone) {
                if self.language != language { self.language = language }
                if self.mode != mode { self.mode = mode }
                self.context = context
                if self.timeZone != timeZone { self.timeZone = timeZone }
            }

            /// The input as it is now, a record of the fields' inputs.
            func record() -> [String: ValidationInput] {
                var record: [String: ValidationInput] = [:]
                for field in fields { record[field.name] = field.input(timeZone: timeZone) }
                return record
            }

            func fieldDidChange(_ field: AnyField, edited: Bool) {
                guard !isResetting else { return }
                if edited {
                    field.isEdited = true
                    (field.serverKnown, field.serverUnknown) = ([], [])
                    validate()
                }
                show(submitting: false)
                onChange?(edited)
            }

            private func revalidate() {
                validate()
                show(submitting: false)
            }

            /// Validates the input as it is now, keeping what it found for ``show(submitting:)``.
            private func validate() {
                let input = record()
                let names = Set(fields.map(\.name))
                switch Model.validator.validate(input, context: context) {
                case .valid(let value):
                    (foundByField, isValid, result) = ([:], true, Model(validated: value))
                case .invalid(let violations):
                    var found: [String: [Model.Violation]] = [:]
                    for violation in violations {
                        let name = violation.path.first.flatMap { names.contains($0) ? $0 : nil } ?? ""
                        found[name, default: []].append(Model.Violation.own(violation))
                    }
                    (foundByField, isValid, result) = (found, false, nil)
                }
            }

            /// Shows what the last validation found on the fields the mode lets show it.
            private func show(submitting: Bool) {
                for field in fields {
                    let shows: Bool
                    switch mode {
                    case .onChange: shows = submitting || field.isTouched || field.isEdited
                    case .onChangeAfterTouch: shows = submitting || field.isTouched
                    case .onSubmit:
                        guard submitting else { continue }
                        shows = true
                    }
                    let shown = shows ? foundByField[field.name] ?? [] : []
                    if field.shown != shown { field.shown = shown }
                }
                if submitting || (isSubmitted && mode != .onSubmit) {
                    let own = foundByField[""] ?? []
                    if ownShown != own { ownShown = own }
                }
            }

            /// The case of a server's violation whose code the rules know on its path: a field's type's
            /// code on `[field]`, or a check across fields' on the field it reports on; `nil` for any
            /// other, and for one without the bound its case needs.
            static func known(_ violation: RuleCore.Violation) -> Model.Violation? {
                guard let outcome = knownOutcome(violation),
                    outcome.builtin.boundKind?.rawValue == violation.bound?.kind
                else { return nil }
                guard
                    let typed = Model.Violation(
                        RuleCore.Violation(
                            outcome, path: violation.path, bound: violation.bound, value: violation.value?[...]))
                else { return nil }
                // NB: a check across fields reports on one field; on another path it is the server's own.
                return typed.path == violation.path ? typed : nil
            }

            /// The outcome whose code `violation` has on its path, among those the generated enum has a
            /// case for (``Outcome/isReachable(optional:)``): the model's own (a list's `required`
            /// counts as unknown, whether or not the list is optional), a field's type's on `[field]`,
            /// a list item's type's on `[list, index]`, and the same inside a field that holds a
            /// model (`[shipping, zip]`) or an item of a list of models (`[stops, 0, zip]`).
            private static func knownOutcome(_ violation: RuleCore.Violation) -> Outcome? {
                knownOutcome(violation.code, at: violation.path[...], in: Model.validator)
            }

            private static func knownOutcome(_ code: String, at path: ArraySlice<String>, in validator: ModelValidator)
                -> Outcome?
            {
                if path.count <= 1,
                    let own = validator.outcomes.first(where: { outcome in
                        outcome.code == code
                            && (path.isEmpty
                                ? outcome.check == nil : outcome.check?.descriptor is any ModelCheckDescriptor)
                    }), own.isReachable(optional: true)
                {
                    return own
                }
                guard let name = path.first, let field = validator.compiled.fields.first(where: { $0.name == name })
                else { return nil }
                var rest = path.dropFirst()
                if field.list != nil {
                    guard let item = rest.first, let index = Int(item), index >= 0, String(index) == item else {
                        return nil
                    }
                    rest = rest.dropFirst()
                }
                switch field.validator {
                case .model(let inner): return knownOutcome(code, at: rest, in: inner)
                case .type(let type):
                    guard rest.isEmpty else { return nil }
                    // NB: a type's `required` has a case when this field requires it; an optional
                    // field's type may have none (when no model requires it), so it counts as unknown.
                    return type.outcomes.first { candidate in
                        candidate.code == code
                            && (candidate === type.outcomes.required
                                ? !type.isOptional
                                : candidate.isReachable(emptyNeverChecked: type.rule.emptyNeverChecked))
                    }
                }
            }
        }
    }
#endif
