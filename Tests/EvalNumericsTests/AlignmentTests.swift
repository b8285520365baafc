import Foundation
import EvalNumerics
import Testing

/// A random rotation from a random unit quaternion.
func randomRotation(_ generator: inout SplitMix64) -> Matrix {
    var q = SIMD4<Double>((0..<4).map { _ in generator.nextUnit() * 2 - 1 })
    q /= (q * q).sum().squareRoot()
    let (x, y, z, w) = (q.x, q.y, q.z, q.w)
    return Matrix(rows: [
        [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
        [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
        [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
    ])
}

func randomPoints(_ count: Int, _ generator: inout SplitMix64) -> [SIMD3<Double>] {
    (0..<count).map { _ in SIMD3(generator.nextUnit(), generator.nextUnit(), generator.nextUnit()) * 4 - 2 }
}

func maxDifference(_ a: Matrix, _ b: Matrix) -> Double {
    zip(a.elements, b.elements).map { abs($0 - $1) }.max() ?? 0
}

@Suite("SVD and Umeyama alignment")
struct AlignmentTests {
    @Test("SVD reconstructs the matrix, with orthogonal factors and descending singular values", arguments: [1, 2, 3, 4])
    func svdReconstructs(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        for (rows, columns) in [(3, 3), (4, 3), (3, 5), (1, 1)] {
            let a = Matrix(rows: rows, columns: columns, columnMajor: (0..<(rows * columns)).map { _ in generator.nextUnit() - 0.5 })
            let svd = try SingularValueDecomposition(a)
            #expect(maxDifference(svd.reconstructed, a) < 1e-14)
            #expect(maxDifference(svd.u.transposed * svd.u, .identity(rows)) < 1e-14)
            #expect(maxDifference(svd.vt * svd.vt.transposed, .identity(columns)) < 1e-14)
            #expect(zip(svd.singularValues, svd.singularValues.dropFirst()).allSatisfy { $0 >= $1 })
        }
    }

    @Test("SVD of a known diagonal matrix and a rank-one matrix")
    func svdKnownValues() throws {
        let svd = try SingularValueDecomposition(Matrix(rows: [[0, 0, 2], [0, -3, 0], [1, 0, 0]]))
        #expect(svd.singularValues == [3, 2, 1])
        let rankOne = try SingularValueDecomposition(Matrix(rows: [[1, 2, 2], [2, 4, 4], [3, 6, 6]]))
        #expect(abs(rankOne.singularValues[0] - (14.0 * 9).squareRoot()) < 1e-13)
        #expect(rankOne.singularValues[1] < 1e-14 && rankOne.singularValues[2] < 1e-14)
    }

    @Test("SVD rejects non-finite input with a typed error")
    func svdRejectsNaN() {
        #expect(throws: LinearAlgebraError.self) { try SingularValueDecomposition(Matrix(rows: [[.nan, 1], [0, 1]])) }
    }

    @Test("Umeyama recovers a known rigid and similarity transform", arguments: [UInt64(7), 8, 9, 10, 11])
    func recoversTransform(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let truth = RigidAlignment(
            rotation: randomRotation(&generator),
            translation: SIMD3(generator.nextUnit(), generator.nextUnit(), generator.nextUnit()) * 10 - 5,
            scale: 0.2 + 3 * generator.nextUnit())
        let source = randomPoints(50, &generator)
        let target = source.map(truth.apply)
        let sim3 = try Umeyama.align(source, to: target, kind: .sim3)
        #expect(maxDifference(sim3.rotation, truth.rotation) < 1e-12)
        #expect(abs(sim3.scale - truth.scale) < 1e-12 * truth.scale)
        #expect(((sim3.translation - truth.translation) * (sim3.translation - truth.translation)).sum().squareRoot() < 1e-11)
        #expect(abs(sim3.rotation.determinant - 1) < 1e-12)

        var rigid = truth
        rigid.scale = 1
        let se3 = try Umeyama.align(source, to: source.map(rigid.apply), kind: .se3)
        #expect(maxDifference(se3.rotation, rigid.rotation) < 1e-12)
        #expect(se3.scale == 1)
        #expect(try Umeyama.align(source, to: target, kind: .none) == .identity)
    }

    @Test("Reflection guard: a mirrored point set still gives a proper rotation")
    func reflectionGuard() throws {
        var generator = SplitMix64(seed: 3)
        let source = randomPoints(20, &generator)
        let mirrored = source.map { SIMD3(-$0.x, $0.y, $0.z) }
        let fit = try Umeyama.align(source, to: mirrored, withScale: false)
        #expect(abs(fit.rotation.determinant - 1) < 1e-12)
    }

    @Test("Aligned residuals are unchanged by a rigid transform of the source", arguments: [UInt64(21), 22, 23])
    func residualsInvariant(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let target = randomPoints(40, &generator)
        let source = target.map { $0 + SIMD3(generator.nextUnit(), generator.nextUnit(), generator.nextUnit()) * 0.1 }
        let moved = RigidAlignment(rotation: randomRotation(&generator), translation: SIMD3(3, -1, 2))
        let movedSource = source.map(moved.apply)
        for kind in [AlignmentKind.se3, .sim3] {
            let before = try residuals(source, target, kind)
            let after = try residuals(movedSource, target, kind)
            #expect(zip(before, after).allSatisfy { abs($0 - $1) < 1e-12 })
        }
    }

    @Test("Collinear points are rank-deficient, mismatched counts are a shape error")
    func degenerateInputs() {
        let line = (0..<10).map { SIMD3(Double($0), 0, 0) }  // exact zeros: evo compares with an absolute ε
        #expect(throws: LinearAlgebraError.rankDeficient(rank: 1)) { try Umeyama.align(line, to: line, withScale: false) }
        #expect(throws: LinearAlgebraError.self) { try Umeyama.align(line, to: Array(line.dropFirst()), withScale: false) }
    }

    private func residuals(_ source: [SIMD3<Double>], _ target: [SIMD3<Double>], _ kind: AlignmentKind) throws -> [Double] {
        let fit = try Umeyama.align(source, to: target, kind: kind)
        return zip(source, target).map { s, t in
            let d = fit.apply(s) - t
            return (d * d).sum().squareRoot()
        }
    }
}
