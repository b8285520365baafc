/// One decision the app logged while it ran (schema version 2, table `app_decisions`): what
/// its instance layer, anchor update, absence sweep and guidance decided, so the replicas can
/// be checked against the shipping code decision by decision (`spatial-eval parity`).
///
/// A flat record, like its table row: `kind` says which of the optional fields a record
/// carries (``AppDecision/Kind/requiredFields`` and ``AppDecision/Kind/optionalFields``), and
/// ``fieldProblems()`` lists what a record of its kind lacks or should not have.
/// `Docs/app-decision-logs.md` documents every field.
public struct AppDecision: Equatable, Sendable {
    /// Identifier, unique within the recording; decisions are logged in id order.
    public var id: Int64
    /// The camera frame the decision was taken on.
    public var frame: Int64
    /// The frame's capture time (`frames.t`), seconds.
    public var time: Double
    /// What kind of decision this is.
    public var kind: Kind
    /// The app's instance id the decision is about (see each kind).
    public var instance: String
    /// `instance`, `anchor_update`: the detection whose observation was filed.
    public var detection: Int64?
    /// `instance`: the detection's class label (optional).
    public var label: String?
    /// `instance`: which rule filed the observation (or `new`).
    public var mergeRule: MergeRule?
    /// `instance` (rule `new`): the new anchor; `anchor_update`: the anchor after the update;
    /// `lock_on`: where the target points after the lock; `guidance_start` (optional): where
    /// it points when guidance starts. World metres.
    public var position: SIMD3<Double>?
    /// `anchor_update`: the raw re-anchor gap ‖p_raw − p_stored‖ before the update, metres.
    public var gap: Double?
    /// `anchor_update`: whether the step clamp shortened the EMA step.
    public var clamped: Bool?
    /// `anchor_update`: whether the consensus snap moved the anchor.
    public var snapped: Bool?
    /// `anchor_update`: whether the same live track moved it with an unclamped step.
    public var followed: Bool?
    /// `absence_look`: what the look proved.
    public var look: Look?
    /// `absence_look` (optional, with `no_evidence` only): why the look proved nothing.
    public var noEvidenceReason: NoEvidenceReason?
    /// `absence_look` (optional): absent samples counted for the instance after this look.
    public var absentSamples: Int?
    /// `missing_flip`: the missing flag after the flip.
    public var missing: Bool?
    /// `missing_flip`: the samples behind the flip, oldest first (table `app_decision_evidence`).
    public var evidence: [EvidenceSample]
    /// `lock_on`: which branch of the lock-on rule took the lock.
    public var lockOnBranch: LockOnBranch?
    /// `arrival`: the arrival state after the change.
    public var arrivalState: ArrivalState?

    /// Creates a decision; every kind-specific field defaults to absent.
    public init(
        id: Int64, frame: Int64, time: Double, kind: Kind, instance: String, detection: Int64? = nil, label: String? = nil,
        mergeRule: MergeRule? = nil, position: SIMD3<Double>? = nil, gap: Double? = nil, clamped: Bool? = nil,
        snapped: Bool? = nil, followed: Bool? = nil, look: Look? = nil, noEvidenceReason: NoEvidenceReason? = nil,
        absentSamples: Int? = nil, missing: Bool? = nil, evidence: [EvidenceSample] = [], lockOnBranch: LockOnBranch? = nil,
        arrivalState: ArrivalState? = nil
    ) {
        self.id = id
        self.frame = frame
        self.time = time
        self.kind = kind
        self.instance = instance
        self.detection = detection
        self.label = label
        self.mergeRule = mergeRule
        self.position = position
        self.gap = gap
        self.clamped = clamped
        self.snapped = snapped
        self.followed = followed
        self.look = look
        self.noEvidenceReason = noEvidenceReason
        self.absentSamples = absentSamples
        self.missing = missing
        self.evidence = evidence
        self.lockOnBranch = lockOnBranch
        self.arrivalState = arrivalState
    }
}
