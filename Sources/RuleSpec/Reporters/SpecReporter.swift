/// Receives a run's outcomes in file order, case order, and writes a report.
public protocol SpecReporter {
    /// A spec file starts.
    mutating func beginFile(_ file: String)
    /// A case of the current file ran.
    mutating func record(_ outcome: CaseOutcome)
    /// The current file is done.
    mutating func endFile(_ file: String, passed: Int, failed: Int)
    /// The run is done: write what is left, such as a summary or a whole XML document.
    mutating func finish(passed: Int, failed: Int)
}
