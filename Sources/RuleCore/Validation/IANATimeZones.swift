import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The zones of the IANA time zone database that this machine holds, by the names its files have
/// (`Asia/Tokyo`, `UTC`, `Etc/GMT+9`): what a `Time-Zone` header may name in every runtime.
///
/// The rule is Python's `zoneinfo.available_timezones()`, which the Python package uses: every
/// file under the database's folders that starts as a TZif file does, outside `right/` and `posix/`,
/// without `posixrules` and `localtime` (the machine's own zone, not a zone of the database). So no
/// abbreviation (`JST`), offset (`GMT+09:00`), other case (`asia/tokyo`) or path is a name, however
/// Foundation's `TimeZone(identifier:)` would read it. The set is the machine's database, not a
/// table of rulecheck's: a zone added by a tzdata update is a name once the machine has it.
enum IANATimeZones {
    /// The folders the database may be in: Python's default `zoneinfo.TZPATH`.
    static let roots = ["/usr/share/zoneinfo", "/usr/lib/zoneinfo", "/usr/share/lib/zoneinfo", "/etc/zoneinfo"]

    /// Whether `name` is a zone of the database, spelled as it spells it: a file of any of the
    /// folders, as Python's `available_timezones()` walks every folder of `TZPATH` and unions what
    /// it finds. Only the name's own folders and file are read, never the whole database.
    static func contains(_ name: String) -> Bool {
        let name = Array(name.utf8)
        return lookup.withLock { $0.contains(name) }
    }

    private static let lookup = Locked(Lookup())

    /// The names found so far and the folders listed so far, each read once.
    private struct Lookup {
        var zones: Set<[UInt8]> = []
        /// Each folder's entries by their bytes, or `nil` when the path is no folder.
        var listings: [String: Set<[UInt8]>?] = [:]
        /// Foundation's own names, for a system with no database on disk (a sandboxed app); `nil`
        /// until asked, then `.some(nil)` when the machine has a database.
        var foundationNames: Set<[UInt8]>?? = nil

        mutating func contains(_ name: [UInt8]) -> Bool {
            if zones.contains(name) { return true }
            if foundationNames == nil {
                let hasDatabase = IANATimeZones.roots.contains { listing($0)?.isEmpty == false }
                foundationNames = .some(
                    hasDatabase ? nil : Set(TimeZone.knownTimeZoneIdentifiers.map { Array($0.utf8) }))
            }
            if case .some(.some(let names)) = foundationNames { return names.contains(name) }
            guard let components = IANATimeZones.components(of: name) else { return false }
            for root in IANATimeZones.roots where isZone(components, in: root) {
                zones.insert(name)
                return true
            }
            return false
        }

        /// Whether `components` lead through real folders under `root` (a linked folder is not
        /// walked, as Python's `os.walk` follows none), each spelled as listed, to a TZif file.
        private mutating func isZone(_ components: [[UInt8]], in root: String) -> Bool {
            var path = root
            for component in components {
                // NB: the listing, not the file system, says whether the name is spelled as the
                // database spells it: a case-insensitive volume opens `asia/tokyo` too.
                guard listing(path)?.contains(component) == true else { return false }
                path += "/" + String(decoding: component, as: UTF8.self)
            }
            return IANATimeZones.isZoneFile(path)
        }

        /// The entries of `folder` when it is a folder, not a link to one (a root may be a link).
        private mutating func listing(_ folder: String) -> Set<[UInt8]>? {
            if let known = listings[folder] { return known }
            var entries: Set<[UInt8]>?
            var info = stat()
            let found = IANATimeZones.roots.contains(folder) ? stat(folder, &info) : lstat(folder, &info)
            if found == 0, info.st_mode & S_IFMT == S_IFDIR,
                let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
            {
                entries = Set(names.map { Array($0.utf8) })
            }
            listings[folder] = .some(entries)
            return entries
        }
    }

    /// The path components of `name` when it can be a name of the database: none empty, `.` or
    /// `..`, no NUL, not under `right/` or `posix/`, and not `posixrules` or `localtime` (the
    /// machine's own zone, not a zone of the database).
    private static func components(of name: [UInt8]) -> [[UInt8]]? {
        let components = name.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map(Array.init)
        let invalid: Set<[UInt8]> = [[], Array(".".utf8), Array("..".utf8)]
        guard !name.contains(0), !components.contains(where: invalid.contains),
            !["right", "posix"].contains(where: { components[0] == Array($0.utf8) }),
            name != Array("posixrules".utf8), name != Array("localtime".utf8)
        else { return nil }
        return components
    }

    /// Whether the file at `path` starts as a TZif file does.
    private static func isZoneFile(_ path: String) -> Bool {
        // NB: POSIX calls, not FileHandle: one open and one read of four bytes.
        let file = open(path, O_RDONLY)
        guard file >= 0 else { return false }
        defer { close(file) }
        var head: [UInt8] = [0, 0, 0, 0]
        let count = head.withUnsafeMutableBytes { read(file, $0.baseAddress, 4) }
        return count == 4 && head == Array("TZif".utf8)
    }
}
