import Dispatch
import Foundation
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

/// Splits `0..<count` into contiguous chunks, runs `body` on each chunk concurrently
/// (`perProcessor` chunks per active processor, at least `minimumChunk` long), and returns
/// the chunk results in order. More chunks than processors balance work that is uneven
/// along the range: a processor done early takes the next chunk.
///
/// Callers merge the results in chunk order, so the outcome does not depend on timing.
public func inChunks<R: Sendable>(of count: Int, minimumChunk: Int = 256, perProcessor: Int = 1,
                                  _ body: @Sendable (Range<Int>) -> R) -> [R] {
    let processors = max(1, ProcessInfo.processInfo.activeProcessorCount)
    let chunks = max(1, min(processors * max(1, perProcessor), count / max(1, minimumChunk)))
    let bounds = (0...chunks).map { count * $0 / chunks }
    let results = Mutex([R?](repeating: nil, count: chunks))
    DispatchQueue.concurrentPerform(iterations: chunks) { index in
        let value = body(bounds[index]..<bounds[index + 1])
        results.withLock { $0[index] = value }
    }
    return results.withLock { $0 }.map { $0! }
}
