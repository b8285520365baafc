/// The name of a group or dataset in a results-file schema: a literal, or a placeholder
/// standing for every member not named literally (one per recording, sweep, metric…).
public enum ResultsName: Sendable, Equatable {
    /// Exactly this name.
    case literal(String)
    /// Any name; the placeholder (e.g. `recording`) says what it stands for.
    case each(String)

    /// How paths show it: `gaps` or `<recording>`.
    public var text: String {
        switch self {
        case .literal(let name): name
        case .each(let placeholder): "<\(placeholder)>"
        }
    }

    /// Whether this is a placeholder.
    public var isPlaceholder: Bool {
        if case .each = self { return true }
        return false
    }
}
