// swift-tools-version: 6.0
import PackageDescription

/// Debian packages that provide the system libraries (see README "Requirements").
let package = Package(
    name: "SpatialEval",
    products: [
        .executable(name: "spatial-eval", targets: ["spatial-eval"]),
        .library(name: "SpatialEval", targets: ["SpatialEval"]),
    ],
    targets: [
        // MARK: - System libraries (each imported by exactly one Swift module)
        .systemLibrary(
            name: "CLAPACKE", pkgConfig: "lapacke",
            providers: [.apt(["liblapacke-dev", "libopenblas-dev"])]),
        .systemLibrary(
            name: "CHDF5", pkgConfig: "hdf5-serial",
            providers: [.apt(["libhdf5-dev"])]),
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),

        // MARK: - Library modules
        .target(name: "Numerics", dependencies: ["CLAPACKE"]),
        .target(name: "Recording", dependencies: ["Numerics", "CSQLite"]),
        .target(name: "Metrics", dependencies: ["Numerics", "Recording"]),
        .target(name: "ResultStore", dependencies: ["CHDF5"]),
        .target(name: "Simulation", dependencies: ["Recording", "Numerics"]),
        .target(name: "Replay", dependencies: ["Recording", "Numerics"]),
        .target(name: "Sweeps", dependencies: ["Numerics", "Recording", "Metrics", "Replay"]),
        .target(name: "SpatialEval", dependencies: ["Numerics", "Recording", "Metrics", "ResultStore", "Simulation", "Replay", "Sweeps"]),
        .executableTarget(name: "spatial-eval", dependencies: ["SpatialEval"]),

        // MARK: - Tests
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "NumericsTests", dependencies: ["TestSupport", "Numerics"]),
        .testTarget(name: "RecordingTests", dependencies: ["TestSupport", "Recording"]),
        .testTarget(name: "MetricsTests", dependencies: ["TestSupport", "Metrics", "Recording", "Numerics"]),
        .testTarget(name: "ResultStoreTests", dependencies: ["TestSupport", "ResultStore"]),
        .testTarget(name: "SpatialEvalTests", dependencies: ["TestSupport", "SpatialEval"]),
        .testTarget(name: "SimulationTests", dependencies: ["TestSupport", "Simulation", "Recording", "Numerics"]),
        .testTarget(name: "ReplayTests", dependencies: ["TestSupport", "Replay", "Recording", "Numerics"]),
        .testTarget(name: "SweepsTests", dependencies: ["TestSupport", "Sweeps", "Replay", "Recording", "Numerics", "Metrics"]),
    ],
    swiftLanguageModes: [.v6]
)
