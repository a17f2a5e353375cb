import Foundation
import Observation
import RuleCore

/// The login screen's state, as seeds 000 and 002 keep it, on `LoginForm`, which `RuleGenPlugin`
/// generates from `rules/login.yaml`: no validation is written here.
///
/// The view binds `email` and `password`, calls `onEmailEditingEnded()` and
/// `onPasswordEditingEnded()` when a field loses focus, shows `invalidMessage` (seed 002) or each
/// field's own message (seed 000), and calls `onTapLogin()`; when the server refuses the login
/// with a 422, `onLoginRejected(_:)` shows its violations under the fields.
@MainActor @Observable
final class LoginViewModel {
    /// The form the fields are kept in; a view may also bind it directly (`$viewModel.form.email.raw`).
    let form: LoginForm

    init(language: String = RuleCoreGeneratedCodeVersion1.language) {
        form = LoginForm(language: language)
    }

    // Binding
    var email: String {
        get { form.email.raw }
        set { form.email.raw = newValue }
    }
    var password: String {
        get { form.password.raw }
        set { form.password.raw = newValue }
    }

    // Output
    /// The first message of the form once something was typed, empty when it is valid (seed 002).
    var invalidMessage: String {
        guard form.fields.contains(where: \.isEdited) else { return "" }
        return form.currentViolations.first?.message(language: form.language) ?? ""
    }
    /// The email field's own message, once it was left or the form submitted (seed 000).
    var emailError: String? { form.email.message }
    /// The password field's own message.
    var passwordError: String? { form.password.message }
    var isLoginEnabled: Bool { form.isValid }
    private(set) var isLoginCompleted = false
    /// The login to send, once `onTapLogin()` found the form valid.
    private(set) var login: Login?

    // Input
    func onEmailEditingEnded() { form.email.touch() }
    func onPasswordEditingEnded() { form.password.touch() }

    func onTapLogin() {
        login = form.submit()
        isLoginCompleted = login != nil
    }

    /// The server refused the login: its violations show under the fields their paths name.
    func onLoginRejected(_ problem: ProblemDetails) {
        isLoginCompleted = false
        form.apply(problem)
    }
}
