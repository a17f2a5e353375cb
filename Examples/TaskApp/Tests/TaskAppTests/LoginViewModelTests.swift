import Foundation
import RuleCore
import Testing

@testable import TaskApp

/// Seed 002's `LoginViewModelTests`: the view model shows the message of the first invalid field.
@MainActor @Suite struct LoginViewModelTests {
    private let viewModel = LoginViewModel()

    @Test func noInvalidMessage() {
        let expected = ""

        viewModel.email = "user@example.com"
        viewModel.password = "password"

        #expect(viewModel.invalidMessage == expected)
        #expect(viewModel.isLoginEnabled)
    }

    @Test func emailInvalidMessage() {
        let expected = EmailAddress.Violation.emptyEmail.localizedDescription

        viewModel.email = ""
        viewModel.password = "password"

        #expect(viewModel.invalidMessage == expected)
        #expect(!viewModel.isLoginEnabled)
    }

    @Test func passwordInvalidMessage() {
        let expected = Password.Violation.emptyPassword.localizedDescription

        viewModel.email = "user@example.com"
        viewModel.password = ""

        #expect(viewModel.invalidMessage == expected)
        #expect(!viewModel.isLoginEnabled)
    }

    @Test func malformedEmailInvalidMessage() {
        let expected = EmailAddress.Violation.invalidEmail.localizedDescription

        viewModel.email = "email"
        viewModel.password = "password"

        #expect(viewModel.invalidMessage == expected)
    }

    /// Seed 000: every error of the form is collected, and each field shows its own message.
    @Test func eachFieldShowsItsOwnMessage() {
        viewModel.email = "user@example.com"
        viewModel.email = ""
        viewModel.onTapLogin()

        #expect(viewModel.emailError == EmailAddress.Violation.emptyEmail.localizedDescription)
        #expect(viewModel.passwordError == Password.Violation.emptyPassword.localizedDescription)
        #expect(!viewModel.isLoginCompleted)
    }

    @Test func loginCompletesWhenTheFormIsValid() {
        viewModel.email = " user@example.com "
        viewModel.password = "password"
        viewModel.onTapLogin()

        #expect(viewModel.isLoginCompleted)
        #expect(viewModel.emailError == nil && viewModel.passwordError == nil)
    }

    /// The form as a person meets it: type, leave the field, submit, and read the server's 422
    /// under the field it concerns.
    @Test func typeBlurSubmitAndServerErrors() throws {
        let viewModel = LoginViewModel(language: "en")
        viewModel.email = "taro@"
        #expect(viewModel.emailError == nil, "nothing shows while the field is first typed into")
        #expect(viewModel.invalidMessage == "This email address is not valid.")

        viewModel.onEmailEditingEnded()
        #expect(viewModel.emailError == "This email address is not valid.")
        viewModel.email = "taro@example.com"
        #expect(viewModel.emailError == nil)

        viewModel.onTapLogin()
        #expect(viewModel.passwordError == "Enter your password.")
        #expect(!viewModel.isLoginCompleted)

        viewModel.password = "secret"
        viewModel.onTapLogin()
        #expect(viewModel.isLoginCompleted)
        #expect(viewModel.login?.email.value == "taro@example.com")

        let problem = try JSONDecoder().decode(ProblemDetails.self, from: Data(Self.refusal.utf8))
        viewModel.onLoginRejected(problem)
        #expect(!viewModel.isLoginCompleted)
        #expect(viewModel.emailError == "No account has this email address.")
        #expect(viewModel.passwordError == "Enter your password.", "a code the rules know, in the form's language")
        #expect(viewModel.form.formMessages == ["Too many attempts; try again later."])

        viewModel.email = "jiro@example.com"
        #expect(viewModel.emailError == nil, "typing into the field drops the server's violation")
    }

    /// A 422 as the server's problem details carry it.
    static let refusal = """
        {"type":"about:blank","title":"Unprocessable Content","status":422,"detail":"","language":"en",
         "violations":[
          {"code":"unknownAccount","path":["email"],"message":"No account has this email address."},
          {"code":"emptyPassword","path":["password"],"message":"Password missing."},
          {"code":"tooManyAttempts","path":[],"message":"Too many attempts; try again later."}]}
        """
}
