import Foundation
import ResultStore

/// The provenance every results file of a protocol job carries: who wrote it, when, in
/// which layout, from which protocol and inputs, with which bootstrap settings.
public enum ResultProvenance {
    /// Writes `tool`, `tool_version`, `git_commit` (when known), `created_utc`, `layout`,
    /// `protocol_name`, `protocol_path`, `protocol_text`, `protocol_sha256` and the four
    /// `bootstrap_*` attributes on `root`, and the group `/provenance` with the `path` and
    /// `sha256` of every input, the protocol first, then the recordings in protocol order.
    public static func write(
        on root: SchemaGroup, layout: String, toolVersion: String, loaded: ProtocolLoader.Loaded, protocolSHA256: String,
        recordingSHA256s: [String], bootstrap: BootstrapSettings
    ) throws {
        try writeProtocol(on: root, layout: layout, toolVersion: toolVersion, name: loaded.evaluationProtocol.name, path: loaded.path,
                          text: loaded.text, sha256: protocolSHA256,
                          inputs: zip([loaded.path] + loaded.recordingPaths, [protocolSHA256] + recordingSHA256s).map { ($0, $1) })
        try root.setAttribute("bootstrap_replicates", Int64(bootstrap.replicates))
        try root.setAttribute("bootstrap_seed", String(bootstrap.seed))
        try root.setAttribute("bootstrap_confidence", bootstrap.confidence)
        try root.setAttribute("bootstrap_method", bootstrap.method)
    }

    /// Writes the tool attributes, `layout`, the four `protocol_*` attributes of any protocol
    /// (`name`, `path`, full `text`, `sha256`) and `/provenance` with one row per input.
    public static func writeProtocol(
        on root: SchemaGroup, layout: String, toolVersion: String, name: String, path: String, text: String, sha256: String,
        inputs: [(path: String, sha256: String)]
    ) throws {
        try root.setAttribute("tool", "spatial-eval")
        try root.setAttribute("tool_version", toolVersion)
        if let commit = ToolInfo.gitCommit() { try root.setAttribute("git_commit", commit) }
        try root.setAttribute("created_utc", ISO8601DateFormatter().string(from: Date()))
        try root.setAttribute("layout", layout)
        try root.setAttribute("protocol_name", name)
        try root.setAttribute("protocol_path", path)
        try root.setAttribute("protocol_text", text)
        try root.setAttribute("protocol_sha256", sha256)
        let provenance = try root.createGroup("provenance")
        try provenance.write(inputs.map(\.path), to: "path")
        try provenance.write(inputs.map(\.sha256), to: "sha256")
    }

    /// Reads the bootstrap settings written by ``write(on:layout:toolVersion:loaded:protocolSHA256:recordingSHA256s:bootstrap:)``.
    public static func bootstrap(of root: SchemaGroup) throws -> BootstrapSettings {
        BootstrapSettings(
            replicates: Int(try root.attributeInt64("bootstrap_replicates")),
            seed: UInt64(try root.attributeString("bootstrap_seed")) ?? 0,
            confidence: try root.attributeDouble("bootstrap_confidence"), method: try root.attributeString("bootstrap_method"))
    }
}
