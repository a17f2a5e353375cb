/// Reads a JSON text (RFC 8259), strictly, into an ``ValidationInput``: the one reader behind every channel
/// that receives JSON (docs/format.md, "Types").
///
/// ```swift
/// let input = try JSONReader().read(#"{"title": " Buy milk ", "quantity": 12.99999999999999999}"#)
/// // .record(["title": .string(" Buy milk "), "quantity": .number(12.99999999999999999)])
/// ```
///
/// `null` is ``ValidationInput/absent``, a string ``ValidationInput/string(_:)``, `true` and `false`
/// ``ValidationInput/boolean(_:)``, an array ``ValidationInput/list(_:)``, an object ``ValidationInput/record(_:)``, and a number
/// ``ValidationInput/number(_:)``, exactly as written: `12.99999999999999999` is not 13, and `1e400` is a
/// number. Anything else is a ``JSONReadError`` at the first byte that is wrong: bad syntax,
/// trailing content, a duplicate key, invalid UTF-8 (never replaced with U+FFFD), a lone surrogate
/// escape such as `\uD800`, a control character in a string, nesting beyond ``Limits/maxDepth``,
/// a number whose exponent is beyond ``Limits/maxExponent``.
///
/// One UTF-8 byte order mark at the very start is skipped, as RFC 8259 allows and as Foundation's
/// `JSONDecoder` does, so that generated `Decodable` types and the reader agree; anywhere else it is
/// an error.
///
/// Reading is iterative, with a stack of the open arrays and objects, so its time and memory are
/// linear in the size of the input, and a million `[` fail at the depth limit at once. Strings
/// without escapes are made from their bytes in one step.
public struct JSONReader: Sendable {
    /// Bounds on what the reader accepts, each reported as a ``JSONReadError`` where it is exceeded.
    public struct Limits: Hashable, Sendable {
        /// The deepest nesting of arrays and objects: `[[1]]` is 2 levels deep. Default 512, as Foundation's.
        ///
        /// It also bounds the recursion of whatever walks the value afterwards: validation,
        /// comparison, and releasing the value.
        public var maxDepth: Int
        /// The largest exponent, in magnitude, of a number in scientific notation (`2.5e400` has
        /// 400, and so does `25e399`; for zero, the exponent as written): default 999,999,999, so
        /// that `1e999999999` is a number and `1e1000000000` and `10e999999999` are errors.
        ///
        /// Exact numbers never grow with their exponent (``DecimalNumber`` keeps it as an `Int`);
        /// the bound keeps `1e99999999999999999999` from overflowing it, keeps every number's
        /// ``DecimalNumber/description`` readable again within the same limit, and spares other
        /// backends numbers they cannot hold.
        public var maxExponent: Int

        /// Creates limits; the defaults are those of ``default``.
        public init(maxDepth: Int = 512, maxExponent: Int = 999_999_999) {
            self.maxDepth = maxDepth
            self.maxExponent = maxExponent
        }

        /// Depth 512, exponents within ±999,999,999.
        public static let `default` = Limits()
    }

    /// The limits this reader enforces.
    public var limits: Limits

    /// Creates a reader with `limits`.
    public init(limits: Limits = .default) {
        self.limits = limits
    }

    /// Reads UTF-8 bytes as one JSON text.
    ///
    /// - Throws: ``JSONReadError`` at the first byte that is wrong.
    public func read(_ bytes: UnsafeRawBufferPointer) throws(JSONReadError) -> ValidationInput {
        try bytes.withMemoryRebound(to: UInt8.self) { buffer in
            var parser = JSONParser(bytes: buffer, limits: limits)
            return Result { () throws(JSONReadError) in try parser.parse() }
        }.get()
    }

    /// Reads UTF-8 bytes as one JSON text; contiguous bytes (an `Array`, `Data`) are read in place.
    ///
    /// - Throws: ``JSONReadError`` at the first byte that is wrong.
    public func read(_ bytes: some Collection<UInt8>) throws(JSONReadError) -> ValidationInput {
        let result = bytes.withContiguousStorageIfAvailable { buffer in
            var parser = JSONParser(bytes: buffer, limits: limits)
            return Result { () throws(JSONReadError) in try parser.parse() }
        }
        if let result { return try result.get() }
        return try read(Array(bytes))
    }

    /// Reads a string's UTF-8 as one JSON text.
    ///
    /// - Throws: ``JSONReadError`` at the first byte that is wrong.
    public func read(_ text: String) throws(JSONReadError) -> ValidationInput {
        var text = text
        return try text.withUTF8 { buffer in
            var parser = JSONParser(bytes: buffer, limits: limits)
            return Result { () throws(JSONReadError) in try parser.parse() }
        }.get()
    }
}
