public import RuleCore

/// Receives a run's outcomes in file order, case order, and writes a report.
public protocol SpecReporter {
    /// A spec file starts.
    mutating func beginFile(_ file: String)
    /// A case of the current file ran.
    mutating func record(_ outcome: CaseOutcome)
    /// An error made the current file, or some of its cases, unusable; outside a file (between
    /// ``endFile(_:passed:failed:)`` and the next ``beginFile(_:)``), it is about the whole run,
    /// such as no spec files at all.
    mutating func record(error: Diagnostic)
    /// Whether ``record(_:)`` wants the cases that passed; `false` spares the runner describing
    /// each of them (a million-case file is mostly passes).
    var recordsPassingCases: Bool { get }
    /// The current file is done.
    mutating func endFile(_ file: String, passed: Int, failed: Int)
    /// The run is done: write what is left, such as a summary or a whole XML document. `errors`
    /// counts the spec files whose cases could not all run, plus one for errors about the whole
    /// run (``SpecRunner/Summary/errors``).
    mutating func finish(passed: Int, failed: Int, errors: Int)
}

extension SpecReporter {
    /// Every reporter gets every case unless it says otherwise.
    public var recordsPassingCases: Bool { true }
}
