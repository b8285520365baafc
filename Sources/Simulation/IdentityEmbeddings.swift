import EvalNumerics

/// Unit appearance embeddings for every object of a scene, with exact cosines between
/// identities, and noisy per-view embeddings drawn from them (`EmbeddingModel`).
public struct IdentityEmbeddings: Sendable {
    /// The model.
    public let model: EmbeddingModel
    /// Identity vectors by object id, in object-id order.
    public let identities: [(object: Int64, vector: [Double])]
    /// The cross-cosine drawn for each twin group, in group order.
    public let twinCosines: [(group: Int64, cosine: Double)]

    /// Builds identity vectors for `objects` from the `.identities` stream.
    ///
    /// Class, twin-group and per-object parts are orthonormalised (Gram–Schmidt), so two
    /// objects of one class have cosine `sameClassCosine` and twins their group's cosine.
    /// - Precondition: classes + groups + objects ≤ `model.dimension`.
    public init(objects: [SceneObject], model: EmbeddingModel, streams: RandomStreams) {
        self.model = model
        var random = streams.generator(.identities)
        let sorted = objects.sorted { $0.id < $1.id }
        let kinds = ObjectKind.allCases.filter { kind in sorted.contains { $0.kind == kind } }
        let groups = Array(Set(sorted.compactMap(\.twinGroup))).sorted()
        precondition(kinds.count + groups.count + sorted.count <= model.dimension, "too many identities for the embedding size")
        let (low, high) = (model.twinCosineRange.first ?? 0.85, model.twinCosineRange.last ?? 0.99)
        let cosines = groups.map { (group: $0, cosine: random.uniform(low, high)) }
        let basis = Self.orthonormalBasis(count: kinds.count + groups.count + sorted.count, dimension: model.dimension, random: &random)
        let classWeight = model.sameClassCosine.squareRoot()
        identities = sorted.enumerated().map { offset, object in
            let classPart = basis[kinds.firstIndex(of: object.kind)!]
            let own = basis[kinds.count + groups.count + offset]
            let groupIndex = object.twinGroup.flatMap { groups.firstIndex(of: $0) }
            let shared = groupIndex.map { cosines[$0].cosine } ?? model.sameClassCosine
            let groupWeight = max(shared - model.sameClassCosine, 0).squareRoot()
            let ownWeight = max(1 - max(shared, model.sameClassCosine), 0).squareRoot()
            var vector = zip(classPart, own).map { classWeight * $0 + ownWeight * $1 }
            if let groupIndex {
                vector = zip(vector, basis[kinds.count + groupIndex]).map { $0 + groupWeight * $1 }
            }
            return (object: object.id, vector: vector)
        }
        twinCosines = cosines
    }

    /// The identity vector of `object`, if it has one.
    public func identity(of object: Int64) -> [Double]? {
        identities.first { $0.object == object }?.vector
    }

    /// One view's embedding of `object`: its identity plus isotropic noise of a strength drawn
    /// from `viewNoiseRange`, unit length, or a random unit vector for an unknown object (a
    /// false positive).
    public func view(of object: Int64?, random: inout SplitMix64) -> [Float] {
        let base = object.flatMap(identity(of:)) ?? [Double](repeating: 0, count: model.dimension)
        let strength = random.uniform(model.viewNoiseRange.first ?? 0.3, model.viewNoiseRange.last ?? 0.3)
        let noise = object.flatMap(identity(of:)) == nil ? 1 : strength / Double(model.dimension).squareRoot()
        let noisy = base.map { $0 + noise * random.gaussian() }
        return Self.unit(noisy).map(Float.init)
    }

    /// `count` orthonormal vectors of length `dimension` from Gaussian draws (Gram–Schmidt).
    static func orthonormalBasis(count: Int, dimension: Int, random: inout SplitMix64) -> [[Double]] {
        var basis: [[Double]] = []
        while basis.count < count {
            var vector = (0..<dimension).map { _ in random.gaussian() }
            for other in basis {
                let projection = zip(vector, other).reduce(0) { $0 + $1.0 * $1.1 }
                vector = zip(vector, other).map { $0 - projection * $1 }
            }
            basis.append(unit(vector))
        }
        return basis
    }

    /// `vector` scaled to unit length.
    static func unit(_ vector: [Double]) -> [Double] {
        let norm = vector.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return vector.map { $0 / norm }
    }
}
