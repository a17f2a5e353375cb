internal import Foundation
public import RuleCore

/// Reads a whole single-document YAML file into a ``YAMLNode`` tree, with every diagnostic found.
///
/// ```swift
/// let (root, diagnostics) = YAMLReader(file: "rules/task.yaml").read(Array("title: Buy milk\n".utf8))
/// // root?.mapping?.first?.key.range.start.description == "rules/task.yaml:1:1", diagnostics == []
/// ```
public struct YAMLReader: Sendable {
    /// The file's name in every location.
    public var file: String
    /// The bounds on size, nesting and alias expansion.
    public var limits: YAMLLimits

    /// Creates a reader whose diagnostics name `file`.
    public init(file: String, limits: YAMLLimits = .default) {
        self.file = file
        self.limits = limits
    }

    /// Reads `bytes` as one YAML document.
    ///
    /// - Returns: The root node, `nil` for an empty stream or when a mistake stopped reading, and the
    ///   diagnostics: duplicate keys, then the mistake that stopped reading, if any.
    public func read(_ bytes: [UInt8]) -> (root: YAMLNode?, diagnostics: [Diagnostic]) {
        var reader: YAMLEventReader?
        do throws(Diagnostic) {
            let events = try YAMLEventReader(file: file, bytes: bytes, limits: limits)
            reader = events
            _ = try events.next()  // stream start
            guard try events.peek().kind != .streamEnd else { return (nil, []) }
            _ = try events.next()  // document start
            let root = try events.readNode()
            _ = try events.next()  // document end
            let after = try events.next()
            guard after.kind == .streamEnd else {
                return (
                    root, events.diagnostics + [.error("expected a single YAML document", at: after.range(in: file))]
                )
            }
            return (root, events.diagnostics)
        } catch {
            return (nil, (reader?.diagnostics ?? []) + [error])
        }
    }

    /// Reads the file at `path` as one YAML document, naming ``file`` in locations.
    ///
    /// A file that cannot be read is a diagnostic without a location: "cannot read 'path': is a directory".
    public func read(contentsOf path: String) -> (root: YAMLNode?, diagnostics: [Diagnostic]) {
        // NB: the size from the file's metadata, before a byte is read: a huge file costs nothing.
        if let size = YAMLInput.size(of: path), let error = limits.sizeError(size, file: file) { return (nil, [error]) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
        } catch {
            return (nil, [.error("cannot read '\(path)': \(Self.reason(error))", at: nil)])
        }
        // NB: checked again, for a file that grew since.
        if let error = limits.sizeError(data.count, file: file) { return (nil, [error]) }
        return read([UInt8](data))
    }

    /// Why a file could not be read, in the system's words: "no such file or directory".
    private static func reason(_ error: any Error) -> String {
        // NB: Foundation's own description of a POSIX error differs between Darwin and Linux; strerror does not.
        if let underlying = (error as? CocoaError)?.underlying.map({ $0 as NSError }),
            underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code))).diagnosticMessage
        }
        return error.localizedDescription.diagnosticMessage
    }
}
