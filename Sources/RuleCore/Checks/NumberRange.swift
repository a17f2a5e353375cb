/// `range`: a number lies within `min...max`, both inclusive, compared exactly.
public struct NumberRange: Hashable, Sendable {
    /// The smallest value allowed, if any.
    public var min: DecimalNumber?
    /// The largest value allowed, if any.
    public var max: DecimalNumber?

    /// Creates a range check; at least one bound should be given.
    public init(min: DecimalNumber? = nil, max: DecimalNumber? = nil) {
        self.min = min
        self.max = max
    }

    /// The default code for a value below `min`.
    public static let tooSmall = "tooSmall"
    /// The default code for a value above `max`.
    public static let tooLarge = "tooLarge"
    static let tooSmallMessages = ["en": "Must be at least {min}.", "ja": "{min}以上の値を入力してください。"]
    static let tooLargeMessages = ["en": "Must be at most {max}.", "ja": "{max}以下の値を入力してください。"]
}
