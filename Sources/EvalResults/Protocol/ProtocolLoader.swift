import Foundation
import Recording
import Replay

/// Reads a protocol file: strict JSON decoding, the replay override laid over the shipped
/// defaults, and every error reported as an ``InputError`` naming the file and the key.
public enum ProtocolLoader {
    /// A loaded protocol with the exact bytes it came from.
    public struct Loaded: Sendable {
        /// The protocol (with its effective replay configuration).
        public var evaluationProtocol: EvaluationProtocol
        /// The file's full text.
        public var text: String
        /// The file's path as given.
        public var path: String
        /// Each recording's path resolved against the protocol's folder, in protocol order.
        public var recordingPaths: [String]
        /// The corpus spec's path resolved against the protocol's folder, when it names one.
        public var corpusSpecPath: String?
        /// The measures file's path resolved against the protocol's folder, when it names one.
        public var measuresPath: String?
    }

    /// Loads and validates the protocol at `path`; recordings must exist.
    public static func load(_ path: String) throws -> Loaded {
        let data = try TextFile.read(path, kind: "a protocol")
        var value: EvaluationProtocol
        do {
            value = try JSONDecoder().decode(EvaluationProtocol.self, from: data)
        } catch let error as DecodingError {
            throw InputError(file: path, message: describe(error))
        } catch {
            throw InputError(file: path, message: "is not valid JSON")
        }
        value.replay = try replayConfiguration(data, path: path)
        let folder = (path as NSString).deletingLastPathComponent
        let resolved = value.recordings.map { $0.hasPrefix("/") || folder.isEmpty ? $0 : (folder as NSString).appendingPathComponent($0) }
        for (given, full) in zip(value.recordings, resolved) where !FileManager.default.fileExists(atPath: full) {
            throw InputError(file: path, message: "key 'recordings': recording '\(given)' does not exist")
        }
        let names = value.recordings.map(recordingName)
        if let duplicate = names.first(where: { name in names.count { $0 == name } > 1 }) {
            throw InputError(file: path, message: "key 'recordings': two recordings are named '\(duplicate)'")
        }
        let corpus = value.corpus.map { $0.hasPrefix("/") || folder.isEmpty ? $0 : (folder as NSString).appendingPathComponent($0) }
        if let corpus, !FileManager.default.fileExists(atPath: corpus) {
            throw InputError(file: path, message: "key 'corpus': corpus spec '\(value.corpus!)' does not exist")
        }
        let measures = value.measures.map { $0.hasPrefix("/") || folder.isEmpty ? $0 : (folder as NSString).appendingPathComponent($0) }
        if let measures, !FileManager.default.fileExists(atPath: measures) {
            throw InputError(file: path, message: "key 'measures': measures file '\(value.measures!)' does not exist")
        }
        return Loaded(
            evaluationProtocol: value, text: String(decoding: data, as: UTF8.self), path: path, recordingPaths: resolved, corpusSpecPath: corpus,
            measuresPath: measures)
    }

    /// The name a recording goes by in results and reports: its file name without extension.
    public static func recordingName(_ path: String) -> String {
        URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    }

    private static func replayConfiguration(_ data: Data, path: String) throws -> ReplayConfiguration {
        guard let top = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let overlay = top["replay"] else {
            return ReplayConfiguration()
        }
        do {
            let defaults = try JSONSerialization.jsonObject(with: JSONEncoder().encode(ReplayConfiguration()))
            if let unknown = unknownKey(overlay, known: defaults, path: "replay") {
                throw InputError(file: path, message: "key '\(unknown)': unknown key")
            }
            let overlayData = try JSONSerialization.data(withJSONObject: overlay, options: [.fragmentsAllowed])
            let configuration = try ConfigurationDecoding.decode(ReplayConfiguration.self, from: overlayData, defaults: ReplayConfiguration())
            if let problem = configuration.problems().first {
                throw InputError(file: path, message: "key 'replay.\(problem.key)': \(problem.message)")
            }
            return configuration
        } catch let error as InputError {
            throw error
        } catch let error as ConfigurationDecoding.Mismatch {
            throw InputError(file: path, message: "key 'replay.\(error.path)': expected an object")
        } catch let error as DecodingError {
            throw InputError(file: path, message: describe(error, prefix: "replay"))
        } catch {
            throw InputError(file: path, message: "key 'replay': \(error)")
        }
    }

    /// The first key path of `overlay` that `known` lacks, when there is one.
    public static func unknownKey(_ overlay: Any, known: Any, path: String) -> String? {
        guard let overlayObject = overlay as? [String: Any], let knownObject = known as? [String: Any] else { return nil }
        for key in overlayObject.keys.sorted() {
            guard let inner = knownObject[key] else { return "\(path).\(key)" }
            if let found = unknownKey(overlayObject[key]!, known: inner, path: "\(path).\(key)") { return found }
        }
        return nil
    }

    private static func describe(_ error: DecodingError, prefix: String? = nil) -> String {
        func keyPath(_ path: [any CodingKey]) -> String {
            let parts = path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            let joined = parts.reduce(prefix ?? "") { text, part in
                part.hasPrefix("[") || text.isEmpty ? text + part : text + "." + part
            }
            return joined.isEmpty ? "(top level)" : joined
        }
        switch error {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty && prefix == nil
                ? "is not valid JSON" : "key '\(keyPath(context.codingPath))': \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "key '\(keyPath(context.codingPath + [key]))': missing"
        case .typeMismatch(let type, let context):
            return "key '\(keyPath(context.codingPath))': expected \(type)"
        case .valueNotFound(let type, let context):
            return "key '\(keyPath(context.codingPath))': expected \(type), found null"
        @unknown default:
            return "\(error)"
        }
    }
}

extension ProtocolLoader {
    /// A replay configuration from `path`: JSON laid over the shipped constants; an unknown
    /// key or a value of the wrong type is bad input naming the file and key.
    public static func replayConfiguration(at path: String) throws -> ReplayConfiguration {
        let data = try TextFile.read(path, kind: "a replay configuration")
        do {
            let defaults = try JSONSerialization.jsonObject(with: JSONEncoder().encode(ReplayConfiguration()))
            let overlay = try JSONSerialization.jsonObject(with: data)
            if let unknown = ProtocolLoader.unknownKey(overlay, known: defaults, path: "") {
                throw InputError(file: path, message: "key '\(unknown.dropFirst())': unknown key")
            }
            let configuration = try ConfigurationDecoding.decode(ReplayConfiguration.self, from: data, defaults: ReplayConfiguration())
            if let problem = configuration.problems().first { throw InputError(file: path, message: problem.description) }
            return configuration
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(file: path, message: "not a replay configuration: \(error)")
        }
    }
}
