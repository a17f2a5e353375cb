import Foundation
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
}
