/// Compiles ``PatternSyntax`` into a ``PatternProgram``, Thompson's construction.
///
/// Counted repetitions become copies of their part (`x{2,4}` is `xx(x(x)?)?`), so the program is
/// at most ``PatternParser/maximumRepetition`` times the size of the pattern.
struct PatternCompiler {
    private var instructions: [PatternProgram.Instruction] = []
    private var classes: [ScalarClass] = []

    /// The program that matches what `syntax` matches.
    static func compile(_ syntax: PatternSyntax) -> PatternProgram {
        var compiler = PatternCompiler()
        compiler.emit(syntax)
        compiler.instructions.append(.match)
        return PatternProgram(instructions: compiler.instructions, classes: compiler.classes)
    }

    private mutating func emit(_ syntax: PatternSyntax) {
        switch syntax {
        case .empty:
            break
        case .scalar(let scalar):
            instructions.append(.scalar(scalar))
        case .scalarClass(let scalarClass):
            classes.append(scalarClass)
            instructions.append(.scalarClass(index: classes.count - 1))
        case .startAnchor:
            instructions.append(.assertStart)
        case .endAnchor:
            instructions.append(.assertEnd)
        case .concatenation(let parts):
            for part in parts { emit(part) }
        case .alternation(let alternatives):
            var exits: [Int] = []
            for alternative in alternatives.dropLast() {
                let split = placeholder()
                emit(alternative)
                exits.append(placeholder())
                instructions[split] = .split(split + 1, instructions.count)
            }
            emit(alternatives[alternatives.count - 1])
            for exit in exits { instructions[exit] = .jump(instructions.count) }
        case .repetition(let part, let min, nil) where min > 0:
            // x{3,} is xx(x)+, and x+ is a loop back over one copy.
            for _ in 1..<min { emit(part) }
            let loop = instructions.count
            emit(part)
            instructions.append(.split(loop, instructions.count + 1))
        case .repetition(let part, _, nil):
            let loop = placeholder()
            emit(part)
            instructions.append(.jump(loop))
            instructions[loop] = .split(loop + 1, instructions.count)
        case .repetition(let part, let min, let max?):
            for _ in 0..<min { emit(part) }
            var skips: [Int] = []
            for _ in min..<max {
                skips.append(placeholder())
                emit(part)
            }
            for skip in skips { instructions[skip] = .split(skip + 1, instructions.count) }
        }
    }

    /// Appends an instruction to be replaced once its targets are known.
    private mutating func placeholder() -> Int {
        instructions.append(.jump(instructions.count))
        return instructions.count - 1
    }
}
