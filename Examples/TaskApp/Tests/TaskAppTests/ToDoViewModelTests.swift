import Foundation
import RuleCore
import Testing

@testable import TaskApp

/// Seed 003's ToDo list: a task's title is trimmed and 1 to 20 characters, its due date today or later.
@MainActor @Suite struct ToDoViewModelTests {
    nonisolated static let utc = TimeZone(identifier: "UTC")!
    /// 2026-11-22 12:00 UTC.
    nonisolated static let now = Date(timeIntervalSince1970: 1_795_348_800)

    private let viewModel = ToDoViewModel(clock: { ToDoViewModelTests.now }, timeZone: ToDoViewModelTests.utc)

    @Test func createsATaskWithItsTitleTrimmed() {
        viewModel.showSheet = true
        viewModel.title = "  Buy milk  "
        viewModel.note = " 2 bottles "
        viewModel.dueDate = Self.now

        viewModel.onTapCreate()

        #expect(viewModel.tasks.map(\.content.title.value) == ["Buy milk"])
        #expect(viewModel.tasks.map(\.content.note.value) == ["2 bottles"])
        #expect(viewModel.tasks.map { $0.content.dueDate?.description } == ["2026-11-22"])
        #expect(!viewModel.showSheet)
        #expect(viewModel.title.isEmpty && viewModel.titleError == nil)
    }

    @Test func titleInvalidMessage() {
        let expected = TaskTitle.Violation.titleTooShort(min: 1).localizedDescription

        viewModel.title = "   "
        viewModel.onTapCreate()

        #expect(viewModel.titleError == expected)
        #expect(viewModel.tasks.isEmpty)
    }

    @Test func titleTooLongMessage() {
        let expected = TaskTitle.Violation.titleTooLong(max: 20).localizedDescription

        viewModel.title = String(repeating: "あ", count: 21)
        viewModel.onTapCreate()

        #expect(viewModel.titleError == expected)
    }

    @Test func dueDateInThePastMessage() {
        viewModel.title = "Buy milk"
        viewModel.dueDate = Self.now.addingTimeInterval(-86_400)

        viewModel.onTapCreate()

        #expect(
            viewModel.dueDateError
                == TaskDueDate.Violation.tooEarly(min: LocalDate(Self.now, in: Self.utc)).localizedDescription)
        #expect(viewModel.titleError == nil)
        #expect(viewModel.tasks.isEmpty)
    }

    @Test func togglesATaskDone() {
        viewModel.title = "Buy milk"
        viewModel.onTapCreate()

        viewModel.toggleIsDone(0)
        viewModel.onAppear()

        #expect(viewModel.tasks.map(\.isDone) == [true])
    }

    /// After a refused create, the title's message follows what is typed, and goes once it is fixed.
    @Test func aRefusedTitleIsCheckedAgainAsItIsFixed() {
        viewModel.title = String(repeating: "a", count: 21)
        viewModel.onTapCreate()
        #expect(viewModel.titleError == TaskTitle.Violation.titleTooLong(max: 20).localizedDescription)

        viewModel.title = "   "
        #expect(viewModel.titleError == TaskTitle.Violation.titleTooShort(min: 1).localizedDescription)
        viewModel.title = "Buy milk"
        #expect(viewModel.titleError == nil)
        #expect(viewModel.tasks.isEmpty)
    }
}
