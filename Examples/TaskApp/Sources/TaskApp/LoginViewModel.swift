import Foundation
import Observation
import RuleCore

/// The login screen's state, as seeds 000 and 002 keep it, with the validation done by `Login`,
/// which `RuleGenPlugin` generates from `rules/login.yaml`.
///
/// The view binds `email` and `password`, shows `invalidMessage` (seed 002) or each field's own
/// message (seed 000), and calls `onTapLogin()`.
@MainActor @Observable
final class LoginViewModel {
    // Binding
    var email = "" {
        didSet { validate() }
    }
    var password = "" {
        didSet { validate() }
    }

    // Output
    /// The first message of the form, empty when it is valid.
    private(set) var invalidMessage = ""
    /// The email field's own message.
    private(set) var emailError: String?
    /// The password field's own message.
    private(set) var passwordError: String?
    private(set) var isLoginEnabled = false
    private(set) var isLoginCompleted = false

    // ValidationInput
    func onTapLogin() {
        validate()
        isLoginCompleted = isLoginEnabled
    }

    private func validate() {
        do {
            _ = try Login(email: email, password: password)
            (invalidMessage, emailError, passwordError) = ("", nil, nil)
        } catch {
            invalidMessage = error.violations.first?.localizedDescription ?? ""
            emailError = error.violations.first { $0.path == ["email"] }?.localizedDescription
            passwordError = error.violations.first { $0.path == ["password"] }?.localizedDescription
        }
        isLoginEnabled = invalidMessage.isEmpty
    }
}
