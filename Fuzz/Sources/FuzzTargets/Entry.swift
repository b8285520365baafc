import Foundation

/// The target this process fuzzes, chosen by `FUZZ_TARGET` before the first input.
nonisolated(unsafe) var selected: FuzzTarget?

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    if let folder = environment["FUZZ_MAKE_SEEDS"] {
        // Seed mode: write every target's corpus and exit (Scripts/fuzz calls this first).
        do {
            try makeSeeds(root: environment["FUZZ_ROOT"] ?? FileManager.default.currentDirectoryPath, into: folder)
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("fuzz seeds: \(error)\n".utf8))
            exit(1)
        }
    }
    let name = environment["FUZZ_TARGET"] ?? ""
    guard let target = allTargets.first(where: { $0.name == name }) else {
        let names = allTargets.map(\.name).joined(separator: " ")
        FileHandle.standardError.write(Data("FUZZ_TARGET must name one of: \(names)\n".utf8))
        exit(64)
    }
    selected = target
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = count == 0 || bytes == nil ? Data() : Data(bytes: bytes!, count: count)
    selected?.body(data)
    return 0
}

/// libFuzzer's driver, for when `main` is ours (below).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// SwiftPM links an executable target with `main` aliased to `<module>_main` unless it was
/// told (`--sanitize fuzzer`) that libFuzzer supplies `main`; with the sanitizers passed as one
/// `-Xswiftc -sanitize=fuzzer,address` flag it was not, so this entry point hands over to
/// libFuzzer's driver. When `main` is libFuzzer's own, this function is simply unused. Started
/// with `--probe-results-file FILE` it is the hdf5 target's crash-boundary child instead.
@_cdecl("FuzzTargets_main")
public func fuzzTargetsMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    // a crash-boundary child of the hdf5 target (CrashBoundary.swift): no fuzzer in it
    if argc == 3, let flag = argv[1], String(cString: flag) == probeArgument, let path = argv[2] {
        return probeResultsFile(String(cString: path))
    }
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&count, &arguments, fuzzerTestOneInput)
}
