import Foundation

/// What a resumable point-major sweep evaluates: a fixed list of points, each giving, per unit
/// (a trial of a warmth sweep), a vector of components from which every compared figure is
/// computed. (Replay sweeps run recording-major instead, ``SweepPass``.)
///
/// Conformers prepare whatever the points share before the run (a warmth sweep's guide stage
/// per temperature and floor) and evaluate a batch
/// of points on all cores, deterministically: the values of a point never depend on the batch
/// it is evaluated in.
public protocol SweepSubject: Sendable {
    /// Number of points.
    var pointCount: Int { get }
    /// Units each point's value covers.
    var unitCount: Int { get }
    /// Components per unit.
    var componentCount: Int { get }
    /// The values of `points` (ascending indices), `[point][unit][component]` in the same order.
    func evaluate(_ points: [Int]) throws -> [[[Double]]]
}

/// The batched, checkpointed loop of the point-major sweeps: it evaluates the points not yet done in
/// batches, records each batch in the ``SweepCheckpoint`` and hands it to the caller (who saves
/// it and reports progress) before the next, so a killed sweep loses at most one batch.
public enum ResumableSweep {
    /// Runs every point of `subject` (or of `only`, when given) not in `checkpoint` or `known`.
    ///
    /// - Parameters:
    ///   - checkpoint: points already done; updated as batches finish.
    ///   - known: points computed elsewhere, by index; not written to the checkpoint.
    ///   - only: the points to run (a shard's share); all points when nil.
    ///   - batchSize: points per batch.
    ///   - afterBatch: called after each batch with the updated checkpoint and the number of
    ///     points done; return false to stop early (the result is then nil).
    /// - Returns: the values of every point run or known, by index.
    public static func run<Subject: SweepSubject>(
        _ subject: Subject, checkpoint: inout SweepCheckpoint, known: [Int: [[Double]]] = [:], only: [Int]? = nil,
        batchSize: Int, afterBatch: (SweepCheckpoint, Int) throws -> Bool = { _, _ in true }
    ) throws -> [Int: [[Double]]]? {
        let wanted = only ?? Array(0..<subject.pointCount)
        let wantedSet = Set(wanted)
        var done = known.merging(checkpoint.completed) { $1 }.filter { only == nil || wantedSet.contains($0.key) }
        let pending = wanted.filter { done[$0] == nil }
        var start = 0
        while start < pending.count {
            let batch = Array(pending[start..<min(start + max(1, batchSize), pending.count)])
            let values = try subject.evaluate(batch)
            let results = Dictionary(uniqueKeysWithValues: zip(batch, values))
            checkpoint.record(results)
            done.merge(results) { $1 }
            start += batch.count
            guard try afterBatch(checkpoint, done.count) else { return nil }
        }
        return done
    }
}
