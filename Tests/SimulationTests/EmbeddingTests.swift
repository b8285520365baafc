import Foundation
import EvalNumerics
import Testing
@testable import Simulation

@Suite struct EmbeddingTests {
    func cosine(_ a: [Double], _ b: [Double]) -> Double { zip(a, b).reduce(0) { $0 + $1.0 * $1.1 } }

    @Test(arguments: [UInt64(1), 2, 3, 99])
    func twinCrossCosinesFallInTheConfiguredBand(seed: UInt64) throws {
        let model = EmbeddingModel()
        let scene = Scenario.walkawayReapproach.scene(seed: seed)
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
        let range = EmbeddingModel().viewNoiseRange
        var expected = 0.0
        for step in 0..<1000 {
            let sigma: Double = range[0] + (range[1] - range[0]) * (Double(step) + 0.5) / 1000
            expected += 1 / (1 + sigma * sigma).squareRoot() / 1000
        }
        #expect(count > 10 && abs(sum / Double(count) - expected) < 0.02, "mean \(sum / Double(count)), expected \(expected)")
    }

    /// Same-object cosines across views and twin cross-cosines overlap: appearance does not
    /// separate twins perfectly (spec.md#sim-embeddings).
    @Test func sameObjectAndTwinCosinesOverlap() {
        let scene = Scenario.twinsMoved.scene(seed: 2)
        let embeddings = IdentityEmbeddings(objects: scene.objects, model: EmbeddingModel(), streams: RandomStreams(seed: 2))
        var random = SplitMix64(seed: 8)
        let views = (0..<40).map { index -> (Int64, [Double]) in
            let object = Int64(1 + index % 2)
            return (object, embeddings.view(of: object, random: &random).map(Double.init))
        }
        var labels: [Bool] = [], scores: [Double] = []
        for i in views.indices {
            for j in views.indices where j > i {
                labels.append(views[i].0 == views[j].0)
                scores.append(cosine(views[i].1, views[j].1))
            }
        }
        let auc = ThresholdCurves.rocAUC(labels: labels, scores: scores) ?? 1
        #expect(auc > 0.5 && auc < 0.95, "AUC \(auc)")
        let crossMax = zip(labels, scores).filter { !$0.0 }.map(\.1).max()!
        let sameMin = zip(labels, scores).filter(\.0).map(\.1).min()!
        #expect(crossMax > sameMin, "the distributions overlap")
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
