/// Range checks of a simulator configuration read from a file, so that no value can size an
/// allocation or a loop without a bound, or reach geometry as a non-finite number
/// (`spec.md#limits-simulator`).
extension SimulationConfiguration {
    /// The most frames per second a configuration may ask for.
    public static let maximumFramesPerSecond: Double = 240
    /// The longest capture, in seconds, a simulation may be asked for (one hour).
    public static let maximumDuration: Double = 3_600
    /// The largest image side, pixels.
    public static let maximumImageSide = 16_384
    /// The longest embedding a configuration may ask for.
    public static let maximumEmbeddingDimension = 4_096
    /// The most rows, columns or grid cells per side a depth grid or LiDAR map may have.
    public static let maximumGridSide = 1_024
    /// The focal lengths, pixels, a camera or the depth network's residual field may have (the
    /// recording validator's upper bound; below one pixel the residual field's scale overflows).
    public static let focalRange: ClosedRange<Double> = 1...10_000_000
    /// The largest factor on the mask error (the error is capped at 1 − IoU = 0.95 anyway).
    public static let maximumMaskErrorScale: Double = 100
    /// The longest replayed drift block, metres.
    public static let maximumDriftBlock: Double = 10_000

    /// The first problem with the configuration, as "key: what is wrong", or nil when every
    /// value is in range. Every number must be finite; counts and sizes must be positive and
    /// bounded; two-number ranges must be ordered.
    public func problem() -> String? {
        if let path = Self.firstNonFinite(self, path: "") { return "\(path): must be a finite number" }
        func within<T: Comparable>(_ key: String, _ value: T, _ range: ClosedRange<T>) -> String? {
            range.contains(value) ? nil : "\(key): \(value) is outside \(range.lowerBound)...\(range.upperBound)"
        }
        func ordered(_ key: String, _ pair: [Double]) -> String? {
            pair.count == 2 && pair[0] <= pair[1] ? nil : "\(key): must be two numbers [low, high] with low ≤ high"
        }
        let checks: [String?] = [
            within("framesPerSecond", framesPerSecond, 1...Self.maximumFramesPerSecond),
            within("camera.width", camera.width, 1...Self.maximumImageSide),
            within("camera.height", camera.height, 1...Self.maximumImageSide),
            within("camera.fx", camera.fx, Self.focalRange),
            within("camera.fy", camera.fy, Self.focalRange),
            within("depthNetwork.residualFieldFocalPixels", depthNetwork.residualFieldFocalPixels, Self.focalRange),
            within("cadence.detectorEveryNFrames", cadence.detectorEveryNFrames, 1...10_000),
            within("cadence.embeddingEveryNFrames", cadence.embeddingEveryNFrames, 1...10_000),
            within("cadence.depthGridEveryNFrames", cadence.depthGridEveryNFrames, 1...10_000),
            within("cadence.gridSize", cadence.gridSize, 1...Self.maximumGridSide),
            within("cadence.lidarMapEveryNFrames", cadence.lidarMapEveryNFrames, 0...10_000),
            within("cadence.lidarMapRows", cadence.lidarMapRows, 1...Self.maximumGridSide),
            within("cadence.lidarMapColumns", cadence.lidarMapColumns, 1...Self.maximumGridSide),
            within("embeddings.dimension", embeddings.dimension, 1...Self.maximumEmbeddingDimension),
            ordered("embeddings.twinCosineRange", embeddings.twinCosineRange),
            ordered("embeddings.viewNoiseRange", embeddings.viewNoiseRange),
            ordered("lidar.validRange", lidar.validRange),
            within("segmentation.boundaryFlipProbability", segmentation.boundaryFlipProbability, 0...1),
            within("segmentation.meanMaskIoU", segmentation.meanMaskIoU, 0...1),
            within("segmentation.maskErrorScale", segmentation.maskErrorScale, 0...Self.maximumMaskErrorScale),
            within("segmentation.leakShare", segmentation.leakShare, 0...1),
            ordered("depthNetwork.scaleRange", depthNetwork.scaleRange),
            ordered("depthNetwork.shiftRange", depthNetwork.shiftRange),
            ordered("layout.twinSeparationRange", layout.twinSeparationRange),
            ordered("layout.moveDistanceRange", layout.moveDistanceRange),
            within("groundTruth.visibilitySamplesPerSide", groundTruth.visibilitySamplesPerSide, 1...1_024),
            drift.blockMetres > 0 && drift.blockMetres <= Self.maximumDriftBlock
                ? nil : "drift.blockMetres: must be positive and at most \(Int(Self.maximumDriftBlock)) m",
            drift.errorScale >= 0 ? nil : "drift.errorScale: must not be negative",
            drift.dropoutsPerMinute >= 0 ? nil : "drift.dropoutsPerMinute: must not be negative",
            drift.dropoutSeconds >= 0 ? nil : "drift.dropoutSeconds: must not be negative",
            detector.falsePositivesPerRun >= 0 && detector.falsePositivesPerRun <= 1_000
                ? nil : "detector.falsePositivesPerRun: must lie in 0...1000",
        ]
        return checks.compactMap { $0 }.first
    }

    /// The key path of the first non-finite number in `value` (walking stored properties,
    /// arrays included), or nil.
    static func firstNonFinite(_ value: Any, path: String) -> String? {
        if let number = value as? Double { return number.isFinite ? nil : path }
        let mirror = Mirror(reflecting: value)
        for (offset, child) in mirror.children.enumerated() {
            let name = mirror.displayStyle == .collection ? "\(path)[\(offset)]" : (path.isEmpty ? "" : path + ".") + (child.label ?? "\(offset)")
            if let found = firstNonFinite(child.value, path: name) { return found }
        }
        return nil
    }
}
