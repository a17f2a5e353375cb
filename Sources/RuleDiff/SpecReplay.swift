import Foundation
public import RuleCore
import RuleSpec
import RuleYAML

/// A spec case whose verdict or codes differ between OLD and NEW.
public struct FlippedCase: Sendable {
    /// Where the case is, `file:line`.
    public var location: String
    /// The case's name, if it has one.
    public var name: String?
    /// The type or model it is for.
    public var typeName: String
    /// OLD's verdict and NEW's.
    public var old: String
    public var new: String
}

extension RuleDiffer {
    /// Replays every case of the spec files at `paths` with both rule sets, each file with its own
    /// `today:` (else the diff's), and files each case that flips under the change that explains it:
    /// its own type's or model's, else the first changed type of the model's fields.
    ///
    /// - Throws: the diagnostics of a spec file that cannot be read.
    public func replay(_ paths: [String], into report: inout DiffReport) throws(SpecReplayError) {
        var diagnostics: [Diagnostic] = []
        let files = RuleFileLoader.yamlFiles(at: paths, diagnostics: &diagnostics)
        if files.isEmpty && diagnostics.isEmpty {
            diagnostics.append(
                .error("no spec files (*.yaml, *.yml) in \(paths.map { "'\($0)'" }.joined(separator: ", "))", at: nil))
        }
        guard diagnostics.isEmpty else { throw SpecReplayError(diagnostics: diagnostics) }
        var unexplained: [FlippedCase] = []
        for file in files {
            do throws(Diagnostic) {
                // NB: the size from the file's metadata, refused before a byte is read, as `test` does.
                let reader = try SpecFileReader(file: file, source: YAMLInput.read(file, limits: .specFile))
                let header = try reader.readHeader()
                let context = ValidationContext(today: header.today ?? today)
                while let specCase = try reader.nextCase() {
                    guard let flip = flip(specCase, context) else { continue }
                    if let index = explaining(flip.typeName, report) {
                        report.changes[index].specCases.append(flip)
                    } else {
                        unexplained.append(flip)
                    }
                }
                diagnostics += reader.diagnostics.filter { $0.severity == .error }
            } catch {
                diagnostics.append(error)
            }
        }
        report.unexplainedCases = unexplained
        report.specFiles = files.count
        guard diagnostics.isEmpty else { throw SpecReplayError(diagnostics: diagnostics) }
    }

    private func flip(_ specCase: SpecCase, _ context: ValidationContext) -> FlippedCase? {
        let validators = (old.rules.validator(named: specCase.typeName), new.rules.validator(named: specCase.typeName))
        let before =
            validators.0.map { verdict($0.validate(specCase.input, context: context)) } ?? "no such type or model"
        let after =
            validators.1.map { verdict($0.validate(specCase.input, context: context)) } ?? "no such type or model"
        guard before != after else { return nil }
        let range = specCase.range
        return FlippedCase(
            location: "\(range.start.file):\(range.start.line)", name: specCase.name, typeName: specCase.typeName,
            old: before, new: after)
    }

    private func explaining(_ name: String, _ report: DiffReport) -> Int? {
        if let own = report.changes.firstIndex(where: { $0.name == name }) { return own }
        if let field = report.changes.firstIndex(where: { $0.kind == "field" && $0.name.hasScalarPrefix(name + ".") }) {
            return field
        }
        let models = [new.rules.models, old.rules.models].compactMap { $0.first { $0.name == name } }
        for model in models {
            for field in model.fields {
                if let index = report.changes.firstIndex(where: { $0.name == field.typeName }) { return index }
            }
        }
        return nil
    }
}

/// The spec files given to `--specs` that could not be read.
public struct SpecReplayError: Error, Sendable {
    public var diagnostics: [Diagnostic]
}
