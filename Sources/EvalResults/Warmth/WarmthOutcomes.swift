import Foundation
import Recording
import Warmth

/// The fidelity check over a corpus (spec.md#warmth-fidelity).
public struct FidelityOutcome: Codable {
    /// Trials with an app phase log.
    public var trialsChecked = 0
    /// First divergence per diverging trial.
    public var divergences: [String] = []
    /// Which combinations of the assumed options reach zero divergences.
    public var zeroDivergenceOptions: [String] = []

    /// Replays every trial that logged its phases with its recorded parameters, and with
    /// each combination of the assumed options.
    public init(_ trials: [Trial]) {
        let logged = trials.filter { $0.hasAppPhases }
        trialsChecked = logged.count
        for trial in logged {
            let p = trial.recordedParams ?? FinderParameters()
            if let d = Finder.firstDivergence(Finder.replay(PreparedTrial(trial, p), p), file: trial.file) { divergences.append(d) }
        }
        for floorMode in FloorMode.allCases {
            for emaInit in EMAInit.allCases {
                for reset in [true, false] {
                    let zero = logged.allSatisfy { trial in
                        var p = trial.recordedParams ?? FinderParameters()
                        p.floorMode = floorMode; p.emaInit = emaInit; p.resetVotesOnCool = reset
                        return Finder.firstDivergence(Finder.replay(PreparedTrial(trial, p), p), file: trial.file) == nil
                    }
                    if zero, !logged.isEmpty { zeroDivergenceOptions.append("floorMode=\(floorMode.rawValue) emaInit=\(emaInit.rawValue) resetVotesOnCool=\(reset)") }
                }
            }
        }
    }
}

/// One trial's outcome in the JSON output.
public struct TrialOutcome: Codable {
    public var trialId: String
    public var sessionId: String
    public var targetPresent: Bool?
    public var exposure: Double
    public var firstCorrectFind: Double?
    public var firstVisible: Double?
    public var falseFinds: Int
    public var peakWarmth: Double

    public init(_ t: FinderTrace) {
        trialId = t.trialId; sessionId = t.sessionId; targetPresent = t.targetPresent; exposure = t.exposure
        firstCorrectFind = t.firstCorrectFind; firstVisible = t.firstVisible
        falseFinds = t.finds.filter { $0.kind == .falseAbsent || $0.kind == .falseWrongBox }.count
        peakWarmth = t.peakWarmth
    }
}
