/// Where a guidance request starts: the instance the memory shows for the user's query when
/// the request begins, at its stored anchor (spec.md#lockon-start-instance). Chosen from the
/// replica's own registry, never from the ground truth.
public struct GuidanceStart: Equatable, Sendable {
    /// The instance guidance starts from.
    public var instance: Int
    /// Its label.
    public var label: String
    /// Its stored anchor after its last update before the request, world metres.
    public var position: SIMD3<Double>
    /// Its appearance then (spec.md#anchor-instance-appearance).
    public var appearance: [Float]?
    /// The frame of that last update.
    public var lastUpdate: Int64

    /// Creates a start from its parts.
    public init(instance: Int, label: String, position: SIMD3<Double>, appearance: [Float]?, lastUpdate: Int64) {
        self.instance = instance
        self.label = label
        self.position = position
        self.appearance = appearance
        self.lastUpdate = lastUpdate
    }

    /// The instance the memory shows for `query` before `frame`, or nil when it holds none.
    ///
    /// Only instances anchored on an earlier frame count. A `.label` query takes, among the
    /// instances of that label, one not flagged missing before one that is, then the one
    /// updated last, then the smaller id (the app ranks freshest first and shows missing pins
    /// dimmed); an `.instance` query takes that instance.
    public static func choose(_ query: GuidanceQuery, before frame: Int64, registry: AnchorRegistry, missing: MissingFlags = .init()) -> GuidanceStart? {
        var last: [Int: AnchorEvent] = [:]
        for event in registry.events where event.frame < frame { last[event.instance] = event }
        let chosen: AnchorEvent?
        switch query {
        case .instance(let instance):
            chosen = last[instance]
        case .label(let label):
            chosen = last.values.filter { registry.instances[$0.instance].label == label }.max { a, b in
                let rank = { (e: AnchorEvent) in (missing.isMissing(e.instance, before: frame) ? 0 : 1, e.frame, -e.instance) }
                return rank(a) < rank(b)
            }
        }
        return chosen.map {
            GuidanceStart(instance: $0.instance, label: registry.instances[$0.instance].label, position: $0.after,
                          appearance: $0.appearance, lastUpdate: $0.frame)
        }
    }
}
