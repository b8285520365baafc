import EvalNumerics
import Recording

/// The relative residual field of a real depth-network prediction after its affine fit
/// (`ErrorModelTables`, Data/error-models/SOURCES.md), and where one grid reads it.
public struct DepthResidualField: Sendable {
    /// Field rows and columns.
    public let rows: Int, columns: Int
    /// Source-frame pixels between two field samples.
    public let step: Double
    /// Relative residual of the full pass, row-major (0 where the source had no ground truth).
    public let residual: [Double]
    /// Extra relative residual at 364/518 of the resolution, row-major.
    public let resolutionLoss: [Double]

    /// The field derived from the reference data.
    public static let measured = DepthResidualField(
        rows: ErrorModelTables.depthFieldRows, columns: ErrorModelTables.depthFieldColumns,
        step: Double(ErrorModelTables.depthFieldStep),
        residual: ErrorModelTables.depthResidual.map(Self.decode),
        resolutionLoss: ErrorModelTables.depthResolutionLoss.map(Self.decode))

    /// Creates a field from its values.
    public init(rows: Int, columns: Int, step: Double, residual: [Double], resolutionLoss: [Double]) {
        self.rows = rows
        self.columns = columns
        self.step = step
        self.residual = residual
        self.resolutionLoss = resolutionLoss
    }

    /// A table value (10⁻⁴ units, 32767 for none) as a relative residual.
    static func decode(_ value: Int16) -> Double { value == Int16.max ? 0 : Double(value) * 1e-4 }

    /// Width and height of the source frame, pixels.
    public var sourceSize: SIMD2<Double> { SIMD2(Double(columns), Double(rows)) * step }

    /// The field value nearest to source-frame pixel `point`, reflected into the frame.
    public func value(_ values: [Double], at point: SIMD2<Double>) -> Double {
        let column = Self.reflect(Int((point.x / step).rounded(.down)), count: columns)
        let row = Self.reflect(Int((point.y / step).rounded(.down)), count: rows)
        return values[row * columns + column]
    }

    /// `index` mirrored into 0..<count (…, 1, 0, 0, 1, …, count − 1, count − 1, …).
    static func reflect(_ index: Int, count: Int) -> Int {
        let period = 2 * count
        let wrapped = ((index % period) + period) % period
        return wrapped < count ? wrapped : period - 1 - wrapped
    }
}

/// Where one grid reads the residual field: the source-frame pixel under the box's top-left
/// corner and the scale from our pixels to source pixels.
public struct ResidualPatch: Equatable, Sendable {
    /// Source-frame pixel under the box's top-left corner.
    public var origin: SIMD2<Double>
    /// Source pixels per pixel of our image (same angular scale).
    public var scale: Double

    /// Creates a patch from its parts.
    public init(origin: SIMD2<Double>, scale: Double) {
        self.origin = origin
        self.scale = scale
    }

    /// A patch for `box` at a uniformly drawn place where it fits in the source frame (or at
    /// its corner, reflected, when it does not fit).
    public init(box: PixelBox, field: DepthResidualField, scale: Double, random: inout SplitMix64) {
        let size = SIMD2(box.width, box.height) * scale
        let room = field.sourceSize - size
        origin = SIMD2(random.uniform(0, max(room.x, 0)), random.uniform(0, max(room.y, 0)))
        self.scale = scale
    }

    /// The source-frame pixel under our pixel (`u`, `v`) of a box whose top-left is `corner`.
    public func sourcePixel(u: Double, v: Double, corner: SIMD2<Double>) -> SIMD2<Double> {
        origin + (SIMD2(u, v) - corner) * scale
    }
}
