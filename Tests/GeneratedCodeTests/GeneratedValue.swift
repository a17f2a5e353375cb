import Foundation
import RuleCore

// What the differential test needs of generated types, declared here and conformed to below, so
// that one generic function drives every type: generated code itself declares no protocol.

/// A generated type's or model's violation.
protocol GeneratedViolation: Error, Hashable {
    var code: String { get }
    func message(language: String) -> String
}

/// A generated value object.
protocol GeneratedValue: Codable, Hashable, Sendable, CustomStringConvertible {
    associatedtype Violation: GeneratedViolation
    static func violations(of raw: String, context: ValidationContext) -> [Violation]
}

/// A value object of a type that is not optional: text always gives a value or a violation.
protocol RequiredValue: GeneratedValue {
    init(_ raw: String, context: ValidationContext) throws(Violation)
}

/// A value object of an optional type: empty text gives no value.
protocol OptionalValue: GeneratedValue {
    init?(_ raw: String, context: ValidationContext) throws(Violation)
}

/// A model's violation, which names the field it concerns.
protocol GeneratedModelViolation: GeneratedViolation {
    var path: [String] { get }
}

/// Every violation of a model.
protocol GeneratedModelViolations: Error {
    associatedtype Violation: GeneratedModelViolation
    var violations: [Violation] { get }
}

/// A generated model.
protocol GeneratedModel: Codable, Hashable, Sendable {
    associatedtype Violations: GeneratedModelViolations
}

extension EmailAddress: RequiredValue {}
extension EmailAddress.Violation: GeneratedViolation {}
extension Password: RequiredValue {}
extension Password.Violation: GeneratedViolation {}
extension Login: GeneratedModel {}
extension Login.Violation: GeneratedModelViolation {}
extension Login.Violations: GeneratedModelViolations {}
extension NewPassword: RequiredValue {}
extension NewPassword.Violation: GeneratedViolation {}
extension DisplayName: OptionalValue {}
extension DisplayName.Violation: GeneratedViolation {}
extension BirthYear: OptionalValue {}
extension BirthYear.Violation: GeneratedViolation {}
extension Plan: RequiredValue {}
extension Plan.Violation: GeneratedViolation {}
extension SignUp: GeneratedModel {}
extension SignUp.Violation: GeneratedModelViolation {}
extension SignUp.Violations: GeneratedModelViolations {}
extension TaskTitle: RequiredValue {}
extension TaskTitle.Violation: GeneratedViolation {}
extension TaskNote: RequiredValue {}
extension TaskNote.Violation: GeneratedViolation {}
extension TaskDueDate: OptionalValue {}
extension TaskDueDate.Violation: GeneratedViolation {}
extension Task: GeneratedModel {}
extension Task.Violation: GeneratedModelViolation {}
extension Task.Violations: GeneratedModelViolations {}
extension SearchQuery: RequiredValue {}
extension SearchQuery.Violation: GeneratedViolation {}
extension Username: RequiredValue {}
extension Username.Violation: GeneratedViolation {}
extension ProductCode: RequiredValue {}
extension ProductCode.Violation: GeneratedViolation {}
extension GiftCode: RequiredValue {}
extension GiftCode.Violation: GeneratedViolation {}
extension Quantity: RequiredValue {}
extension Quantity.Violation: GeneratedViolation {}
extension Price: OptionalValue {}
extension Price.Violation: GeneratedViolation {}
extension Accepted: RequiredValue {}
extension Accepted.Violation: GeneratedViolation {}
extension Birthday: RequiredValue {}
extension Birthday.Violation: GeneratedViolation {}
extension Comment: OptionalValue {}
extension Comment.Violation: GeneratedViolation {}
extension Tag: RequiredValue {}
extension Tag.Violation: GeneratedViolation {}
extension Address: GeneratedModel {}
extension Address.Violation: GeneratedModelViolation {}
extension Address.Violations: GeneratedModelViolations {}
extension Order: GeneratedModel {}
extension Order.Violation: GeneratedModelViolation {}
extension Order.Violations: GeneratedModelViolations {}
