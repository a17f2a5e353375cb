import Foundation
import RuleCore
import RuleSpec
import Testing

/// What validating one input gave, in a form that the runtime validators and the generated types
/// both produce: the normalized value as text, or every violation with its field, code and message.
enum Observed: Equatable, CustomStringConvertible {
    struct Reported: Equatable, CustomStringConvertible {
        var path: String
        var code: String
        var message: String
        var description: String { (path.isEmpty ? "" : path + ": ") + code + " (" + message + ")" }
    }

    case valid(String?)
    case invalid([Reported])

    var description: String {
        switch self {
        case .valid(let value?): "valid \(SpecCase.quoted(value))"
        case .valid(nil): "valid, no value"
        case .invalid(let reported): "invalid " + reported.map(\.description).joined(separator: "; ")
        }
    }

    /// What a runtime validator gave.
    init(_ result: ValidationResult, language: String) {
        switch result {
        case .valid(let value): self = .valid(value?.description)
        case .invalid(let violations):
            self = .invalid(
                violations.map {
                    Reported(
                        path: $0.path.joined(separator: "."), code: $0.code, message: $0.message(language: language))
                })
        }
    }
}

/// Runs an input through a generated type or model, by its public API.
protocol Subject: Sendable {
    func observe(_ input: Input, context: ValidationContext, language: String) throws -> Observed
}

extension Subject {
    /// A decoder that validates with `context`, as a server would set it up.
    static func decoder(_ context: ValidationContext) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.userInfo[.validationContext] = context
        return decoder
    }

    /// `input` as the JSON an app or a server would receive.
    static func json(_ input: Input) throws -> Data {
        func object(_ input: Input) -> Any {
            switch input {
            case .absent: NSNull()
            case .text(let text), .string(let text): text
            case .number(let number): Decimal(string: number.description) ?? NSNull()
            case .boolean(let flag): flag
            case .list(let items): items.map(object)
            case .record(let fields): fields.mapValues(object)
            }
        }
        return try JSONSerialization.data(withJSONObject: object(input), options: [.fragmentsAllowed, .sortedKeys])
    }

    /// The violation a decoding error carries.
    static func underlying<T>(_ error: any Error, as: T.Type) -> T? {
        guard case DecodingError.dataCorrupted(let context) = error else { return nil }
        return context.underlyingError as? T
    }
}

/// A type's value object: text through `init(_:context:)` and `violations(of:context:)`, absent
/// through decoding `null`; every valid value also round-trips through JSON.
struct TypeSubject<Value: GeneratedValue>: Subject {
    let make: @Sendable (String, ValidationContext) throws -> Value?
    let optional: Bool

    init(_ type: Value.Type) where Value: RequiredValue {
        make = { raw, context in try Value(raw, context: context) }
        optional = false
    }

    init(_ type: Value.Type) where Value: OptionalValue {
        make = { raw, context in try Value(raw, context: context) }
        optional = true
    }

    func observe(_ input: Input, context: ValidationContext, language: String) throws -> Observed {
        let decoder = Self.decoder(context)
        guard case .text(let raw) = input else {
            if optional { return .valid(try decoder.decode(Value?.self, from: Self.json(input))?.description) }
            do {
                _ = try decoder.decode(Value.self, from: Self.json(input))
                return .valid(nil)
            } catch {
                let violation = try #require(Self.underlying(error, as: Value.Violation.self), "\(error)")
                return .invalid([Self.report(violation, language: language)])
            }
        }
        let violations = Value.violations(of: raw, context: context)
        do {
            let value = try make(raw, context)
            #expect(violations.isEmpty, "init accepted what violations(of:) rejects")
            if let value {
                #expect(
                    try decoder.decode(Value.self, from: JSONEncoder().encode(value)) == value,
                    "a JSON round trip changes \(value)")
            }
            return .valid(value?.description)
        } catch {
            #expect(error as? Value.Violation == violations.first, "init threw other than the first violation")
            return .invalid(violations.map { Self.report($0, language: language) })
        }
    }

    static func report(_ violation: Value.Violation, language: String) -> Observed.Reported {
        Observed.Reported(path: "", code: violation.code, message: violation.message(language: language))
    }
}

/// A model, decoded from the JSON of its input; a valid model is described by its own encoding.
struct ModelSubject<Model: GeneratedModel>: Subject {
    init(_ type: Model.Type) {}

    func observe(_ input: Input, context: ValidationContext, language: String) throws -> Observed {
        let decoder = Self.decoder(context)
        do {
            let model = try decoder.decode(Model.self, from: Self.json(input))
            let encoded = try JSONEncoder().encode(model)
            #expect(try decoder.decode(Model.self, from: encoded) == model, "a JSON round trip changes \(model)")
            return .valid(Self.describe(try JSONSerialization.jsonObject(with: encoded)))
        } catch {
            let violations = try #require(
                Self.underlying(error, as: RuleCoreGeneratedCodeVersion1.Violations<Model.Violation>.self), "\(error)")
            return .invalid(
                violations.violations.map {
                    Observed.Reported(
                        path: $0.path.joined(separator: "."), code: $0.code, message: $0.message(language: language))
                })
        }
    }

    /// A decoded JSON value as `RuleCore.Value`'s description writes it: `{a: 1, b: x}`.
    static func describe(_ json: Any) -> String {
        switch json {
        case let fields as [String: Any]:
            "{" + fields.sorted { $0.key < $1.key }.map { "\($0.key): \(describe($0.value))" }.joined(separator: ", ")
                + "}"
        case let number as NSNumber where String(cString: number.objCType) == "c": number.boolValue ? "true" : "false"
        case let number as NSNumber: number.stringValue
        default: "\(json)"
        }
    }
}
