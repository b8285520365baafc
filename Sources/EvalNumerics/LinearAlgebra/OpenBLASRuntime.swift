#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The BLAS that LAPACKE runs on, as far as it can be asked at run time (Docs/scale-out.md#openblas):
/// OpenBLAS's core name and thread count, looked up by symbol so that no header or link line
/// changes. Results of OpenBLAS kernels can differ in the last bits between core types and
/// thread counts, so sharded runs pin both and record them per shard.
public enum OpenBLASRuntime {
    private typealias NameFunction = @convention(c) () -> UnsafeMutablePointer<CChar>?
    private typealias GetThreads = @convention(c) () -> Int32
    private typealias SetThreads = @convention(c) (Int32) -> Void

    private static func symbol(_ name: String) -> UnsafeMutableRawPointer? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name)  // RTLD_DEFAULT: every loaded library
    }

    /// `openblas_get_corename()`, or "not OpenBLAS" when the loaded BLAS does not export it.
    public static var coreName: String {
        guard let pointer = symbol("openblas_get_corename") else { return "not OpenBLAS" }
        let function = unsafeBitCast(pointer, to: NameFunction.self)
        guard let name = function() else { return "unknown" }
        return String(cString: name)
    }

    /// `openblas_get_num_threads()`, or nil when the loaded BLAS does not export it.
    public static var threads: Int? {
        guard let pointer = symbol("openblas_get_num_threads") else { return nil }
        return Int(unsafeBitCast(pointer, to: GetThreads.self)())
    }

    /// Calls `openblas_set_num_threads(n)` when it exists; returns whether it did.
    @discardableResult
    public static func setThreads(_ n: Int) -> Bool {
        guard let pointer = symbol("openblas_set_num_threads") else { return false }
        unsafeBitCast(pointer, to: SetThreads.self)(Int32(n))
        return true
    }
}
