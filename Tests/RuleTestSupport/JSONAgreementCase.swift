public import Foundation

/// A JSON value that `rulecheck check` and generated `Decodable` once read differently (through
/// `Double`, `Int` or not at all), with the verdict both now give: the end-to-end tests run it
/// through the binary, the generated-code tests through the generated types of `Features/rules/`.
public struct JSONAgreementCase: Sendable, CustomStringConvertible {
    /// The type or model of `Tests/GeneratedCodeTests/Features/rules/` to validate as.
    public var type: String
    /// One line of JSON.
    public var json: String
    /// `valid VALUE`, or each violation as `path: code` (`: code` for the value itself), in order.
    public var expected: [String]

    public var description: String { "\(json) as \(type)" }

    /// The rules the types are declared in.
    public static let rules = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../GeneratedCodeTests/Features/rules").standardizedFileURL

    /// An order whose every field but `quantity` and `price` is valid, with those two as given.
    static func order(quantity: String, price: String) -> String {
        #"{"code": "gab-1234", "confirmation": "GAB-1234", "quantity": \#(quantity), "price": \#(price), "#
            + #""shipping": {"zip": "abc-1234"}, "comment": "Hi", "accepted": true, "default": "red"}"#
    }

    /// Every case.
    public static let all: [JSONAgreementCase] = [
        // Was 13 through Double: a value `oneOf` refused.
        JSONAgreementCase(type: "Quantity", json: "12.99999999999999999", expected: [": invalidFormat"]),
        // Was invalidFormat in `rulecheck check` and tooLarge in generated code.
        JSONAgreementCase(type: "Quantity", json: "12345678901234567890", expected: [": invalidFormat"]),
        // Ended the run of `rulecheck check`.
        JSONAgreementCase(type: "Quantity", json: "1e400", expected: [": invalidFormat"]),
        JSONAgreementCase(type: "Quantity", json: "50.0", expected: ["valid 50"]),
        JSONAgreementCase(type: "Price", json: "1e400", expected: [": tooLarge"]),
        JSONAgreementCase(type: "Price", json: "9999.99000000000000000001", expected: [": tooLarge"]),
        JSONAgreementCase(type: "Price", json: "12.99999999999999999", expected: ["valid 12.99999999999999999"]),
        JSONAgreementCase(type: "Price", json: "1e-400", expected: [": tooSmall"]),
        JSONAgreementCase(
            type: "Order", json: order(quantity: "1e400", price: "1e400"),
            expected: ["quantity: invalidFormat", "price: tooLarge"]),
        JSONAgreementCase(
            type: "Order", json: order(quantity: "2.0", price: "12.99999999999999999"),
            expected: [
                "valid {accepted: true, code: GAB-1234, comment: hi, confirmation: GAB-1234, default: red, "
                    + "price: 12.99999999999999999, quantity: 2, shipping: {zip: ABC-1234}}"
            ]),
    ]
}
