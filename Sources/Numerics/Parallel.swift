import Dispatch
import Synchronization

/// Runs two independent computations at the same time and returns both results.
///
/// The second runs on a global queue while the first runs on the calling thread, so
/// this also parallelises when called from inside `concurrentPerform` (where a nested
/// `concurrentPerform` would run serially). Used where one job has two independent
/// halves (reading two files, scoring two metric families).
public func inParallel<A: Sendable, B: Sendable>(
    _ first: @Sendable () -> A, _ second: @escaping @Sendable () -> B
) -> (A, B) {
    let secondResult = Mutex<B?>(nil)
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
        let value = second()
        secondResult.withLock { $0 = value }
    }
    let a = first()
    group.wait()
    return (a, secondResult.withLock { $0 }!)
}
