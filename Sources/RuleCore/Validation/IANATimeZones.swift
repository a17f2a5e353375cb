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

    /// Every name, read from the first folder that holds some, once.
    static let names: Set<String> = {
        var names: Set<String> = []
        for root in roots { collect(in: root, prefix: "", into: &names) }
        names.remove("posixrules")
        names.remove("localtime")
        if names.isEmpty {
            // NB: a system with no database on disk (a sandboxed app): Foundation's own names.
            names = Set(TimeZone.knownTimeZoneIdentifiers)
        }
        return names
    }()

    /// Whether `name` is a zone of the database, spelled as it spells it.
    static func contains(_ name: String) -> Bool {
        names.contains(name)
    }

    private static func collect(in folder: String, prefix: String, into names: inout Set<String>) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for entry in entries {
            if prefix.isEmpty, entry == "right" || entry == "posix" { continue }
            let path = folder + "/" + entry
            let name = prefix + entry
            // NB: a symbolic link is a name when it leads to a zone file (`Japan` → `Asia/Tokyo`); a
            // linked folder is not walked, as Python's `os.walk` does not follow one.
            var info = stat()
            if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                collect(in: path, prefix: name + "/", into: &names)
            } else if !names.contains(name), isZoneFile(path) {
                names.insert(name)
            }
        }
    }

    /// Whether the file at `path` starts as a TZif file does.
    private static func isZoneFile(_ path: String) -> Bool {
        // NB: POSIX calls, not FileHandle and FileManager's attributes: the walk reads about 600
        // files once, in a tenth of a second rather than half of one.
        let file = open(path, O_RDONLY)
        guard file >= 0 else { return false }
        defer { close(file) }
        var head: [UInt8] = [0, 0, 0, 0]
        let count = head.withUnsafeMutableBytes { read(file, $0.baseAddress, 4) }
        return count == 4 && head == Array("TZif".utf8)
    }
}
