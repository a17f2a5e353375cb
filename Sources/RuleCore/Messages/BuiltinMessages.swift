/// The English and Japanese messages for every built-in code, the last step of the look-up.
public enum BuiltinMessages {
    /// Built-in templates by default code.
    public static let table = MessageTable([
        Required.code: Required.messages,
        Length.tooShort: Length.tooShortMessages,
        Length.tooLong: Length.tooLongMessages,
        EmailAddress.code: EmailAddress.messages,
        PatternCheck.code: PatternCheck.messages,
        OneOf.code: OneOf.messages,
        NumberRange.tooSmall: NumberRange.tooSmallMessages,
        NumberRange.tooLarge: NumberRange.tooLargeMessages,
        DateBound.tooEarly: DateBound.tooEarlyMessages,
        DateBound.tooLate: DateBound.tooLateMessages,
        Equal.code: Equal.messages,
        ValueFormat.code: ValueFormat.messages,
    ])
}
