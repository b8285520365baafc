import Recording

/// The replicas' decisions against an app's logged ones, decision by decision
/// (`spatial-eval parity`; Docs/app-decision-logs.md).
///
/// Replica instances are renamed to the app's names by ``InstanceCorrespondence``. Two
/// decisions of one kind are matched by frame and key: the detection for `instance` and
/// `anchor_update`, the instance for `absence_look` and `missing_flip`, the frame alone for
/// the guidance kinds (one session at a time); several with one key pair in order. A matched
/// pair agrees when every field both sides have is equal within ``ParityTolerances``.
public struct DecisionComparison: Equatable, Sendable {
    /// The agreement on one kind of decision.
    public struct KindAgreement: Equatable, Sendable {
        /// The kind.
        public var kind: AppDecision.Kind
        /// Decisions of the kind the app logged, and the replicas made.
        public var app = 0, replica = 0
        /// Matched pairs that agree on every field.
        public var agreeing = 0
        /// Matched pairs that differ on some field.
        public var differing = 0
        /// Decisions only the app made, and only the replicas made.
        public var onlyApp = 0, onlyReplica = 0
        /// App decisions the replicas do not model (``ReplicaDecisions/comparable(_:)``).
        public var notCompared = 0

        /// Agreeing pairs over all compared decisions (pairs and unmatched ones); nil when
        /// neither side has any.
        public var agreement: Double? {
            let total = agreeing + differing + onlyApp + onlyReplica
            return total == 0 ? nil : Double(agreeing) / Double(total)
        }
    }

    /// The first place the two logs part.
    public struct Divergence: Equatable, Sendable {
        /// The frame and its time, seconds.
        public var frame: Int64, time: Double
        /// The kind of decision.
        public var kind: AppDecision.Kind
        /// The app's decision; nil when only the replicas made one.
        public var app: AppDecision?
        /// The replicas' decision (instances in the app's names); nil when only the app made one.
        public var replica: AppDecision?
        /// The fields a matched pair differs on.
        public var differences: [FieldDifference]
        /// The app's decisions around it (it, and up to three before and after), and the replicas'.
        public var appContext: [AppDecision], replicaContext: [AppDecision]
    }

    /// Every kind, in ``AppDecision/Kind/rank`` order.
    public var kinds: [KindAgreement]
    /// The earliest disagreement (by frame, then kind), if any.
    public var firstDivergence: Divergence?
    /// How the two sides' instances were paired.
    public var instances: InstanceCorrespondence
    /// What the replicas do not model (``ReplicaDecisions/notModelled``).
    public var notes: [String]

    /// Whether every kind that either side decided agrees at least `threshold` (0…1).
    public func passes(threshold: Double) -> Bool {
        kinds.allSatisfy { ($0.agreement ?? 1) >= threshold }
    }

    /// Compares the app's logged decisions with the replicas' (``ReplicaDecisions``, instances by id).
    public static func compare(app: [AppDecision], replica: [AppDecision], tolerances: ParityTolerances = .init()) -> DecisionComparison {
        let (compared, notCompared) = ReplicaDecisions.comparable(app)
        let instances = InstanceCorrespondence(app: app, replica: replica)
        let appSide = sorted(compared)
        let replicaSide = sorted(replica.map { decision in
            var renamed = decision
            renamed.instance = instances.appName(ofReplica: decision.instance)
            return renamed
        })

        var waiting: [Key: [Int]] = [:]
        for (index, decision) in replicaSide.enumerated() { waiting[Key(decision), default: []].append(index) }
        for key in waiting.keys { waiting[key]!.reverse() }
        var kinds = Dictionary(uniqueKeysWithValues: AppDecision.Kind.allCases.map { ($0, KindAgreement(kind: $0)) })
        for decision in notCompared { kinds[decision.kind]!.notCompared += 1 }
        var matched = Array(repeating: false, count: replicaSide.count)
        /// Disagreements: (app index or nil, replica index or nil, differences).
        var disagreements: [(app: Int?, replica: Int?, differences: [FieldDifference])] = []
        for (index, decision) in appSide.enumerated() {
            kinds[decision.kind]!.app += 1
            guard let partner = waiting[Key(decision)]?.popLast() else {
                kinds[decision.kind]!.onlyApp += 1
                disagreements.append((index, nil, []))
                continue
            }
            matched[partner] = true
            let differences = DecisionDifferences.between(decision, replicaSide[partner], tolerances: tolerances)
            if differences.isEmpty {
                kinds[decision.kind]!.agreeing += 1
            } else {
                kinds[decision.kind]!.differing += 1
                disagreements.append((index, partner, differences))
            }
        }
        for (index, decision) in replicaSide.enumerated() {
            kinds[decision.kind]!.replica += 1
            if !matched[index] {
                kinds[decision.kind]!.onlyReplica += 1
                disagreements.append((nil, index, []))
            }
        }
        func position(_ item: (app: Int?, replica: Int?, differences: [FieldDifference])) -> (Int64, Int, Int, Int) {
            let decision = item.app.map { appSide[$0] } ?? replicaSide[item.replica!]
            return (decision.frame, decision.kind.rank, item.app == nil ? 1 : 0, item.app ?? item.replica!)
        }
        let first = disagreements.min { position($0) < position($1) }.map { item -> Divergence in
            let decision = item.app.map { appSide[$0] } ?? replicaSide[item.replica!]
            return Divergence(
                frame: decision.frame, time: decision.time, kind: decision.kind, app: item.app.map { appSide[$0] },
                replica: item.replica.map { replicaSide[$0] }, differences: item.differences,
                appContext: context(appSide, at: item.app, around: decision),
                replicaContext: context(replicaSide, at: item.replica, around: decision))
        }
        return DecisionComparison(
            kinds: AppDecision.Kind.allCases.sorted().map { kinds[$0]! }, firstDivergence: first, instances: instances,
            notes: ReplicaDecisions.notModelled)
    }

    /// How many decisions before and after a divergence its context shows on each side.
    public static let contextSize = 3

    private static func sorted(_ decisions: [AppDecision]) -> [AppDecision] {
        decisions.sorted { ($0.frame, $0.kind.rank, $0.id) < ($1.frame, $1.kind.rank, $1.id) }
    }

    /// The decision at `index` of `side` with up to ``contextSize`` before and after it; when
    /// `side` lacks it, up to ``contextSize`` before and after the place `decision` would have.
    private static func context(_ side: [AppDecision], at index: Int?, around decision: AppDecision) -> [AppDecision] {
        let at = index ?? side.firstIndex { ($0.frame, $0.kind.rank) >= (decision.frame, decision.kind.rank) } ?? side.endIndex
        let end = index == nil ? at + contextSize : at + contextSize + 1
        return Array(side[max(0, at - contextSize)..<min(side.count, end)])
    }

    /// What two decisions are matched on.
    private struct Key: Hashable {
        var kind: AppDecision.Kind
        var frame: Int64
        var detail: String

        init(_ decision: AppDecision) {
            kind = decision.kind
            frame = decision.frame
            switch decision.kind {
            case .instance, .anchorUpdate: detail = decision.detection.map { "d\($0)" } ?? ""
            case .absenceLook, .missingFlip: detail = decision.instance
            case .lockOn, .arrival, .guidanceStart, .guidanceEnd: detail = ""
            }
        }
    }
}
