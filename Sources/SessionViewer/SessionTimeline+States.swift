extension SessionTimeline {
    /// The anchors as the page draws them after everything on the frame at position `frame`
    /// of ``frames``, read from the timeline alone (the page's script does the same on its
    /// payload): each instance's latest update at or before the frame, missing when its last
    /// absence flip at or before the frame (re-anchor clears first within a frame) set the flag,
    /// fresh when re-anchored within the confirmation window, blended from ``InstanceInfo/blendedFrom``.
    public func anchors(atFrame frame: Int) -> [AnchorSnapshot] {
        guard frames.indices.contains(frame) else { return [] }
        let now = frames[frame].time
        var latest: [Int: AnchorStep] = [:]
        for step in updates where step.frame <= frame { latest[step.instance] = step }
        var flag: [Int: (frame: Int, order: Int, missing: Bool)] = [:]
        for event in events where event.frame <= frame {
            guard let instance = event.instance, case .missingFlip(let missing, let byLook) = event.detail else { continue }
            let mark = (frame: event.frame, order: byLook ? 1 : 0, missing: missing)
            if let old = flag[instance], (old.frame, old.order) > (mark.frame, mark.order) { continue }
            flag[instance] = mark
        }
        let truth = placements
        return instances.compactMap { info -> AnchorSnapshot? in
            guard let step = latest[info.id] else { return nil }
            let state: AnchorState = flag[info.id]?.missing == true ? .missing
                : now - step.time <= constants.guidance.confirmationWindow + Self.freshTolerance ? .fresh : .stored
            let position = info.object.flatMap { object in
                truth.first { $0.object == object && $0.from <= now && ($0.to.map { now < $0 } ?? true) }?.position
            }
            return AnchorSnapshot(
                instance: info.id, label: info.label, position: step.position, state: state,
                blended: info.blendedFrom.map { $0 <= now } ?? false, error: position.map { step.position.distance(to: $0) })
        }
    }

    /// Slack on the confirmation window, seconds, so that an age of exactly the window reads
    /// the same however the clock's times were rounded.
    public static let freshTolerance = 1e-6
}
