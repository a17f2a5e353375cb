/// Runs a ``PatternProgram`` over a value by simulating its NFA (Pike's VM without captures).
///
/// Every state the automaton can be in after each scalar is tracked at once, so a match takes
/// O(program size × value length) time whatever the pattern, and memory of four integers per
/// instruction, allocated once per match.
struct PatternMatcher: Sendable {
    private let program: PatternProgram

    /// A matcher for `program`.
    init(_ program: PatternProgram) { self.program = program }

    /// How many states the program has.
    var stateCount: Int { program.instructions.count }

    /// Whether the program matches all of `value`.
    func matches(_ value: Substring.UnicodeScalarView) -> Bool {
        let count = program.instructions.count
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 4 * count) { buffer in
            buffer.initialize(repeating: 0)
            var simulation = Simulation(program: program, buffer: buffer, count: count)
            return simulation.run(value)
        }
    }
}

/// The state of one match: the live threads, the threads for the next scalar, and which
/// instructions have been reached at the current position.
private struct Simulation {
    let instructions: [PatternProgram.Instruction]
    let classes: [ScalarClass]
    /// `visited[pc] == generation` when `pc` has been reached at the current position.
    let visited: UnsafeMutableBufferPointer<Int>
    var current: UnsafeMutableBufferPointer<Int>
    var next: UnsafeMutableBufferPointer<Int>
    let stack: UnsafeMutableBufferPointer<Int>
    var currentCount = 0
    var nextCount = 0
    var generation = 1

    init(program: PatternProgram, buffer: UnsafeMutableBufferPointer<Int>, count: Int) {
        instructions = program.instructions
        classes = program.classes
        visited = UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
        current = UnsafeMutableBufferPointer(rebasing: buffer[count..<2 * count])
        next = UnsafeMutableBufferPointer(rebasing: buffer[2 * count..<3 * count])
        stack = UnsafeMutableBufferPointer(rebasing: buffer[3 * count..<4 * count])
    }

    mutating func run(_ value: Substring.UnicodeScalarView) -> Bool {
        var index = value.startIndex
        follow(from: 0, atStart: true, atEnd: index == value.endIndex)
        swap(&current, &next)
        swap(&currentCount, &nextCount)
        while index != value.endIndex, currentCount > 0 {
            let scalar = value[index]
            value.formIndex(after: &index)
            generation += 1
            nextCount = 0
            for thread in 0..<currentCount {
                let pc = current[thread]
                let consumes: Bool
                switch instructions[pc] {
                case .scalar(let expected): consumes = scalar == expected
                case .scalarClass(let classIndex): consumes = classes[classIndex].contains(scalar)
                default: consumes = false  // .match before the end of the value
                }
                if consumes { follow(from: pc + 1, atStart: false, atEnd: index == value.endIndex) }
            }
            swap(&current, &next)
            swap(&currentCount, &nextCount)
        }
        // NB: the only .match is the last instruction, and it was reached at the end of the value
        // exactly when it was visited in the last generation with scalars all consumed.
        return index == value.endIndex && visited[instructions.count - 1] == generation
    }

    /// Adds to `next` every consuming instruction and `.match` reachable from `start` without
    /// consuming, each once per position: the epsilon closure.
    private mutating func follow(from start: Int, atStart: Bool, atEnd: Bool) {
        var depth = 0
        push(start, &depth)
        while depth > 0 {
            depth -= 1
            let pc = stack[depth]
            switch instructions[pc] {
            case .jump(let target):
                push(target, &depth)
            case .split(let first, let second):
                push(second, &depth)
                push(first, &depth)
            case .assertStart:
                if atStart { push(pc + 1, &depth) }
            case .assertEnd:
                if atEnd { push(pc + 1, &depth) }
            case .scalar, .scalarClass, .match:
                next[nextCount] = pc
                nextCount += 1
            }
        }
    }

    /// Pushes `pc` unless it was reached at this position already, which bounds the stack and
    /// the thread lists by the program's size.
    private func push(_ pc: Int, _ depth: inout Int) {
        guard visited[pc] != generation else { return }
        visited[pc] = generation
        stack[depth] = pc
        depth += 1
    }
}
