import EvalNumerics
import Testing
@testable import Simulation

@Suite struct EmbeddingTests {
    func cosine(_ a: [Double], _ b: [Double]) -> Double { zip(a, b).reduce(0) { $0 + $1.0 * $1.1 } }

    @Test(arguments: [UInt64(1), 2, 3, 99])
    func twinCrossCosinesFallInTheConfiguredBand(seed: UInt64) throws {
        let model = EmbeddingModel()
        let scene = Scenario.walkawayReapproach.scene()
        let embeddings = IdentityEmbeddings(objects: scene.objects, model: model, streams: RandomStreams(seed: seed))
        for object in scene.objects {
            let vector = try #require(embeddings.identity(of: object.id))
            #expect(vector.count == 512 && abs(cosine(vector, vector) - 1) < 1e-9)
        }
        for group in [Int64(1), 2] {
            let twins = scene.objects.filter { $0.twinGroup == group }
            #expect(twins.count == 2)
            let c = cosine(embeddings.identity(of: twins[0].id)!, embeddings.identity(of: twins[1].id)!)
            #expect(c >= model.twinCosineRange[0] - 1e-9 && c <= model.twinCosineRange[1] + 1e-9, "group \(group): \(c)")
            #expect(abs(c - embeddings.twinCosines.first { $0.group == group }!.cosine) < 1e-9)
        }
        let books = scene.objects.filter { $0.kind == .book }.map { embeddings.identity(of: $0.id)! }
        #expect(abs(cosine(books[0], books[1]) - model.sameClassCosine) < 1e-9)
        let monitor = embeddings.identity(of: 1)!, keyboard = embeddings.identity(of: 2)!
        #expect(abs(cosine(monitor, keyboard)) < 1e-9)
    }

    @Test func viewsAreUnitAndNoisyAroundTheirIdentity() throws {
        let capture = SimulationFixtures.twins
        var sum = 0.0
        var count = 0
        for (detection, cause) in zip(capture.recording.detections, capture.detectionCauses) {
            guard let embedding = detection.embedding else { continue }
            let view = embedding.map(Double.init)
            #expect(abs(cosine(view, view) - 1) < 1e-5)
            if let source = cause.source {
                sum += cosine(view, try #require(capture.embeddings.identity(of: source)))
                count += 1
            }
        }
        let expected = 1 / (1 + EmbeddingModel().viewNoise * EmbeddingModel().viewNoise).squareRoot()
        #expect(count > 10 && abs(sum / Double(count) - expected) < 0.01)
    }
}

@Suite struct FalsePositiveEmbeddingTests {
    @Test func falsePositivesGetEmbeddingsUnrelatedToEveryIdentity() {
        let scene = Scenario.twinsMoved.scene()
        let embeddings = IdentityEmbeddings(objects: scene.objects, model: EmbeddingModel(), streams: RandomStreams(seed: 4))
        var random = SplitMix64(seed: 5)
        for _ in 0..<20 {
            let view = embeddings.view(of: nil, random: &random).map(Double.init)
            for identity in embeddings.identities {
                #expect(abs(zip(view, identity.vector).reduce(0) { $0 + $1.0 * $1.1 }) < 0.25)
            }
        }
    }
}
