/// Constants of the depth-fusion replica (spec.md#fusion).
public struct DepthFusionConfiguration: Codable, Sendable, Equatable {
    /// Nearest LiDAR depth kept, metres (spec.md#fusion-sample-filter: "LiDAR valid in 0.1–8 m").
    public var minLidarDepth: Double
    /// Farthest LiDAR depth kept, metres.
    public var maxLidarDepth: Double
    /// Lowest LiDAR confidence kept (0 low, 1 medium, 2 high). The app says "LiDAR
    /// confidence" without a level (spec.md#fusion-sample-filter); high (ARKit's `.high`) is assumed.
    public var minLidarConfidence: UInt8
    /// Fewer surviving pairs than this fall back to the raw LiDAR median (spec.md#fusion-fallback: eight).
    public var minPairs: Int
    /// Residuals beyond this many standard deviations are dropped before the one refit (2σ).
    public var outlierSigmas: Double
    /// The fit is refused unless var(d) > `conditioningEpsilon`·(1 + d̄²) (spec.md#fusion-variance-guard: 10⁻⁶).
    public var conditioningEpsilon: Double
    /// The floor of the denominator s·d + t. The app floors it without a value (spec.md#fusion-box-depth); the
    /// default 1/8 keeps ẑ within the LiDAR range (≤ 8 m).
    public var denominatorFloor: Double

    /// Creates a configuration; every default is the shipped constant.
    public init(
        minLidarDepth: Double = 0.1, maxLidarDepth: Double = 8, minLidarConfidence: UInt8 = 2,
        minPairs: Int = 8, outlierSigmas: Double = 2, conditioningEpsilon: Double = 1e-6,
        denominatorFloor: Double = 0.125
    ) {
        self.minLidarDepth = minLidarDepth
        self.maxLidarDepth = maxLidarDepth
        self.minLidarConfidence = minLidarConfidence
        self.minPairs = minPairs
        self.outlierSigmas = outlierSigmas
        self.conditioningEpsilon = conditioningEpsilon
        self.denominatorFloor = denominatorFloor
    }
}
