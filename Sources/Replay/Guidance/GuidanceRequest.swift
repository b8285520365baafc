import Recording

/// What the user asks to be guided to (spec.md#lockon-start-instance).
public enum GuidanceQuery: Equatable, Sendable {
    /// A class ("take me to the bottle"): guidance starts from the memory's freshest
    /// instance of it that is not flagged missing.
    case label(String)
    /// An object the memory holds, picked by the user: a registry instance id.
    case instance(Int)
}

/// A "guide me to …" request: the frames guided and the user's query.
public struct GuidanceRequest: Equatable, Sendable {
    /// The first frame guided (inclusive).
    public var fromFrame: Int64
    /// The last frame guided (inclusive).
    public var toFrame: Int64
    /// What the user asked for.
    public var query: GuidanceQuery

    /// Creates a request from its parts.
    public init(fromFrame: Int64, toFrame: Int64, query: GuidanceQuery) {
        self.fromFrame = fromFrame
        self.toFrame = toFrame
        self.query = query
    }

    /// The user's query for a recording's request, which names a ground-truth object: the
    /// object's label, the one thing of the ground truth the app's user knows when asking
    /// (spec.md#lockon-start-instance); nil when `objects` does not list the object.
    public init?(_ request: CaptureGuidanceRequest, objects: [GroundTruthObject]) {
        guard let label = objects.first(where: { $0.id == request.object })?.label else { return nil }
        self.init(fromFrame: request.fromFrame, toFrame: request.toFrame, query: .label(label))
    }

    /// Whether `frame` is guided by this request.
    public func covers(_ frame: Int64) -> Bool { frame >= fromFrame && frame <= toFrame }
}
