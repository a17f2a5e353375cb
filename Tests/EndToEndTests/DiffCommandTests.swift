import Foundation
import RuleTestSupport
import Testing

/// `rulecheck diff OLD NEW` end to end: a table of hand-made changes, one per check and parameter,
/// each direction, and edits that keep the meaning; each a tiny OLD and NEW rule file in a
/// temporary folder, run through the built binary, asserting the class and the witnesses.
@Suite struct DiffCommandTests {
    struct Edit: CustomTestStringConvertible, Sendable {
        let name: String
        let old: String
        let new: String
        let subject: String
        let expected: String
        /// Whether values flip where the class says some can; a change of server codes alone moves no verdict.
        var witnessed = true
        /// The classes the change has besides `expected`.
        var also: [String] = []
        var testDescription: String { name }

        /// This edit, with classes besides its main one.
        func also(_ classes: String...) -> Edit {
            var edit = self
            edit.also = classes
            return edit
        }

        /// This edit, changing no verdict whatever its class.
        var unwitnessed: Edit {
            var edit = self
            edit.witnessed = false
            return edit
        }

        /// A change to the body of type `T`, indented as under `T:`.
        static func type(_ name: String, _ old: String, _ new: String, _ expected: String) -> Edit {
            Edit(name: name, old: typeFile(old), new: typeFile(new), subject: "T", expected: expected)
        }

        /// A change to the body of model `M`, beside the types `Item`, `Day`, `Flag` and `Code`.
        static func model(
            _ name: String, _ old: String, _ new: String, _ expected: String, subject: String = "M"
        ) -> Edit {
            Edit(name: name, old: modelFile(old), new: modelFile(new), subject: subject, expected: expected)
        }

        /// A change to the models (`M` and `Address`, each written at two spaces under `models:`),
        /// beside the types of ``modelFile(_:)``.
        static func models(
            _ name: String, _ old: String, _ new: String, _ expected: String, subject: String = "M"
        ) -> Edit {
            Edit(name: name, old: modelsFile(old), new: modelsFile(new), subject: subject, expected: expected)
        }

        static func modelsFile(_ models: String) -> String {
            modelFile("").split(separator: "\n").dropLast().joined(separator: "\n") + "\n" + models + "\n"
        }

        static func typeFile(_ body: String) -> String {
            "rulecheck: 1.2\ntypes:\n  T:\n" + body.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
                + "\n  Other:\n    checks:\n      - length: { max: 3 }\n"
        }

        static func modelFile(_ body: String) -> String {
            """
            rulecheck: 1.2
            types:
              Item:
                checks:
                  - length: { min: 1, max: 5 }
              Day:
                type: date
                optional: true
              Flag:
                type: boolean
                optional: true
              Code:
                optional: true
                checks:
                  - length: { max: 8 }
              Other:
                checks:
                  - length: { min: 1, max: 9 }
            models:
              M:

            """ + body.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") + "\n"
        }
    }

    static let edits: [Edit] = [
        // length
        .type(
            "length max lowered", "checks:\n  - length: { max: 20 }", "checks:\n  - length: { max: 16 }", "tightened"),
        .type("length max raised", "checks:\n  - length: { max: 16 }", "checks:\n  - length: { max: 20 }", "loosened"),
        .type("length min raised", "checks:\n  - length: { min: 1 }", "checks:\n  - length: { min: 3 }", "tightened"),
        .type("length min lowered", "checks:\n  - length: { min: 3 }", "checks:\n  - length: { min: 1 }", "loosened"),
        .type(
            "length unit characters to bytes", "checks:\n  - length: { max: 5 }",
            "checks:\n  - length: { max: 5, unit: bytes }", "tightened"),
        .type(
            "length unit bytes to characters", "checks:\n  - length: { max: 5, unit: bytes }",
            "checks:\n  - length: { max: 5 }", "loosened"),
        .type("length added", "normalize: [trim]", "normalize: [trim]\nchecks:\n  - length: { max: 4 }", "tightened"),
        .type("length removed", "normalize: [trim]\nchecks:\n  - length: { max: 4 }", "normalize: [trim]", "loosened"),
        .type(
            "length window moved", "checks:\n  - length: { min: 1, max: 10 }",
            "checks:\n  - length: { min: 3, max: 12 }", "both"),
        // range
        .type(
            "range max lowered", "type: integer\nchecks:\n  - range: { max: 10 }",
            "type: integer\nchecks:\n  - range: { max: 5 }", "tightened"),
        .type(
            "range max raised", "type: integer\nchecks:\n  - range: { max: 5 }",
            "type: integer\nchecks:\n  - range: { max: 10 }", "loosened"),
        .type(
            "range min raised", "type: integer\nchecks:\n  - range: { min: 0 }",
            "type: integer\nchecks:\n  - range: { min: 1 }", "tightened"),
        .type(
            "range min lowered", "type: integer\nchecks:\n  - range: { min: 1 }",
            "type: integer\nchecks:\n  - range: { min: 0 }", "loosened"),
        .type(
            "decimal range max lowered", "type: decimal\nchecks:\n  - range: { max: 1.5 }",
            "type: decimal\nchecks:\n  - range: { max: 1.25 }", "tightened"),
        .type(
            "decimal range written otherwise", "type: decimal\nchecks:\n  - range: { max: 1.5 }",
            "type: decimal\nchecks:\n  - range: { max: 1.50 }", "none"),
        // dates
        .type(
            "notBefore moved earlier", "type: date\nchecks:\n  - notBefore: today",
            "type: date\nchecks:\n  - notBefore: today - 1 day", "loosened"),
        .type(
            "notBefore moved later", "type: date\nchecks:\n  - notBefore: today - 1 day",
            "type: date\nchecks:\n  - notBefore: today", "tightened"),
        .type(
            "notAfter fixed date earlier", "type: date\nchecks:\n  - notAfter: 2026-01-01",
            "type: date\nchecks:\n  - notAfter: 2025-12-31", "tightened"),
        .type(
            "notAfter relative years", "type: date\nchecks:\n  - notAfter: today - 13 years",
            "type: date\nchecks:\n  - notAfter: today - 18 years", "tightened"),
        .type(
            "notAfter relative to fixed, later", "type: date\nchecks:\n  - notAfter: today",
            "type: date\nchecks:\n  - notAfter: 2030-01-01", "loosened"),
        // oneOf
        .type("oneOf value added", "checks:\n  - oneOf: [a, b]", "checks:\n  - oneOf: [a, b, c]", "loosened"),
        .type("oneOf value removed", "checks:\n  - oneOf: [a, b, c]", "checks:\n  - oneOf: [a, b]", "tightened"),
        .type("oneOf value replaced", "checks:\n  - oneOf: [a, b]", "checks:\n  - oneOf: [a, c]", "both"),
        .type(
            "integer oneOf", "type: integer\nchecks:\n  - oneOf: [1, 2]",
            "type: integer\nchecks:\n  - oneOf: [1, 2, 3]",
            "loosened"),
        // normalizers
        .type(
            "trim added", "checks:\n  - pattern: '[a-z]+'", "normalize: [trim]\nchecks:\n  - pattern: '[a-z]+'",
            "loosened"),
        .type(
            "trim removed", "normalize: [trim]\nchecks:\n  - pattern: '[a-z]+'", "checks:\n  - pattern: '[a-z]+'",
            "tightened"),
        .type("lowercase added, no checks", "optional: true", "optional: true\nnormalize: [lowercase]", "normalized"),
        .type(
            "nfkc added before a pattern", "checks:\n  - pattern: '[A-Z0-9]+'",
            "normalize: [nfkc]\nchecks:\n  - pattern: '[A-Z0-9]+'", "loosened"),
        .type(
            "nfkc added before a URL check", "normalize: [trim]\nchecks:\n  - url: { schemes: [https] }",
            "normalize: [trim, nfkc]\nchecks:\n  - url: { schemes: [https] }", "loosened"),
        // optional and required
        .type(
            "optional added", "checks:\n  - length: { max: 4 }", "optional: true\nchecks:\n  - length: { max: 4 }",
            "loosened"),
        .type(
            "optional removed", "optional: true\nchecks:\n  - length: { max: 4 }", "checks:\n  - length: { max: 4 }",
            "tightened"),
        .type(
            "required added", "checks:\n  - length: { max: 4 }",
            "checks:\n  - required\n  - length: { max: 4 }", "tightened"),
        .type(
            "required code renamed", "checks:\n  - required: { code: emptyA }",
            "checks:\n  - required: { code: emptyB }",
            "codes-renamed"),
        .type(
            "length codes renamed", "checks:\n  - length: { max: 4 }",
            "checks:\n  - length: { max: 4, code: { tooLong: titleTooLong } }", "codes-renamed"),
        .type(
            "server code added", "serverCodes: [a]\nmessages:\n  a: A\n  b: B",
            "serverCodes: [a, b]\nmessages:\n  a: A\n  b: B", "codes-renamed"
        ).unwitnessed,
        // messages and order
        .type(
            "message changed", "checks:\n  - length: { max: 4, message: Too long. }",
            "checks:\n  - length: { max: 4, message: At most 4. }", "messages-only"),
        .type(
            "messages table changed", "checks:\n  - required: { code: e }\nmessages:\n  e: Enter it.",
            "checks:\n  - required: { code: e }\nmessages:\n  e: Please enter it.", "messages-only"),
        .type(
            "checks reordered", "checks:\n  - length: { max: 4 }\n  - oneOf: [a, bb]",
            "checks:\n  - oneOf: [a, bb]\n  - length: { max: 4 }", "unchanged"),
        .type(
            "description changed", "description: Old.\nchecks:\n  - length: { max: 4 }",
            "description: New.\nchecks:\n  - length: { max: 4 }", "unchanged"),
        // patterns
        .type(
            "pattern bound lowered", "checks:\n  - pattern: '[a-z]{3,10}'", "checks:\n  - pattern: '[a-z]{3,8}'",
            "tightened"),
        .type(
            "pattern class widened", "checks:\n  - pattern: '[a-z]+'", "checks:\n  - pattern: '[a-z0-9]+'", "loosened"),
        .type(
            "pattern spelled otherwise", "checks:\n  - pattern: '[0-9]+'", "checks:\n  - pattern: '\\d+'", "unchanged"),
        .type("pattern regrouped", "checks:\n  - pattern: '(ab)*a'", "checks:\n  - pattern: 'a(ba)*'", "unchanged"),
        .type(
            "pattern count spelled out", "checks:\n  - pattern: 'a{2,3}'", "checks:\n  - pattern: 'aaa?'", "unchanged"),
        .type(
            "pattern with categories, equal", "checks:\n  - pattern: '\\p{L}+'",
            "checks:\n  - pattern: '\\p{L}+\\p{L}*'", "no-witness"),
        .type(
            "pattern renamed code, same language", "checks:\n  - pattern: '[0-9]+'",
            "checks:\n  - pattern: { regex: '\\d+', code: notDigits }", "codes-renamed"),
        .type(
            "pattern part made optional", "checks:\n  - pattern: '[0-9]{3}-[0-9]{4}'",
            "checks:\n  - pattern: '[0-9]{3}-?[0-9]{4}'", "loosened"),
        .type(
            "pattern category narrowed", "checks:\n  - pattern: '\\p{L}+'", "checks:\n  - pattern: '[a-z]+'",
            "tightened"),
        .type(
            "pattern separator replaced", "checks:\n  - pattern: '[a-z]+(-[a-z]+)*'",
            "checks:\n  - pattern: '[a-z]+(_[a-z]+)*'", "both"),
        .type(
            "pattern negated class to dot", "checks:\n  - pattern: '[^@]+@[^@]+'", "checks:\n  - pattern: '.+@.+'",
            "both"),
        // formats
        .type("email added", "normalize: [trim]", "normalize: [trim]\nchecks:\n  - email", "tightened"),
        .type("uuid removed", "checks:\n  - uuid", "optional: true", "loosened"),
        .type("url any scheme", "checks:\n  - url", "checks:\n  - url: { schemes: any }", "loosened"),
        .type("url fewer schemes", "checks:\n  - url", "checks:\n  - url: { schemes: [https] }", "tightened"),
        .type("string to integer", "optional: true", "type: integer\noptional: true", "tightened"),
        .type("integer to string", "type: integer\noptional: true", "optional: true", "loosened"),
        // models
        .model(
            "field made optional", "fields:\n  a: Item\n  b: Item",
            "fields:\n  a: Item\n  b: { type: Item, optional: true }",
            "loosened", subject: "M.b"),
        .model(
            "field made required", "fields:\n  a: Item\n  b: { type: Item, optional: true }",
            "fields:\n  a: Item\n  b: Item",
            "tightened", subject: "M.b"),
        .model("field added", "fields:\n  a: Item", "fields:\n  a: Item\n  b: Item", "tightened", subject: "M.b"),
        .model("field removed", "fields:\n  a: Item\n  b: Item", "fields:\n  a: Item", "loosened", subject: "M.b"),
        .model(
            "field type changed", "fields:\n  a: Item\n  c: Code", "fields:\n  a: Item\n  c: Item", "tightened",
            subject: "M.c"),
        .model(
            "list maxItems lowered", "fields:\n  tags: { list: Item, maxItems: 5 }",
            "fields:\n  tags: { list: Item, maxItems: 3 }", "tightened", subject: "M.tags"),
        .model(
            "list maxItems raised", "fields:\n  tags: { list: Item, maxItems: 3 }",
            "fields:\n  tags: { list: Item, maxItems: 5 }", "loosened", subject: "M.tags"),
        .model(
            "list minItems added", "fields:\n  tags: { list: Item }", "fields:\n  tags: { list: Item, minItems: 1 }",
            "tightened", subject: "M.tags"),
        .model(
            "list unique added", "fields:\n  tags: { list: Item }", "fields:\n  tags: { list: Item, unique: true }",
            "tightened", subject: "M.tags"),
        .model(
            "list unique removed", "fields:\n  tags: { list: Item, unique: true }", "fields:\n  tags: { list: Item }",
            "loosened", subject: "M.tags"),
        .model(
            "equal added", "fields:\n  a: Item\n  b: Item",
            "fields:\n  a: Item\n  b: Item\nchecks:\n  - equal: [a, b]", "tightened"),
        .model(
            "equal removed", "fields:\n  a: Item\n  b: Item\nchecks:\n  - equal: [a, b]",
            "fields:\n  a: Item\n  b: Item", "loosened"),
        .model(
            "notEqual added", "fields:\n  a: Item\n  b: Item",
            "fields:\n  a: Item\n  b: Item\nchecks:\n  - notEqual: [a, b]", "tightened"),
        .model(
            "ascending made strict", "fields:\n  from: Day\n  to: Day\nchecks:\n  - ascending: [from, to]",
            "fields:\n  from: Day\n  to: Day\nchecks:\n  - ascending: { fields: [from, to], strict: true }", "tightened"
        ),
        .model(
            "ascending added", "fields:\n  from: Day\n  to: Day",
            "fields:\n  from: Day\n  to: Day\nchecks:\n  - ascending: [from, to]", "tightened"),
        .model(
            "requiredIf added", "fields:\n  call: Flag\n  phone: Code",
            "fields:\n  call: Flag\n  phone: Code\nchecks:\n  - requiredIf: { field: phone, when: call }", "tightened"),
        .model(
            "requiredIf removed",
            "fields:\n  call: Flag\n  phone: Code\nchecks:\n  - requiredIf: { field: phone, when: call }",
            "fields:\n  call: Flag\n  phone: Code", "loosened"),
        .model(
            "model check code renamed", "fields:\n  a: Item\n  b: Item\nchecks:\n  - equal: [a, b]",
            "fields:\n  a: Item\n  b: Item\nchecks:\n  - equal: { fields: [a, b], code: differ }", "codes-renamed"),
        .model(
            "model server code removed", "fields:\n  a: Item\nserverCodes: [locked]\nmessages:\n  locked: Locked.",
            "fields:\n  a: Item\nmessages:\n  locked: Locked.", "codes-renamed"
        ).unwitnessed,
        .model(
            "model fields reordered", "fields:\n  a: Item\n  b: Code", "fields:\n  b: Code\n  a: Item", "unchanged"),
        // models, round three: each class by its effect, witnesses valid records on one side
        .model(
            "optional field added", "fields:\n  a: Item", "fields:\n  a: Item\n  b: Code", "tightened",
            subject: "M.b"),
        .model(
            "appended field leaves the model's own order", "fields:\n  a: Item", "fields:\n  a: Item\n  b: Code", "none"
        ),
        .model(
            "optional field removed", "fields:\n  a: Item\n  b: Code", "fields:\n  a: Item", "loosened",
            subject: "M.b"),
        .model(
            "optional type's field made required", "fields:\n  a: Item\n  b: Code",
            "fields:\n  a: Item\n  b: { type: Code, optional: false }", "tightened", subject: "M.b"),
        .model(
            "field optional and retyped", "fields:\n  a: Item\n  b: Item",
            "fields:\n  a: Item\n  b: { type: Code, optional: true }", "loosened", subject: "M.b"),
        .model(
            "field renamed: the new name", "fields:\n  a: Item\n  b: Item", "fields:\n  a: Item\n  c: Item",
            "tightened", subject: "M.c"),
        .model(
            "field renamed: the old name", "fields:\n  a: Item\n  b: Item", "fields:\n  a: Item\n  c: Item",
            "loosened", subject: "M.b"),
        .model(
            "date field to text", "fields:\n  a: Item\n  d: Day", "fields:\n  a: Item\n  d: Code", "both",
            subject: "M.d"),
        .model(
            "field to a list", "fields:\n  a: Item\n  b: Item", "fields:\n  a: Item\n  b: { list: Item }", "both",
            subject: "M.b"),
        .model(
            "list to a field", "fields:\n  a: Item\n  b: { list: Item }", "fields:\n  a: Item\n  b: Item", "both",
            subject: "M.b"),
        .model(
            "list made optional", "fields:\n  tags: { list: Item }", "fields:\n  tags: { list: Item, optional: true }",
            "loosened", subject: "M.tags"),
        .model(
            "list made required", "fields:\n  tags: { list: Item, optional: true }", "fields:\n  tags: { list: Item }",
            "tightened", subject: "M.tags"),
        .model(
            "list minItems raised", "fields:\n  tags: { list: Item, minItems: 1 }",
            "fields:\n  tags: { list: Item, minItems: 2 }", "tightened", subject: "M.tags"),
        .model(
            "list minItems removed", "fields:\n  tags: { list: Item, minItems: 2 }", "fields:\n  tags: { list: Item }",
            "loosened", subject: "M.tags"),
        .model(
            "list maxItems added", "fields:\n  tags: { list: Item }", "fields:\n  tags: { list: Item, maxItems: 2 }",
            "tightened", subject: "M.tags"),
        .model(
            "list maxItems removed", "fields:\n  tags: { list: Item, maxItems: 2 }", "fields:\n  tags: { list: Item }",
            "loosened", subject: "M.tags"),
        .model(
            "list window moved", "fields:\n  tags: { list: Item, minItems: 1, maxItems: 2 }",
            "fields:\n  tags: { list: Item, minItems: 2, maxItems: 3 }", "both", subject: "M.tags"),
        .model(
            "list unique added with bounds", "fields:\n  tags: { list: Item, maxItems: 3 }",
            "fields:\n  tags: { list: Item, maxItems: 3, unique: true }", "tightened", subject: "M.tags"),
        .model(
            "list item type loosened", "fields:\n  tags: { list: Item }",
            "fields:\n  tags: { list: Other }", "loosened", subject: "M.tags"),
        .model(
            "notEqual removed", "fields:\n  a: Item\n  b: Item\nchecks:\n  - notEqual: [a, b]",
            "fields:\n  a: Item\n  b: Item", "loosened"),
        .model(
            "notEqual to equal", "fields:\n  a: Item\n  b: Item\nchecks:\n  - notEqual: [a, b]",
            "fields:\n  a: Item\n  b: Item\nchecks:\n  - equal: [a, b]", "both"),
        .model(
            "equal over a third field", "fields:\n  a: Item\n  b: Item\n  c: Item\nchecks:\n  - equal: [a, b]",
            "fields:\n  a: Item\n  b: Item\n  c: Item\nchecks:\n  - equal: [a, b, c]", "tightened"),
        .model(
            "equal widened and code renamed",
            "fields:\n  a: Item\n  b: Item\n  c: Item\nchecks:\n  - equal: [a, b]",
            "fields:\n  a: Item\n  b: Item\n  c: Item\nchecks:\n  - equal: { fields: [a, b, c], code: differ }",
            "tightened"
        ).also("codes-renamed"),
        .model(
            "ascending removed", "fields:\n  from: Day\n  to: Day\nchecks:\n  - ascending: [from, to]",
            "fields:\n  from: Day\n  to: Day", "loosened"),
        .model(
            "ascending made lenient",
            "fields:\n  from: Day\n  to: Day\nchecks:\n  - ascending: { fields: [from, to], strict: true }",
            "fields:\n  from: Day\n  to: Day\nchecks:\n  - ascending: [from, to]", "loosened"),
        .model(
            "ascending over a middle field",
            "fields:\n  from: Day\n  mid: Day\n  to: Day\nchecks:\n  - ascending: [from, to]",
            "fields:\n  from: Day\n  mid: Day\n  to: Day\nchecks:\n  - ascending: [from, mid, to]", "both"),
        .model(
            "requiredIf condition changed",
            "fields:\n  kind: Code\n  phone: Code\nchecks:\n  - requiredIf: { field: phone, when: kind, equals: a }",
            "fields:\n  kind: Code\n  phone: Code\nchecks:\n  - requiredIf: { field: phone, when: kind, equals: b }",
            "both"),
        .model(
            "requiredIf made conditional on a value",
            "fields:\n  kind: Code\n  phone: Code\nchecks:\n  - requiredIf: { field: phone, when: kind }",
            "fields:\n  kind: Code\n  phone: Code\nchecks:\n  - requiredIf: { field: phone, when: kind, equals: a }",
            "loosened"),
        .model(
            "requiredIf code renamed and condition narrowed",
            "fields:\n  kind: Code\n  phone: Code\nchecks:\n  - requiredIf: { field: phone, when: kind }",
            "fields:\n  kind: Code\n  phone: Code\nchecks:\n  - requiredIf: { field: phone, when: kind, equals: a, code: noPhone }",
            "loosened"
        ).also("codes-renamed"),
        .models(
            "nested model made required",
            "  Address:\n    fields: { street: Item, zip: Code }\n  M:\n    fields: { a: Item, shipTo: { type: Address, optional: true } }",
            "  Address:\n    fields: { street: Item, zip: Code }\n  M:\n    fields: { a: Item, shipTo: Address }",
            "tightened", subject: "M.shipTo"),
        .models(
            "nested model made optional",
            "  Address:\n    fields: { street: Item, zip: Code }\n  M:\n    fields: { a: Item, shipTo: Address }",
            "  Address:\n    fields: { street: Item, zip: Code }\n  M:\n    fields: { a: Item, shipTo: { type: Address, optional: true } }",
            "loosened", subject: "M.shipTo"),
        .models(
            "nested model added as an optional field",
            "  Address:\n    fields: { street: Item, zip: Code }\n  M:\n    fields: { a: Item }",
            "  Address:\n    fields: { street: Item, zip: Code }\n  M:\n    fields: { a: Item, shipTo: { type: Address, optional: true } }",
            "tightened", subject: "M.shipTo"),
        // NB: the issue's case: a check across fields made main's base record invalid on both
        // sides, so that an optional nested field added was "codes renamed" and its model "reordered".
        .models(
            "nested optional field added beside notEqual",
            "  Address:\n    fields: { street: Item, zip: Code }\n  M:\n    checks: [{ notEqual: [a, b] }]\n"
                + "    fields: { a: Item, b: Item }",
            "  Address:\n    fields: { street: Item, zip: Code }\n  M:\n    checks: [{ notEqual: [a, b] }]\n"
                + "    fields: { a: Item, b: Item, billTo: { type: Address, optional: true } }",
            "tightened", subject: "M.billTo"),
        .models(
            "nested field made required beside notEqual",
            "  Address:\n    fields: { street: Item, zip: Code }\n  M:\n    checks: [{ notEqual: [a, b] }]\n"
                + "    fields: { a: Item, b: Item, billTo: { type: Address, optional: true } }",
            "  Address:\n    fields: { street: Item, zip: Code }\n  M:\n    checks: [{ notEqual: [a, b] }]\n"
                + "    fields: { a: Item, b: Item, billTo: Address }",
            "tightened", subject: "M.billTo"),
        .models(
            "nested field appended beside notEqual leaves the model",
            "  Address:\n    fields: { street: Item, zip: Code }\n  M:\n    checks: [{ notEqual: [a, b] }]\n"
                + "    fields: { a: Item, b: Item }",
            "  Address:\n    fields: { street: Item, zip: Code }\n  M:\n    checks: [{ notEqual: [a, b] }]\n"
                + "    fields: { a: Item, b: Item, billTo: { type: Address, optional: true } }",
            "none"),
        .models(
            "nested model's field made required",
            "  Address:\n    fields: { street: Item, zip: Code }\n  M:\n    fields: { a: Item, shipTo: Address }",
            "  Address:\n    fields: { street: Item, zip: { type: Code, optional: false } }\n  M:\n    fields: { a: Item, shipTo: Address }",
            "tightened", subject: "Address.zip"),
        .models(
            "nested model's field added",
            "  Address:\n    fields: { street: Item }\n  M:\n    fields: { a: Item, shipTo: Address }",
            "  Address:\n    fields: { street: Item, city: Item }\n  M:\n    fields: { a: Item, shipTo: Address }",
            "tightened", subject: "Address.city"),
        .models(
            "field from a type to a nested model",
            "  Address:\n    fields: { street: Item }\n  M:\n    fields: { a: Item, shipTo: Item }",
            "  Address:\n    fields: { street: Item }\n  M:\n    fields: { a: Item, shipTo: Address }",
            "both", subject: "M.shipTo"),
        .models(
            "nested model's check added",
            "  Address:\n    fields: { street: Item, city: Item }\n  M:\n    fields: { a: Item, shipTo: Address }",
            "  Address:\n    fields: { street: Item, city: Item }\n    checks: [{ notEqual: [street, city] }]\n  M:\n    fields: { a: Item, shipTo: Address }",
            "tightened", subject: "Address"),
        .type(
            "length bound lowered and code renamed", "checks:\n  - length: { max: 4 }",
            "checks:\n  - length: { max: 3, code: { tooLong: titleTooLong } }", "tightened"
        ).also("codes-renamed"),
        Edit(
            name: "type added", old: Edit.typeFile("optional: true"),
            new: Edit.typeFile("optional: true") + "  Extra:\n    optional: true\n", subject: "Extra",
            expected: "added"),
        Edit(
            name: "type removed", old: Edit.typeFile("optional: true") + "  Extra:\n    optional: true\n",
            new: Edit.typeFile("optional: true"), subject: "Extra", expected: "removed"),
    ]

    static let failing: Set<String> = ["tightened", "both", "removed", "codes-renamed"]
    static let flipping: Set<String> = ["tightened", "loosened", "both", "normalized", "codes-renamed"]

    @Test(arguments: edits)
    func classifiesEachEdit(_ edit: Edit) throws {
        let folder = try TemporaryFolder()
        try folder.write(edit.old, to: "old/rules.yaml")
        try folder.write(edit.new, to: "new/rules.yaml")
        let run = try Rulecheck.run(
            ["diff", "old", "new", "--format", "json", "--today", "2026-11-22"], in: folder.url)
        try #require(run.status != 2, "\(run.stderr)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
        let changes = try #require(report["changes"] as? [[String: Any]])
        let change = changes.first { $0["name"] as? String == edit.subject }
        // NB: the run fails when any change, of this subject or another, has a class of --fail-on.
        let fails = changes.contains { ($0["classes"] as? [String] ?? []).contains(where: Self.failing.contains) }
        #expect(run.status == (fails ? 1 : 0), "\(run.stdout)")
        if edit.expected == "none" {
            #expect(change == nil, "\(run.stdout)")
            return
        }
        let found = try #require(change, "no change of \(edit.subject): \(run.stdout)")
        #expect(found["class"] as? String == edit.expected, "\(run.stdout)")
        #expect(found["classes"] as? [String] == [edit.expected] + edit.also, "\(run.stdout)")
        let witnesses = found["witnesses"] as? [[String: Any]] ?? []
        if Self.flipping.contains(edit.expected) && edit.witnessed {
            #expect(!witnesses.isEmpty, "no witness: \(run.stdout)")
            for witness in witnesses { #expect(witness["old"] as? String != witness["new"] as? String) }
        } else {
            #expect(witnesses.isEmpty, "\(run.stdout)")
        }
        if edit.expected == "tightened" || edit.expected == "both" {
            #expect(witnesses.contains { $0["kind"] as? String == "tightened" })
        }
        if edit.expected == "loosened" || edit.expected == "both" {
            #expect(witnesses.contains { $0["kind"] as? String == "loosened" })
        }
        #expect(fails || !([edit.expected] + edit.also).contains(where: Self.failing.contains))
        // NB: each class of the change fails the run that names it.
        for also in edit.also {
            let gated = try Rulecheck.run(
                ["diff", "old", "new", "--fail-on", also, "--today", "2026-11-22"], in: folder.url)
            #expect(gated.status == 1, "--fail-on \(also): \(gated.stdout)")
        }
    }

    /// The spec file `--write-specs` writes for every row that has witnesses runs: each case
    /// passes against NEW and fails against OLD.
    @Test(arguments: edits.filter { flipping.contains($0.expected) && $0.witnessed })
    func writtenWitnessesPassOnNewAndFailOnOld(_ edit: Edit) throws {
        let folder = try TemporaryFolder()
        try folder.write(edit.old, to: "old/rules.yaml")
        try folder.write(edit.new, to: "new/rules.yaml")
        let diff = try Rulecheck.run(
            ["diff", "old", "new", "--today", "2026-11-22", "--write-specs", "specs/diff.yaml"], in: folder.url)
        try #require(diff.status != 2, "\(diff.stderr)")
        let written = try folder.read("specs/diff.yaml")
        let cases = written.split(separator: "\n").count { $0.hasPrefix("    - { name: ") }
        guard cases > 0 else {
            // NB: a removed field's witness names a field NEW does not declare, which no spec case may.
            #expect(written.contains("  # not written, M names a field NEW does not declare: "), "\(written)")
            return
        }
        let keys = written.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
        for line in keys where !line.hasPrefix("  #") {
            #expect(!line.dropLast().contains("."), "a case key that is no type or model: \(line)")
        }
        let onNew = try Rulecheck.run(["specs/diff.yaml"], in: folder.url)
        #expect(onNew.status == 0, "\(written)\n\(onNew.stdout)\(onNew.stderr)")
        #expect(onNew.stdout.contains("\(cases) passed, 0 failed"), "\(written)\n\(onNew.stdout)")
        try folder.write(
            written.replacingOccurrences(of: "rules: \"../new\"", with: "rules: \"../old\""), to: "specs/old.yaml")
        // NB: against OLD each case fails, or is refused for naming a field OLD does not declare.
        let onOld = try Rulecheck.run(["specs/old.yaml"], in: folder.url)
        #expect(onOld.status != 0, "\(written)\n\(onOld.stdout)\(onOld.stderr)")
        #expect(onOld.stdout.split(separator: "\n").last?.hasPrefix("0 passed, ") == true, "\(onOld.stdout)")
        let refusals = onOld.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(refusals.allSatisfy { $0.contains("has no field") }, "\(onOld.stderr)")
    }

    @Test func humanReportNamesLinesAndWitnesses() throws {
        let folder = try TemporaryFolder()
        try folder.write(Edit.typeFile("checks:\n  - length: { max: 20 }"), to: "old/rules.yaml")
        try folder.write(Edit.typeFile("checks:\n  - length: { max: 16 }"), to: "new/rules.yaml")
        let run = try Rulecheck.run(["diff", "old", "new", "--today", "2026-11-22"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stdout.contains("type T: tightened"))
        #expect(run.stdout.contains("at OLD old/rules.yaml:3, NEW new/rules.yaml:3"))
        #expect(run.stdout.contains("- length: max 20 → max 16 (OLD old/rules.yaml:5, NEW new/rules.yaml:5)"))
        #expect(
            run.stdout.contains("tightened: \"aaaaaaaaaaaaaaaaa\": OLD valid → \"aaaaaaaaaaaaaaaaa\", NEW [tooLong]"))
    }

    @Test func aRelativeBoundAgainstAFixedOneDependsOnToday() throws {
        let folder = try TemporaryFolder()
        try folder.write(Edit.typeFile("type: date\nchecks:\n  - notAfter: today"), to: "old/rules.yaml")
        try folder.write(Edit.typeFile("type: date\nchecks:\n  - notAfter: 2030-01-01"), to: "new/rules.yaml")
        for (today, verdict, status) in [("2026-11-22", "loosened", Int32(0)), ("2031-01-01", "tightened", 1)] {
            let run = try Rulecheck.run(["diff", "old", "new", "--today", today], in: folder.url)
            #expect(run.status == status)
            #expect(run.stdout.contains("type T: \(verdict)"), "\(run.stdout)")
            #expect(run.stdout.contains("- date bounds relative to today: the verdict is for today \(today)"))
        }
    }

    @Test func noWitnessIsSaidAndIsNoProof() throws {
        let folder = try TemporaryFolder()
        try folder.write(Edit.typeFile("checks:\n  - pattern: '\\p{L}+'"), to: "old/rules.yaml")
        try folder.write(Edit.typeFile("checks:\n  - pattern: '\\p{L}+\\p{L}*'"), to: "new/rules.yaml")
        let run = try Rulecheck.run(["diff", "old", "new"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.stdout.contains("no witness found in "))
        #expect(run.stdout.contains("not a proof"))
        // NB: without general categories, the automata decide.
        try folder.write(Edit.typeFile("checks:\n  - pattern: '[0-9]+'"), to: "old/rules.yaml")
        try folder.write(Edit.typeFile("checks:\n  - pattern: '\\d+'"), to: "new/rules.yaml")
        let proved = try Rulecheck.run(["diff", "old", "new"], in: folder.url)
        #expect(proved.status == 0)
        #expect(proved.stdout.contains("type T: unchanged in meaning"))
        #expect(
            proved.stdout.contains("- pattern: '[0-9]+' and '\\d+' match the same strings (their automata compared)"),
            "\(proved.stdout)")
    }

    @Test func failOnChoosesTheClassesThatFail() throws {
        let folder = try TemporaryFolder()
        try folder.write(Edit.typeFile("checks:\n  - length: { max: 16 }"), to: "old/rules.yaml")
        try folder.write(Edit.typeFile("checks:\n  - length: { max: 20 }"), to: "new/rules.yaml")
        #expect(try Rulecheck.run(["diff", "old", "new"], in: folder.url).status == 0)
        #expect(try Rulecheck.run(["diff", "old", "new", "--fail-on", "loosened"], in: folder.url).status == 1)
        #expect(try Rulecheck.run(["diff", "old", "new", "--fail-on", "none"], in: folder.url).status == 0)
        #expect(try Rulecheck.run(["diff", "new", "old", "--fail-on", "none"], in: folder.url).status == 0)
        let bad = try Rulecheck.run(["diff", "old", "new", "--fail-on", "stricter"], in: folder.url)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("no class 'stricter'"))
    }

    @Test func sameRulesReportNothing() throws {
        let folder = try TemporaryFolder()
        try folder.write(Edit.modelFile("fields:\n  a: Item"), to: "old/rules.yaml")
        try folder.write(Edit.modelFile("fields:\n  a: Item"), to: "new/rules.yaml")
        let run = try Rulecheck.run(["diff", "old", "new"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.stdout.contains("No type or model changed."))
    }

    @Test func specCasesThatFlipAreListedUnderTheirChange() throws {
        let folder = try TemporaryFolder()
        try folder.write(Edit.typeFile("checks:\n  - length: { max: 20 }"), to: "old/rules.yaml")
        try folder.write(Edit.typeFile("checks:\n  - length: { max: 16 }"), to: "new/rules.yaml")
        try folder.write(
            """
            rulecheck: 1
            cases:
              T:
                - { in: "abc", out: "abc" }
                - { name: eighteen, in: "aaaaaaaaaaaaaaaaaa", out: "aaaaaaaaaaaaaaaaaa" }

            """, to: "specs/t.yaml")
        let run = try Rulecheck.run(["diff", "old", "new", "--specs", "specs"], in: folder.url)
        #expect(run.status == 1)
        #expect(
            run.stdout.contains(
                "  spec case specs/t.yaml:5 (eighteen): T: OLD valid → \"aaaaaaaaaaaaaaaaaa\", NEW [tooLong]"),
            "\(run.stdout)")
        #expect(!run.stdout.contains("specs/t.yaml:4"))
        #expect(run.stdout.contains("1 spec case of 1 spec file flip."))
        let json = try Rulecheck.run(["diff", "old", "new", "--specs", "specs", "--format", "json"], in: folder.url)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let change = try #require((report["changes"] as? [[String: Any]])?.first)
        #expect((change["specCases"] as? [[String: Any]])?.first?["at"] as? String == "specs/t.yaml:5")
        try folder.write("rulecheck: 1\ncases: [\n", to: "bad/t.yaml")
        let bad = try Rulecheck.run(["diff", "old", "new", "--specs", "bad"], in: folder.url)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("bad/t.yaml:"), "\(bad.stderr)")
        #expect(bad.stderr.contains("the spec files of --specs cannot be read"))
    }

    @Test func markdownAndWrittenSpecsForNew() throws {
        let folder = try TemporaryFolder()
        try folder.write(Edit.modelFile("fields:\n  a: Item\n  b: Item"), to: "old/rules.yaml")
        try folder.write(
            Edit.modelFile("fields:\n  a: Item\n  b: Item\nchecks:\n  - equal: [a, b]"), to: "new/rules.yaml")
        let run = try Rulecheck.run(
            ["diff", "old", "new", "--format", "markdown", "--write-specs", "specs/diff.yaml"], in: folder.url)
        #expect(run.status == 1)
        #expect(
            run.stdout.contains("| model `M` | **tightened** | old/rules.yaml:20 | new/rules.yaml:20 |"),
            "\(run.stdout)")
        #expect(run.stdout.contains("NEW `[b: mismatch]`"))
        let specs = try folder.read("specs/diff.yaml")
        #expect(specs.hasPrefix("rulecheck: 1.1\nrules: \"../new\"\ntoday: "), "\(specs)")
        #expect(specs.contains("errors: {\"b\": [mismatch]}"))
        // NB: the written cases pass against NEW, and fail against OLD.
        let replay = try Rulecheck.run(["specs/diff.yaml"], in: folder.url)
        #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
        #expect(replay.stdout.contains("3 passed, 0 failed"))
    }

    @Test func sarifHasAResultPerChangeAtItsLine() throws {
        let folder = try TemporaryFolder()
        try folder.write(Edit.typeFile("checks:\n  - length: { max: 20 }"), to: "old/rules.yaml")
        try folder.write(
            Edit.typeFile("checks:\n  - length: { max: 16 }") + "  Extra:\n    optional: true\n", to: "new/rules.yaml")
        let run = try Rulecheck.run(["diff", "old", "new", "--format", "sarif"], in: folder.url)
        #expect(run.status == 1)
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(sarif["version"] as? String == "2.1.0")
        let results = try #require((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == ["rulecheck/diff/tightened", "rulecheck/diff/added"])
        #expect(results.map { $0["level"] as? String } == ["error", "note"])
        let location = (results.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        #expect((location?["artifactLocation"] as? [String: Any])?["uri"] as? String == "new/rules.yaml")
        #expect((location?["region"] as? [String: Any])?["startLine"] as? Int == 3)
    }

    // MARK: git

    static func git(_ arguments: [String], in folder: TemporaryFolder) throws {
        let run = try Subprocess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"]
                + arguments, in: folder.url)
        try #require(run.status == 0, "git \(arguments): \(run.stderr)")
    }

    static func repository() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try git(["init", "-q"], in: folder)
        try folder.write(Edit.typeFile("checks:\n  - length: { max: 20 }"), to: "rules/a.yaml")
        try git(["add", "."], in: folder)
        try git(["commit", "-q", "-m", "first"], in: folder)
        try folder.write(Edit.typeFile("checks:\n  - length: { max: 16 }"), to: "rules/a.yaml")
        try git(["commit", "-q", "-am", "second"], in: folder)
        // NB: the work tree differs from both commits, so that only git show can give them.
        try folder.write(Edit.typeFile("checks:\n  - length: { max: 99 }"), to: "rules/a.yaml")
        return folder
    }

    @Test func gitRevisionsAreReadWithoutACheckout() throws {
        let folder = try Self.repository()
        let run = try Rulecheck.run(["diff", "git:HEAD~1", "git:HEAD:rules", "--today", "2026-11-22"], in: folder.url)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("type T: tightened"))
        #expect(run.stdout.contains("at OLD git:HEAD~1:rules/a.yaml:3, NEW git:HEAD:rules/a.yaml:3"))
        let work = try Rulecheck.run(["diff", "git:HEAD", "rules", "--today", "2026-11-22"], in: folder.url)
        #expect(work.status == 0)
        #expect(work.stdout.contains("type T: loosened"))
        #expect(try folder.read("rules/a.yaml").contains("max: 99"))
    }

    @Test func badGitRevisionOrPathIsAClearError() throws {
        let folder = try Self.repository()
        let revision = try Rulecheck.run(["diff", "git:nosuchbranch", "rules"], in: folder.url)
        #expect(revision.status == 2)
        #expect(revision.stderr.contains("OLD 'git:nosuchbranch': no revision 'nosuchbranch'"), "\(revision.stderr)")
        let path = try Rulecheck.run(["diff", "git:HEAD~1:missing", "rules"], in: folder.url)
        #expect(path.status == 2)
        #expect(
            path.stderr.contains("no rule files (*.yaml, *.yml) at 'missing' in revision 'HEAD~1'"), "\(path.stderr)")
        let empty = try Rulecheck.run(["diff", "rules", "git:"], in: folder.url)
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("NEW 'git:': no revision given"), "\(empty.stderr)")
        let outside = try TemporaryFolder()
        try outside.write(Edit.typeFile("optional: true"), to: "rules/a.yaml")
        let none = try Rulecheck.run(["diff", "git:HEAD", "rules"], in: outside.url)
        #expect(none.status == 2)
        #expect(none.stderr.contains("OLD 'git:HEAD': the folder '"), "\(none.stderr)")
        #expect(none.stderr.contains("' is in no git repository"))
    }

    @Test func aSideThatDoesNotLoadIsNamed() throws {
        let folder = try TemporaryFolder()
        try folder.write(Edit.typeFile("checks:\n  - length: { max: 16 }"), to: "old/rules.yaml")
        try folder.write("rulecheck: 1\ntypes:\n  T:\n    checks:\n      - length: { max: x }\n", to: "new/rules.yaml")
        let run = try Rulecheck.run(["diff", "old", "new"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains("new/rules.yaml:5:"), "\(run.stderr)")
        #expect(run.stderr.contains("NEW 'new' does not load"))
        let missing = try Rulecheck.run(["diff", "nothing", "new"], in: folder.url)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("OLD 'nothing' does not load"))
        #expect(missing.stderr.contains("no such file or folder 'nothing'"))
    }

    @Test func formatVersionsCompareByMeaning() throws {
        let folder = try TemporaryFolder()
        try folder.write("rulecheck: 1\ntypes:\n  T:\n    checks:\n      - length: { max: 4 }\n", to: "old/rules.yaml")
        try folder.write(
            "rulecheck: 1.1\ntypes:\n  T:\n    checks:\n      - length: { max: 4 }\n", to: "new/rules.yaml")
        let run = try Rulecheck.run(["diff", "old", "new"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.stdout.contains("No type or model changed."))
    }
}
