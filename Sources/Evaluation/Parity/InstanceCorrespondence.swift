import Recording

/// Which replica instance is which app instance: the two are paired when they were created
/// from the same detection (an `instance` decision with rule `new` on both sides for one
/// frame and detection). The app names instances as it likes (UUIDs); the replica by id.
public struct InstanceCorrespondence: Equatable, Sendable {
    /// The app's name of each paired replica instance.
    public private(set) var appOfReplica: [String: String] = [:]
    /// The replica's name of each paired app instance.
    public private(set) var replicaOfApp: [String: String] = [:]
    /// Instances each side created.
    public private(set) var appInstances = 0, replicaInstances = 0

    /// Pairs the instances `app` and `replica` created from the same detection.
    public init(app: [AppDecision], replica: [AppDecision]) {
        func creations(_ decisions: [AppDecision]) -> [Key: String] {
            var created: [Key: String] = [:]
            for decision in decisions where decision.kind == .instance && decision.mergeRule == .new {
                guard let detection = decision.detection else { continue }
                created[Key(frame: decision.frame, detection: detection)] = created[Key(frame: decision.frame, detection: detection)] ?? decision.instance
            }
            return created
        }
        let appCreated = creations(app)
        let replicaCreated = creations(replica)
        appInstances = Set(appCreated.values).count
        replicaInstances = Set(replicaCreated.values).count
        for (key, replicaName) in replicaCreated {
            guard let appName = appCreated[key], replicaOfApp[appName] == nil, appOfReplica[replicaName] == nil else { continue }
            appOfReplica[replicaName] = appName
            replicaOfApp[appName] = replicaName
        }
    }

    /// Instances paired.
    public var paired: Int { appOfReplica.count }

    /// The app's name of replica instance `name`, or `replica#name` when it has no counterpart.
    public func appName(ofReplica name: String) -> String {
        appOfReplica[name] ?? "replica#\(name)"
    }

    private struct Key: Hashable {
        var frame: Int64
        var detection: Int64
    }
}
