import Foundation

/// A ToDo task as seed 003's `TaskEntity` keeps it: an identity and a done flag around the
/// title, note and due date, which the generated `ToDoTask` validated together.
struct TaskEntity: Identifiable, Hashable, Sendable {
    let id: UUID
    let content: ToDoTask
    var isDone: Bool

    init(id: UUID = UUID(), content: ToDoTask, isDone: Bool = false) {
        self.id = id
        self.content = content
        self.isDone = isDone
    }

    mutating func toggleIsDone() {
        isDone.toggle()
    }
}

/// Where tasks are kept; seed 003's Infrastructure layer.
protocol TaskRepository: AnyObject {
    func fetchAll() -> [TaskEntity]
    func save(_ task: TaskEntity)
}

/// Tasks kept in memory, in the order they were created.
final class InMemoryTaskRepository: TaskRepository {
    private var tasks: [TaskEntity] = []

    func fetchAll() -> [TaskEntity] { tasks }

    func save(_ task: TaskEntity) {
        if let index = tasks.firstIndex(where: { $0.id == task.id }) {
            tasks[index] = task
        } else {
            tasks.append(task)
        }
    }
}
