public import Foundation

/// A decoder's value as an ``ValidationInput``, with the kinds ``JSONReader`` gives, so that generated
/// `Decodable` types read JSON as `rulecheck check` does.
extension ValidationInput: Decodable {
    /// Reads the value a decoder holds: `null` as ``absent``, a string as ``string(_:)``, a boolean
    /// as ``boolean(_:)``, a number as ``number(_:)``, an array as ``list(_:)`` and an object as
    /// ``record(_:)``.
    ///
    /// A `Decoder` never shows a number's text, so numbers come through Foundation's `Decimal`, the
    /// most exact type it decodes. With `JSONDecoder` on Linux (swift-foundation) that gives:
    /// - up to 38 significant digits, exactly: `12.99999999999999999` stays below 13, and
    ///   `12345678901234567890` is that integer (too large for `Int`, so `invalidFormat` for an
    ///   integer type, as ``JSONReader`` has it);
    /// - beyond `Decimal`'s exponents (`1e400`, `1e-400`), `JSONDecoder` fails with the number's text,
    ///   which is read exactly here, as ``JSONReader`` reads it;
    /// - more than 38 significant digits are rounded by `Decimal` before this sees them
    ///   (`1.0000000000000000000000000000000000000001` decodes as 1): read such input with
    ///   ``JSONReader`` when every digit matters.
    ///
    /// Beyond numbers, the decoder decides what is JSON: `JSONDecoder` keeps the first of duplicate
    /// keys where ``JSONReader`` reports them, and it accepts a leading byte order mark, as the
    /// reader does.
    ///
    /// - Throws: `DecodingError` when the decoder holds none of these, or a number that is not
    ///   one JSON can write.
    public init(from decoder: any Decoder) throws {
        if let value = try? decoder.singleValueContainer() {
            if value.decodeNil() {
                self = .absent
                return
            }
            if let text = try? value.decode(String.self) {
                self = .string(text)
                return
            }
            if let flag = try? value.decode(Bool.self) {
                self = .boolean(flag)
                return
            }
            if let number = try Self.number(in: value) {
                self = .number(number)
                return
            }
        }
        if var items = try? decoder.unkeyedContainer() {
            var list: [ValidationInput] = []
            if let count = items.count { list.reserveCapacity(count) }
            while !items.isAtEnd { list.append(try items.decode(ValidationInput.self)) }
            self = .list(list)
            return
        }
        let fields = try decoder.container(keyedBy: FieldKey.self)
        var record: [String: ValidationInput] = [:]
        for key in fields.allKeys {
            record[key.stringValue] = try fields.decode(ValidationInput.self, forKey: key)
        }
        self = .record(record)
    }

    /// The number a container holds, or `nil` when it holds something else.
    private static func number(in value: any SingleValueDecodingContainer) throws -> DecimalNumber? {
        let decimal: Decimal
        do {
            decimal = try value.decode(Decimal.self)
        } catch let error as DecodingError {
            guard case .typeMismatch = error else { throw error }
            return nil
        } catch {
            // NB: swift-foundation's JSONDecoder throws its internal
            // `JSONError.numberIsNotRepresentableInSwift(parsed:)` for a number beyond Decimal, such
            // as 1e400; the text it carries is the number as written, which DecimalNumber holds.
            guard let text = parsedText(of: error), let number = DecimalNumber(json: text) else { throw error }
            return number
        }
        guard !decimal.isNaN, let number = DecimalNumber(decimal) else {
            throw DecodingError.dataCorruptedError(in: value, debugDescription: "'\(decimal)' is not a JSON number")
        }
        return number
    }

    /// The `parsed:` text an error carries, found by reflection, since its type is not public.
    private static func parsedText(of error: any Error) -> String? {
        for child in Mirror(reflecting: error).children {
            for field in Mirror(reflecting: child.value).children where field.label == "parsed" {
                return field.value as? String
            }
        }
        return nil
    }

    private struct FieldKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

extension DecimalNumber {
    /// A `Decimal`'s exact value; `nil` for NaN.
    public init?(_ decimal: Decimal) {
        guard !decimal.isNaN else { return nil }
        let sign = decimal.sign == .minus ? "-" : ""
        // NB: `significand` is a whole number of at most 39 digits, and `exponent` within ±128.
        self.init(json: "\(sign)\(decimal.significand)e\(decimal.exponent)")
    }
}
