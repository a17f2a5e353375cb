import Foundation
import RuleCore
import RuleTestSupport
import RuleYAML
import Testing

@testable import RuleSpec

/// Every input a fuzz target under `Fuzz/` found a problem with, and a few seed inputs per target,
/// run as that target runs it.
///
/// A finding is one file in `Fixtures/<target without "Fuzz">/`, named after what it found, beside
/// hostile seeds (deep nesting, an alias bomb, invalid UTF-8, a huge scalar, each cut small) and valid
/// ones; `Fuzz/run.sh` seeds each target with its folder. Each test repeats the target's own checks,
/// so a fixed bug stays fixed, and `Fixture.all` traps on an empty folder, so none runs zero cases.
@Suite struct FuzzRegressionTests {
    static func bytes(_ fixture: Fixture) throws -> [UInt8] { try [UInt8](Data(contentsOf: fixture.url)) }

    @Test(arguments: Fixture.all(in: "Fixtures/YAMLReader", ext: "input"))
    func yamlReader(_ fixture: Fixture) throws {
        _ = YAMLReader(file: "fuzz.yaml").read(try Self.bytes(fixture))
    }

    @Test(arguments: Fixture.all(in: "Fixtures/RuleFile", ext: "input"))
    func ruleFile(_ fixture: Fixture) throws {
        _ = RuleFileLoader().load(bytes: try Self.bytes(fixture), file: "fuzz.yaml")
    }

    @Test(arguments: Fixture.all(in: "Fixtures/SpecFile", ext: "input"))
    func specFile(_ fixture: Fixture) throws {
        let bytes = try Self.bytes(fixture)
        do throws(Diagnostic) {
            // NB: inside the `do`, as in FuzzSpecFile: the reader refuses a file that is not UTF-8 when made.
            let reader = try SpecFileReader(file: "fuzz.yaml", bytes: bytes)
            _ = try reader.readHeader()
            while try reader.nextCase() != nil {}
        } catch {
            // A diagnostic that ends the file is the right answer to bad input.
        }
    }

    static let rules = RuleFileLoader().load([
        URL(fileURLWithPath: #filePath).appendingPathComponent("../../../rules").standardizedFileURL.path
    ]).ruleSet!

    @Test(arguments: Fixture.all(in: "Fixtures/Validators", ext: "input"))
    func validators(_ fixture: Fixture) throws {
        let text = String(decoding: try Self.bytes(fixture), as: UTF8.self)
        let context = ValidationContext(today: LocalDate(year: 2026, month: 11, day: 22)!)
        var trimmedValues = 0
        for type in Self.rules.types {
            let result = Self.rules.validator(named: type.name)!.validate(.text(text), context: context)
            guard case .valid(.string(let value)?) = result,
                [.trim, .collapseWhitespace].contains(type.normalizers.last)
            else { continue }
            trimmedValues += 1
            let ends = [value.unicodeScalars.first, value.unicodeScalars.last].compactMap { $0 }
            #expect(
                !ends.contains { $0.properties.isWhitespace },
                "\(type.name) kept white space: \(value.debugDescription)")
        }
        // NB: `TaskNote` trims and accepts any text; without such a type the check above never runs.
        #expect(trimmedValues > 0, "no type of rules/ trims last and accepted the text, so trim went unchecked")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Input.text(String($0)) }
        for model in Self.rules.models {
            _ = Self.rules.validator(named: model.name)!.validate(Self.record(of: model, from: lines), context: context)
        }
        if let json = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) {
            for name in Self.rules.names {
                _ = Self.rules.validator(named: name)!.validate(Self.input(json), context: context)
            }
        }
    }

    /// A JSON value as an ``Input``, as FuzzValidators reads it.
    static func input(_ json: Any) -> Input {
        switch json {
        case let text as String: .text(text)
        case let fields as [String: Any]: .record(fields.mapValues(input))
        case let number as NSNumber: .text(number.stringValue)
        default: .absent
        }
    }

    /// The model's fields filled from `lines` in order, as FuzzValidators fills them.
    static func record(of model: ModelRule, from lines: [Input]) -> Input {
        var fields: [String: Input] = [:]
        for (index, field) in model.fields.enumerated() {
            if let inner = rules.models.first(where: { $0.name == field.typeName }), inner.name != model.name {
                fields[field.name] = record(of: inner, from: lines)
            } else if index < lines.count {
                fields[field.name] = lines[index]
            }
        }
        return .record(fields)
    }

    @Test(arguments: Fixture.all(in: "Fixtures/Pattern", ext: "input"))
    func pattern(_ fixture: Fixture) throws {
        let text = String(decoding: try Self.bytes(fixture), as: UTF8.self)
        let source = String(text.prefix { $0 != "\n" })
        let value = String(text.dropFirst(source.count + 1))
        do throws(PatternSyntaxError) {
            let pattern = try Pattern(source)
            _ = pattern.matches(value)
            _ = pattern.matches(source)
        } catch {
            #expect(error.offset >= 0 && error.offset + error.length <= source.unicodeScalars.count, "\(error)")
        }
    }
}
