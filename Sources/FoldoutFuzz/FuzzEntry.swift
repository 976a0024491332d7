// Two ways in. Built by scripts/fuzz.sh (FOLDOUT_LIBFUZZER set, code coverage instrumented,
// libFuzzer's library linked), `main` hands control to libFuzzer with the checks as its
// callback. Built normally, as `swift build` and `swift test` do, it is a small program that
// replays inputs or runs a seeded random search, so the target always compiles and the same
// checks run without the sanitizer.

@main
enum FoldoutFuzz {
    static func main() {
        #if FOLDOUT_LIBFUZZER
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(withUnsafeMutablePointer(to: &argv) { LLVMFuzzerRunDriver(&argc, $0, fuzzOneInput) })
        #else
            MutationDriver.main(arguments: Array(CommandLine.arguments.dropFirst()))
        #endif
    }
}

#if FOLDOUT_LIBFUZZER
    import Foundation

    /// libFuzzer's entry for programs with their own `main` (from libclang_rt.fuzzer_no_main).
    /// SwiftPM names every executable's entry point itself, so libFuzzer's own `main` cannot be used.
    /// The name is libFuzzer's C symbol, so it keeps C's spelling.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    @_cdecl("LLVMFuzzerTestOneInput")
    func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        FuzzChecks.run(bytes)
        return 0
    }
#endif
