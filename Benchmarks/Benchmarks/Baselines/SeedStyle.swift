import Foundation

/// The rules as the seed articles write them by hand: the code rulecheck replaces.
public enum SeedStyle {
    public enum TitleError: Error { case titleTooLong, titleTooShort }
    public enum LoginError: Error { case emptyEmail, invalidEmail }

    /// Seed 003's `TaskTitleValueObject.init`.
    public static func taskTitle(_ title: String) throws(TitleError) -> String {
        let trimmedTitle = title.trimmingCharacters(in: .whitespaces)
        guard trimmedTitle.count <= 20 else { throw .titleTooLong }
        guard trimmedTitle.count >= 1 else { throw .titleTooShort }
        return trimmedTitle
    }

    /// Seed 001's `1...10 ~= username.count`.
    public static func username(_ username: String) -> String? {
        1...10 ~= username.count ? username : nil
    }

    /// The WHATWG grammar as an `NSRegularExpression`, the way apps usually check emails.
    public static let emailExpression = try! NSRegularExpression(
        pattern: "^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?"
            + "(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$")

    /// Seed 000's login validation of the email: empty, then malformed.
    public static func email(_ email: String) throws(LoginError) -> String {
        let trimmed = email.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { throw .emptyEmail }
        let range = NSRange(trimmed.startIndex..., in: trimmed)
        guard emailExpression.firstMatch(in: trimmed, range: range) != nil else { throw .invalidEmail }
        return trimmed
    }

    public static let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.isLenient = false
        return formatter
    }()

    /// Seed 003's due date: a `Date` from a form, not before the start of today.
    public static func dueDate(_ text: String, now: Date) -> Date? {
        guard let date = dateFormatter.date(from: text) else { return nil }
        return date >= Calendar.current.startOfDay(for: now) ? date : nil
    }

    /// Seed 004's `guard !query.isEmpty`.
    public static func query(_ query: String) -> String? {
        query.isEmpty ? nil : query
    }
}
