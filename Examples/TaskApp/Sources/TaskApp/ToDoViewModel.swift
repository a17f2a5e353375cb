import Foundation
import Observation
import RuleCore

/// The ToDo list and its "new task" sheet, as seed 003's `ToDoViewModel` keeps them, with the
/// title, note and due date validated by `ToDoTask`, generated from `rules/task.yaml`.
@MainActor @Observable
final class ToDoViewModel {
    private(set) var tasks: [TaskEntity] = []
    var showSheet = false

    // The sheet's fields
    var title = ""
    var note = ""
    var dueDate: Date?
    private(set) var titleError: String?
    private(set) var dueDateError: String?

    private let repository: any TaskRepository
    private let timeZone: TimeZone
    private let context: ValidationContext

    /// A view model over `repository`; `clock` and `timeZone` say what today is, for due dates.
    init(
        repository: any TaskRepository = InMemoryTaskRepository(), clock: @escaping @Sendable () -> Date = { Date() },
        timeZone: TimeZone = .current
    ) {
        self.repository = repository
        self.timeZone = timeZone
        context = ValidationContext(clock: clock, timeZone: timeZone)
    }

    func onAppear() {
        tasks = repository.fetchAll()
    }

    func onTapCreate() {
        do {
            let dueDate = dueDate.map { LocalDate($0, in: timeZone) }
            let task = try ToDoTask(title: title, note: note, dueDate: dueDate, context: context)
            repository.save(TaskEntity(content: task))
            (title, note, self.dueDate, titleError, dueDateError) = ("", "", nil, nil, nil)
            showSheet = false
            tasks = repository.fetchAll()
        } catch {
            titleError = error.violations.first { $0.path == ["title"] }?.localizedDescription
            dueDateError = error.violations.first { $0.path == ["dueDate"] }?.localizedDescription
        }
    }

    func toggleIsDone(_ index: Int) {
        tasks[index].toggleIsDone()
        repository.save(tasks[index])
    }
}
