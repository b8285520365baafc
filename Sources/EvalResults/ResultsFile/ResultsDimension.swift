/// One dimension (or, for ``extents(_:)``, a run of dimensions) of a dataset in a
/// results-file schema.
///
/// Named extents tie lengths together: every dimension naming the same extent within one
/// instance of the group that declares it (``ResultsGroupSchema/extents``) has the same
/// length — the columns of a table all have `rows` values, a sweep's `points` has as many
/// columns as `axis_keys` has entries.
public enum ResultsDimension: Sendable, Equatable {
    /// A dimension whose length is the named extent.
    case extent(String)
    /// A dimension of exactly this length.
    case fixed(Int)
    /// A dimension of any length, tied to nothing.
    case free
    /// One or more dimensions, the same run of lengths wherever the name appears (a sweep's
    /// cube: its axes for a grid, its point count when sampled).
    case extents(String)

    /// How the schema table shows it: `rows`, `2`, `any`, `cube…`.
    public var text: String {
        switch self {
        case .extent(let name): name
        case .fixed(let length): String(length)
        case .free: "any"
        case .extents(let name): name + "…"
        }
    }

    /// The extent this dimension names, if any.
    public var extentName: String? {
        switch self {
        case .extent(let name), .extents(let name): name
        case .fixed, .free: nil
        }
    }
}
