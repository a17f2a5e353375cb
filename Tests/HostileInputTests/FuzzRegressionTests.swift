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
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            ValidationInput.text(String($0))
        }
        for model in Self.rules.models {
            _ = Self.rules.validator(named: model.name)!.validate(Self.record(of: model, from: lines), context: context)
        }
        if let json = try? JSONReader().read(try Self.bytes(fixture)) {
            for name in Self.rules.names { _ = Self.rules.validator(named: name)!.validate(json, context: context) }
        }
    }

    /// The model's fields filled from `lines` in order, as FuzzValidators fills them.
    static func record(of model: ModelRule, from lines: [ValidationInput]) -> ValidationInput {
        var fields: [String: ValidationInput] = [:]
        for (index, field) in model.fields.enumerated() {
            if let inner = rules.models.first(where: { $0.name == field.typeName }), inner.name != model.name {
                fields[field.name] = record(of: inner, from: lines)
            } else if index < lines.count {
                fields[field.name] = lines[index]
            }
        }
        return .record(fields)
    }

    @Test(arguments: Fixture.all(in: "Fixtures/JSONReader", ext: "input"))
    func jsonReader(_ fixture: Fixture) throws {
        let bytes = try Self.bytes(fixture)
        let reader = JSONReader()
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        do {
            let input = try reader.read(bytes)
            #expect(try reader.read(input.jsonText) == input)
            #expect(try reader.read(input.jsonText).jsonText == input.jsonText)
            #expect(try reader.read(bytes + Array(" \n\t\r".utf8)) == input)
            let value = bytes.starts(with: bom) ? Array(bytes.dropFirst(3)) : bytes
            #expect(try reader.read(bom + value) == input)
            let fits = JSONReader.Limits.default.maxDepth - Self.depth(of: input)
            let wrapped =
                [UInt8](repeating: UInt8(ascii: "["), count: fits) + value
                + [UInt8](repeating: UInt8(ascii: "]"), count: fits)
            #expect(try reader.read(wrapped) == (0..<fits).reduce(input) { inner, _ in .list([inner]) })
            #expect(throws: JSONReadError.self) { try reader.read([UInt8(ascii: "[")] + wrapped + [UInt8(ascii: "]")]) }
        } catch {
            #expect(error.offset >= 0 && error.offset <= bytes.count, "\(error)")
            #expect(String(validating: bytes[..<error.offset], as: UTF8.self) != nil, "\(error)")
        }
    }

    /// How deeply arrays and objects nest in `input`, as FuzzJSONReader counts it.
    static func depth(of input: ValidationInput) -> Int {
        switch input {
        case .list(let items): 1 + (items.map(depth).max() ?? 0)
        case .record(let fields): 1 + (fields.values.map(depth).max() ?? 0)
        default: 0
        }
    }

    @Test(arguments: Fixture.all(in: "Fixtures/Pattern", ext: "input"))
    func pattern(_ fixture: Fixture) throws {
        let text = String(decoding: try Self.bytes(fixture), as: UTF8.self)
        let source = String(text.prefix { $0 != "\n" })
        let value = String(text.dropFirst(source.count + 1))
        do throws(PatternSyntaxError) {
            let pattern = try RulePattern(source)
            _ = pattern.matches(value)
            _ = pattern.matches(source)
        } catch {
            #expect(error.offset >= 0 && error.offset + error.length <= source.unicodeScalars.count, "\(error)")
        }
    }
}
