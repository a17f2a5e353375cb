import CFuzzerDriver
import Foundation

/// Runs libFuzzer with this process's arguments, calling `body` on each input, and exits with its status.
///
/// NB: SwiftPM links an executable's `main` to the module's own entry point, so libFuzzer's `main`
/// is never used; each target's `@main` calls this instead.
public func runFuzzer(_ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, body))
}

/// The bytes libFuzzer passes, copied.
public func bytes(_ start: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
    Array(UnsafeBufferPointer(start: start, count: count))
}
