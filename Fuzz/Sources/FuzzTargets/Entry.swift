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
