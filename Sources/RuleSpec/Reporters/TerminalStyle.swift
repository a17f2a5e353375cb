import Foundation

/// Colours and the progress line on a terminal: only on a terminal, never with `NO_COLOR` set,
/// never in CI (`CI` set), where logs keep escape codes as noise.
public struct TerminalStyle: Sendable {
    /// Whether to write escape codes.
    public let isEnabled: Bool

    /// The style for a stream: `fileDescriptor` a terminal, and neither `NO_COLOR` nor `CI` set in
    /// `environment` (default: the process's).
    public init(fileDescriptor: Int32, environment: [String: String]? = nil) {
        let environment = environment ?? ProcessInfo.processInfo.environment
        isEnabled = isatty(fileDescriptor) == 1 && environment["NO_COLOR"] == nil && environment["CI"] == nil
    }

    /// A style that writes escape codes exactly when `isEnabled`.
    public init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    /// Bold, as locations are.
    public static let bold = 1
    /// Red: what failed, errors.
    public static let red = 31
    /// Green: what was expected, a clean summary.
    public static let green = 32
    /// Yellow: warnings.
    public static let yellow = 33

    /// `text` in the SGR style `code`, when enabled.
    public func paint(_ text: String, _ code: Int) -> String {
        isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
