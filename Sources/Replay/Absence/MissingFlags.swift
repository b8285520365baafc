/// Which instances the memory shows as missing at a given frame, from the absence sweep's
/// looks and the registry's updates (spec.md#absence-flags): a look that flips an instance
/// sets its flag, and any later registry update of it (a sighting) clears it. Guidance
/// uses it to start from an instance that is not flagged missing (spec.md#lockon-start-instance).
public struct MissingFlags: Sendable {
    /// Per instance, its flag changes in order: (frame, order within the frame, missing).
    private var changes: [Int: [(frame: Int64, order: Int, missing: Bool)]] = [:]

    /// No instance is flagged (a recording without absence information).
    public init() {}

    /// The flags that `looks` (of ``AbsenceReplay``) and the registry's `events` imply. On
    /// one frame the registry's updates come before the sweep's pass, as in the replay.
    public init(looks: [AbsenceEvent], events: [AnchorEvent]) {
        for look in looks where look.flipped {
            changes[look.instance, default: []].append((look.frame, 1, look.missing))
        }
        for event in events where changes[event.instance] != nil {
            changes[event.instance]!.append((event.frame, 0, false))
        }
        for instance in changes.keys { changes[instance]!.sort { ($0.frame, $0.order) < ($1.frame, $1.order) } }
    }

    /// Whether `instance` was flagged missing after everything on frames before `frame`.
    public func isMissing(_ instance: Int, before frame: Int64) -> Bool {
        changes[instance]?.last { $0.frame < frame }?.missing ?? false
    }
}
