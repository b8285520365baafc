import EvalNumerics

/// Where an object shows inside its box: a normalised mask template measured from a real COCO
/// instance polygon (`silhouettes.json`, Data/error-models/SOURCES.md), one row mask per grid row
/// of the box (bit c = column c).
public struct Silhouette: Equatable, Sendable {
    /// Row masks, top row first; `rows.count` cells per side.
    public var rows: [UInt16]

    /// Creates a silhouette from its row masks.
    public init(rows: [UInt16]) {
        self.rows = rows
    }

    /// Cells per side of the template.
    public var side: Int { rows.count }

    /// The fraction of the box the object covers (mask area / box area on the template).
    public var fill: Double {
        guard side > 0 else { return 0 }
        return Double(rows.map(\.nonzeroBitCount).reduce(0, +)) / Double(side * side)
    }

    /// Whether cell (`row`, `column`) of a `size` × `size` grid over the box shows the object
    /// (the template cell under the grid cell's centre).
    public func covers(row: Int, column: Int, size: Int) -> Bool {
        guard side > 0, size > 0 else { return true }
        let r = min(side - 1, row * side / size), c = min(side - 1, column * side / size)
        return rows[r] & (1 << UInt16(c)) != 0
    }
}

/// The silhouette templates per COCO label, measured from real instance polygons
/// (`silhouettes.json`: COCO val2014, 100 images); labels with too few templates use the pooled
/// set of every label in the sample.
public struct SilhouetteTemplates: Sendable {
    /// Templates per COCO label.
    public let byLabel: [String: [Silhouette]]
    /// The pooled templates (every label of the sample).
    public let pooled: [Silhouette]

    /// The measured templates.
    public static let measured: SilhouetteTemplates = {
        let side = ErrorModelTables.silhouetteGrid
        var byLabel: [String: [Silhouette]] = [:]
        for (label, flat) in ErrorModelTables.silhouetteTemplates {
            byLabel[label] = stride(from: 0, to: flat.count, by: side).map { Silhouette(rows: Array(flat[$0..<($0 + side)])) }
        }
        let pooled = byLabel.removeValue(forKey: "") ?? []
        return SilhouetteTemplates(byLabel: byLabel, pooled: pooled)
    }()

    /// Creates a set of templates.
    public init(byLabel: [String: [Silhouette]], pooled: [Silhouette]) {
        self.byLabel = byLabel
        self.pooled = pooled
    }

    /// The templates an object of `kind` draws from: its COCO label's, else the pooled ones.
    public func templates(for kind: ObjectKind) -> [Silhouette] {
        byLabel[kind.label] ?? pooled
    }

    /// One template for `kind`, uniformly among its templates (nil when there are none).
    public func draw(for kind: ObjectKind, random: inout SplitMix64) -> Silhouette? {
        let candidates = templates(for: kind)
        return candidates.isEmpty ? nil : candidates[random.index(below: candidates.count)]
    }

    /// Each object's silhouette for a whole capture, drawn from stream `silhouettes` by object
    /// id: an object keeps its shape from view to view (persons included).
    public func assigned(to objects: [SceneObject], streams: RandomStreams) -> [Int64: Silhouette] {
        var result: [Int64: Silhouette] = [:]
        for object in objects {
            var random = streams.generator(.silhouettes, UInt64(bitPattern: object.id))
            result[object.id] = draw(for: object.kind, random: &random)
        }
        return result
    }
}

/// One grid's mask error (`SegmentationModel`): the predicted mask leaks onto the background
/// or erodes the subject by `fraction` = 1 − IoU of the prediction with the true mask.
public struct MaskError: Equatable, Sendable {
    /// Whether the error is a leak (true) or an erosion (false).
    public var leak: Bool
    /// 1 − IoU of the erroneous mask with the true one, [0, 0.95].
    public var fraction: Double

    /// Creates an error from its parts.
    public init(leak: Bool, fraction: Double) {
        self.leak = leak
        self.fraction = fraction
    }

    /// Draws one grid's error: the fraction uniform in [0, 2 · (1 − meanMaskIoU) · maskErrorScale]
    /// (so its mean is the published mean IoU's shortfall times the scale), capped at 0.95; a
    /// leak with probability `leakShare`, else an erosion.
    public init(model: SegmentationModel, random: inout SplitMix64) {
        let top = min(0.95, 2 * (1 - model.meanMaskIoU) * model.maskErrorScale)
        fraction = random.uniform(0, max(0, top))
        leak = random.chance(model.leakShare)
    }

    /// The true mask `subject` (row-major, `size` × `size`) with this error applied: a leak adds
    /// the background cells nearest the subject, T·f/(1 − f) of them for T subject cells; an
    /// erosion drops the T·f subject cells nearest the background; either way the result's IoU
    /// with the truth is 1 − f up to rounding. Ties between equally near cells are broken by
    /// `keys` (one per cell, drawn by the caller).
    public func applied(to subject: [Bool], size: Int, keys: [Double]) -> [Bool] {
        let total = subject.count { $0 }
        guard total > 0, fraction > 0, subject.count == size * size, keys.count == subject.count else { return subject }
        let count = leak ? Int((Double(total) * fraction / (1 - fraction)).rounded()) : Int((Double(total) * fraction).rounded())
        var distance = Self.distances(from: subject.map { $0 == leak }, size: size)
        if !leak {
            for index in distance.indices {
                let (row, column) = (index / size, index % size)
                distance[index] = min(distance[index], 1 + min(row, column, size - 1 - row, size - 1 - column))
            }
        }
        let candidates = subject.indices.filter { subject[$0] == !leak }
            .sorted { (distance[$0], keys[$0]) < (distance[$1], keys[$1]) }
        var result = subject
        for index in candidates.prefix(count) { result[index] = leak }
        return result
    }

    /// For every cell, the 4-neighbour steps to the nearest cell of `sources` (row-major,
    /// `size` × `size`); cells that cannot reach one get `Int.max`. (An erosion also counts the
    /// grid's border as background: the box edge is where an object ends.)
    static func distances(from sources: [Bool], size: Int) -> [Int] {
        var distance = [Int](repeating: .max, count: sources.count)
        var frontier = sources.indices.filter { sources[$0] }
        for index in frontier { distance[index] = 0 }
        var step = 0
        while !frontier.isEmpty {
            step += 1
            var next: [Int] = []
            for index in frontier {
                DepthGridSampler.forEachNeighbour(of: index, rows: size, columns: size) { neighbour in
                    guard distance[neighbour] == .max else { return }
                    distance[neighbour] = step
                    next.append(neighbour)
                }
            }
            frontier = next
        }
        return distance
    }
}
