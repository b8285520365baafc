import Foundation
import Recording

/// One field on which two matched decisions disagree.
public struct FieldDifference: Equatable, Sendable {
    /// The field (JSON name).
    public var field: String
    /// The app's value, as text.
    public var app: String
    /// The replica's value, as text.
    public var replica: String
    /// How far apart numeric values are (`4.20 mm`), when they are.
    public var delta: String?
}

/// The field-by-field comparison of two decisions of one kind and key.
enum DecisionDifferences {
    /// Every field both records have on which they disagree beyond `tolerances`; fields only
    /// one side has (optional fields) are not compared.
    static func between(_ app: AppDecision, _ replica: AppDecision, tolerances: ParityTolerances) -> [FieldDifference] {
        var found: [FieldDifference] = []
        func text(_ field: String, _ a: String?, _ r: String?) {
            guard let a, let r, a != r else { return }
            found.append(FieldDifference(field: field, app: a, replica: r))
        }
        text("instance", app.instance, replica.instance)
        text("detection", app.detection.map(String.init), replica.detection.map(String.init))
        text("label", app.label, replica.label)
        text("rule", app.mergeRule?.rawValue ?? app.lockOnBranch?.rawValue, replica.mergeRule?.rawValue ?? replica.lockOnBranch?.rawValue)
        if let a = app.position, let r = replica.position, distance(a, r) > tolerances.position {
            found.append(FieldDifference(field: "position", app: vector(a), replica: vector(r), delta: millimetres(distance(a, r))))
        }
        if let a = app.gap, let r = replica.gap, abs(a - r) > tolerances.gap {
            found.append(FieldDifference(field: "gap", app: metres(a), replica: metres(r), delta: millimetres(abs(a - r))))
        }
        text("clamped", app.clamped.map(String.init), replica.clamped.map(String.init))
        text("snapped", app.snapped.map(String.init), replica.snapped.map(String.init))
        text("followed", app.followed.map(String.init), replica.followed.map(String.init))
        text("look", app.look?.rawValue, replica.look?.rawValue)
        text("reason", app.noEvidenceReason?.rawValue, replica.noEvidenceReason?.rawValue)
        text("samples", app.absentSamples.map(String.init), replica.absentSamples.map(String.init))
        text("missing", app.missing.map(String.init), replica.missing.map(String.init))
        if app.kind == .missingFlip, !sameEvidence(app.evidence, replica.evidence, tolerance: tolerances.time) {
            found.append(FieldDifference(field: "evidence", app: evidence(app.evidence), replica: evidence(replica.evidence)))
        }
        text("state", app.arrivalState?.rawValue, replica.arrivalState?.rawValue)
        return found
    }

    private static func sameEvidence(_ a: [AppDecision.EvidenceSample], _ b: [AppDecision.EvidenceSample], tolerance: Double) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.frame == $1.frame && $0.look == $1.look && abs($0.time - $1.time) <= tolerance }
    }

    static func distance(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        ((a - b) * (a - b)).sum().squareRoot()
    }

    /// `(x, y, z)` in metres with four decimals (0.1 mm).
    static func vector(_ v: SIMD3<Double>) -> String {
        String(format: "(%.4f, %.4f, %.4f)", v.x, v.y, v.z)
    }

    static func metres(_ value: Double) -> String { String(format: "%.4f m", value) }

    static func millimetres(_ value: Double) -> String { String(format: "%.2f mm", value * 1000) }

    /// `absent@f12, absent@f45` — the samples' looks and frames.
    static func evidence(_ samples: [AppDecision.EvidenceSample]) -> String {
        samples.isEmpty ? "none" : samples.map { "\($0.look.rawValue)@f\($0.frame)" }.joined(separator: ", ")
    }
}
