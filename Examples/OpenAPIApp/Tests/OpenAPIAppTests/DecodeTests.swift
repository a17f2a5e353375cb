import Foundation
import RuleCore
import TaskRules
import Testing

@testable import OpenAPIApp

/// A request body of the OpenAPI document decodes through the generator's types only when the
/// rules accept it, and a rejected one says the rule's code.
@Suite struct DecodeTests {
    static let tokyo = ValidationContext(today: LocalDate(year: 2026, month: 11, day: 22)!)

    static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        let decoder = JSONDecoder()
        decoder.userInfo[.validationContext] = tokyo
        return try decoder.decode(type, from: Data(json.utf8))
    }

    /// The first violation a decoding error carries, as the value object or model threw it.
    static func violation(of error: any Error) -> (code: String, path: [String])? {
        RuleCoreGeneratedCodeVersion1.violations(in: error)?.first.map { ($0.code, $0.path) }
    }

    struct Rejected: Sendable, CustomTestStringConvertible {
        let body: String
        let code: String
        let path: [String]
        var testDescription: String { body }
    }

    @Test(arguments: [
        Rejected(
            body: #"{"title": "An overly long task title here", "note": ""}"#, code: "titleTooLong", path: ["title"]),
        Rejected(body: #"{"title": "   ", "note": ""}"#, code: "titleTooShort", path: ["title"]),
        Rejected(body: #"{"note": "no title"}"#, code: "required", path: ["title"]),
        Rejected(
            body: #"{"title": "Buy milk", "note": "", "dueDate": "2026-11-21"}"#, code: "tooEarly", path: ["dueDate"]),
        Rejected(body: #"{"title": 42, "note": ""}"#, code: "invalidFormat", path: ["title"]),
    ])
    func aBodyTheRulesRejectFailsToDecodeWithTheRulesCode(_ rejected: Rejected) throws {
        let error = try #require(throws: DecodingError.self) {
            try Self.decode(Components.Schemas.ToDoTask.self, rejected.body)
        }
        let violation = try #require(Self.violation(of: error))
        #expect(violation.code == rejected.code)
        #expect(violation.path == rejected.path)
    }

    @Test func aTooLongTitleAloneFailsAsTheValueObject() throws {
        let error = try #require(throws: DecodingError.self) {
            try Self.decode([Components.Schemas.TaskTitle].self, #"["An overly long task title here"]"#)
        }
        #expect(Self.violation(of: error)?.code == "titleTooLong")
        guard case .dataCorrupted(let context) = error else { throw error }
        #expect(context.debugDescription == "The title is too long.")
        #expect(context.codingPath.map(\.intValue) == [0])
    }

    @Test func aValidBodyDecodesIntoTheValueObjects() throws {
        let task = try Self.decode(
            Components.Schemas.ToDoTask.self, #"{"title": "  Buy milk  ", "note": "2 litres", "dueDate": "2026-11-22"}"#
        )
        let title: TaskTitle = task.title
        #expect(title.value == "Buy milk")
        #expect(task.note.value == "2 litres")
        #expect(task.dueDate?.value == LocalDate(year: 2026, month: 11, day: 22))
        let encoded = String(decoding: try JSONEncoder().encode(task.title), as: UTF8.self)
        #expect(encoded == #""Buy milk""#)
    }
}
