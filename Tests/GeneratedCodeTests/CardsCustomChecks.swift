import Foundation

/// The app's implementation of `Examples/CustomChecks/rules/cards.yaml`'s custom check, which the
/// generated `Golden/cards.rules.swift` calls: without it, this target does not compile.
extension CardsCustomChecks {
    /// The Luhn check digit over ASCII digits.
    static func luhn(_ value: String) -> Bool {
        var sum = 0
        for (offset, byte) in value.utf8.reversed().enumerated() {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return false }
            var digit = Int(byte - UInt8(ascii: "0"))
            if offset % 2 == 1 {
                digit *= 2
                if digit > 9 { digit -= 9 }
            }
            sum += digit
        }
        return sum % 10 == 0
    }
}
