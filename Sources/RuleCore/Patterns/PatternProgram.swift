/// A compiled pattern: a Thompson NFA written as instructions, which ``PatternMatcher`` runs.
///
/// Execution starts at instruction 0; the last instruction is the only ``Instruction/match``.
struct PatternProgram: Sendable {
    /// One state of the automaton.
    enum Instruction: Sendable {
        /// Consumes this scalar, then goes on at the next instruction.
        case scalar(Unicode.Scalar)
        /// Consumes a scalar of `classes[index]`, then goes on at the next instruction.
        case scalarClass(index: Int)
        /// Goes on at both instructions, without consuming.
        case split(Int, Int)
        /// Goes on at this instruction, without consuming.
        case jump(Int)
        /// Goes on at the next instruction if no scalar has been consumed yet.
        case assertStart
        /// Goes on at the next instruction if every scalar has been consumed.
        case assertEnd
        /// The whole value matched, if every scalar has been consumed.
        case match
    }

    /// The instructions; never empty.
    var instructions: [Instruction]
    /// The classes that ``Instruction/scalarClass(index:)`` refers to.
    var classes: [ScalarClass]
}
