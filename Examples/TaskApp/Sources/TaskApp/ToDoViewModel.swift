import Foundation
import Observation
import RuleCore

/// The ToDo list and its "new task" sheet, as seed 003's `ToDoViewModel` keeps them, on
/// `ToDoTaskForm`, generated from `rules/task.yaml`: no validation is written here.
@MainActor @Observable
final class ToDoViewModel {
    private(set) var tasks: [TaskEntity] = []
    var showSheet = false

    /// The sheet's form: the title, note and due date as typed and picked.
    let form: ToDoTaskForm

    // The sheet's fields
    var title: String {
        get { form.title.raw }
        set { form.title.raw = newValue }
    }
    var note: String {
        get { form.note.raw }
        set { form.note.raw = newValue }
    }
    var dueDate: Date? {
        get { form.dueDate.raw }
        set { form.dueDate.raw = newValue }
    }
    var titleError: String? { form.title.message }
    var dueDateError: String? { form.dueDate.message }

    private let repository: any TaskRepository

    /// A view model over `repository`; `clock` and `timeZone` say what today is, and the day a
    /// picked due date falls on.
    init(
        repository: any TaskRepository = InMemoryTaskRepository(), clock: @escaping @Sendable () -> Date = { Date() },
        timeZone: TimeZone = .current
    ) {
        self.repository = repository
        form = ToDoTaskForm(context: ValidationContext(clock: clock, timeZone: timeZone), timeZone: timeZone)
    }

    func onAppear() {
        tasks = repository.fetchAll()
    }

    func onTapCreate() {
        guard let task = form.submit() else { return }
        repository.save(TaskEntity(content: task))
        form.reset()
        showSheet = false
        tasks = repository.fetchAll()
    }

    func toggleIsDone(_ index: Int) {
        tasks[index].toggleIsDone()
        repository.save(tasks[index])
    }
}
