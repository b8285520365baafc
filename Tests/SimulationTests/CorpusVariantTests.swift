import Foundation
import Testing
@testable import Simulation

/// Simulator overrides and corpus variants (spec.md#sweep-variants).
@Suite struct CorpusVariantTests {
    let base = CorpusSpec(
        name: "c", count: 10, seed: 7,
        arms: [CorpusSpec.Arm(scenario: .twinsMoved, weight: 1, duration: [30, 40])])

    @Test func overridesSetNestedParametersAndNothingElse() throws {
        let configuration = try SimulationConfiguration().applying([
            "drift.errorScale": .number(3), "embeddings.twinCosineRange": .numbers([0.95, 0.99]),
            "drift.residualSequences": .strings(["fr2_desk"]), "drift.rotationError": .flag(false),
        ])
        var expected = SimulationConfiguration()
        expected.drift.errorScale = 3
        expected.embeddings.twinCosineRange = [0.95, 0.99]
        expected.drift.residualSequences = ["fr2_desk"]
        expected.drift.rotationError = false
        #expect(configuration == expected)
        #expect(try SimulationConfiguration().applying([:]) == SimulationConfiguration())
    }

    @Test func unknownKeysAndWrongTypesAreErrorsNamingTheKey() {
        #expect(throws: SimulationOverrideError.self) { try SimulationConfiguration().applying(["drift.errorScal": .number(3)]) }
        #expect(throws: SimulationOverrideError.self) { try SimulationConfiguration().applying(["drift": .number(3)]) }
        #expect(throws: SimulationOverrideError.self) { try SimulationConfiguration().applying(["drift.errorScale.x": .number(3)]) }
        #expect(throws: SimulationOverrideError.self) { try SimulationConfiguration().applying(["drift.errorScale": .text("three")]) }
        do {
            _ = try SimulationConfiguration().applying(["detector.nope": .number(1)])
        } catch {
            #expect("\(error)".contains("detector.nope"))
        }
    }

    @Test func variantsShareMembersAndLayerTheirParameters() throws {
        var spec = base
        spec.simulation = ["drift.errorScale": .number(2)]
        spec.variants = CorpusVariants(count: 4, models: [
            .init(name: "weak", family: "detector", simulation: ["detector.maximumRecall": .number(0.65)]),
        ])
        #expect(spec.problem == nil)
        let variant = spec.variantSpec(spec.variants!.models[0])
        #expect(variant.count == 4)
        #expect(variant.variants == nil)
        #expect((0..<4).allSatisfy { variant.member($0) == spec.member($0) })
        let configuration = try variant.configuration()
        #expect(configuration.drift.errorScale == 2)
        #expect(configuration.detector.maximumRecall == 0.65)
        #expect(spec.recordingsSpec.variants == nil)
    }

    @Test func badVariantsAreReported() {
        var spec = base
        spec.variants = CorpusVariants(count: 4, models: [
            .init(name: "a", family: "drift", simulation: ["drift.nothing": .number(1)]),
        ])
        #expect(spec.problem?.contains("variants.models[0].simulation") == true)
        spec.variants = CorpusVariants(count: 4, models: [
            .init(name: "a", family: "drift", simulation: [:]), .init(name: "a", family: "drift", simulation: [:]),
        ])
        #expect(spec.problem?.contains("variants.models[1].name") == true)
        spec.variants = CorpusVariants(count: 0, models: [])
        #expect(spec.problem?.contains("variants.count") == true)
    }

    @Test func specsDecodeFromJSON() throws {
        let json = """
            {"name": "c", "count": 3, "seed": 1, "arms": [{"scenario": "absence", "weight": 1, "duration": [30, 30]}],
             "variants": {"count": 2, "models": [{"name": "x3", "family": "drift", "simulation": {"drift.errorScale": 3,
             "embeddings.twinCosineRange": [0.9, 0.95]}}]}}
            """
        let spec = try JSONDecoder().decode(CorpusSpec.self, from: Data(json.utf8))
        #expect(spec.problem == nil)
        #expect(spec.variants?.models[0].simulation["drift.errorScale"] == .number(3))
        #expect(spec.variants?.models[0].settingsText == "drift.errorScale = 3, embeddings.twinCosineRange = [0.9, 0.95]")
    }
}
