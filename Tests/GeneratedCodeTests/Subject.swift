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
    func observe(_ input: ValidationInput, context: ValidationContext, language: String) throws -> Observed
}

extension Subject {
    /// A decoder that validates with `context`, as a server would set it up.
    static func decoder(_ context: ValidationContext) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.userInfo[.validationContext] = context
        return decoder
    }

    /// `input` as the JSON an app or a server would receive, numbers exactly as written.
    static func json(_ input: ValidationInput) throws -> Data {
        Data(input.jsonText.utf8)
    }

    /// The violation a decoding error carries.
    static func underlying<T>(_ error: any Error, as: T.Type) -> T? {
        guard case DecodingError.dataCorrupted(let context) = error else { return nil }
        return context.underlyingError as? T
    }
}

/// A type's value object: text through `init(_:context:)` (`parse(_:context:)` for an optional
/// type) and `violations(of:context:)`, absent
/// through decoding `null`; every valid value also round-trips through JSON.
struct TypeSubject<Object: GeneratedValue>: Subject {
    let make: @Sendable (String, ValidationContext) throws -> Object?
    let optional: Bool

    init(_ type: Object.Type) where Object: RequiredValue {
        make = { raw, context in try Object(raw, context: context) }
        optional = false
    }

    init(_ type: Object.Type) where Object: OptionalValue {
        make = { raw, context in try Object.parse(raw, context: context) }
        optional = true
    }

    func observe(_ input: ValidationInput, context: ValidationContext, language: String) throws -> Observed {
        let decoder = Self.decoder(context)
        guard case .text(let raw) = input else {
            if optional { return .valid(try decoder.decode(Object?.self, from: Self.json(input))?.description) }
            do {
                _ = try decoder.decode(Object.self, from: Self.json(input))
                return .valid(nil)
            } catch {
                let violation = try #require(Self.underlying(error, as: Object.Violation.self), "\(error)")
                return .invalid([Self.report(violation, language: language)])
            }
        }
        let violations = Object.violations(of: raw, context: context)
        do {
            let value = try make(raw, context)
            #expect(violations.isEmpty, "init accepted what violations(of:) rejects")
            if let value { try Self.roundTrip(value, decoder: decoder) }
            return .valid(value?.description)
        } catch {
            #expect(error as? Object.Violation == violations.first, "init threw other than the first violation")
            return .invalid(violations.map { Self.report($0, language: language) })
        }
    }

    /// Checks that a value decodes from its own encoding as itself (a decimal as a JSON number).
    static func roundTrip(_ value: Object, decoder: JSONDecoder) throws {
        let encoded = try JSONEncoder().encode(value)
        #expect(try decoder.decode(Object.self, from: encoded) == value, "a JSON round trip changes \(value)")
    }

    static func report(_ violation: Object.Violation, language: String) -> Observed.Reported {
        Observed.Reported(path: "", code: violation.code, message: violation.message(language: language))
    }
}

/// A model, decoded from the JSON of its input; a valid model is described by its own encoding.
struct ModelSubject<Model: GeneratedModel>: Subject {
    init(_ type: Model.Type) {}

    func observe(_ input: ValidationInput, context: ValidationContext, language: String) throws -> Observed {
        let decoder = Self.decoder(context)
        do {
            let model = try decoder.decode(Model.self, from: Self.json(input))
            let encoded = try JSONEncoder().encode(model)
            try Self.roundTrip(model, encoded: encoded, decoder: decoder)
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

    /// Checks that a model decodes from its own encoding as itself.
    static func roundTrip(_ model: Model, encoded: Data, decoder: JSONDecoder) throws {
        #expect(try decoder.decode(Model.self, from: encoded) == model, "a JSON round trip changes \(model)")
    }

    /// A decoded JSON value as `RuleCore.ValidatedValue`'s description writes it: `{a: 1, b: x}`, `[a, b]`.
    static func describe(_ json: Any) -> String {
        switch json {
        case let items as [Any]: "[" + items.map(describe).joined(separator: ", ") + "]"
        case let fields as [String: Any]:
            "{" + fields.sorted { $0.key < $1.key }.map { "\($0.key): \(describe($0.value))" }.joined(separator: ", ")
                + "}"
        case let number as NSNumber where String(cString: number.objCType) == "c": number.boolValue ? "true" : "false"
        case let number as NSNumber: number.stringValue
        default: "\(json)"
        }
    }
}
