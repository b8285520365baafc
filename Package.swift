// swift-tools-version: 6.0
import PackageDescription

/// Debian packages that provide the system libraries (see README "Requirements").
let package = Package(
    name: "SpatialEval",
    products: [
        .executable(name: "spatial-eval", targets: ["spatial-eval"]),
        .library(name: "SpatialEval", targets: ["EvalResults", "EvalJobs", "EvalReports", "EvalCommandLine"]),
        .library(name: "SpatialEvalRecorder", type: .static, targets: ["SpatialEvalRecorder"]),
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
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),
        // glibc's malloc.h (the C library itself; nothing to install).
        .systemLibrary(name: "CMalloc"),

        // MARK: - Library modules
        .target(name: "EvalNumerics", dependencies: ["CLAPACKE"]),
        .target(name: "Recording", dependencies: ["EvalNumerics", "CSQLite"]),
        .target(name: "EvalMetrics", dependencies: ["EvalNumerics", "Recording"]),
        .target(name: "ResultStore", dependencies: ["CHDF5"]),
        .target(name: "Simulation", dependencies: ["Recording", "EvalNumerics"]),
        // Capture apps' export folders (3D Scanner App, Stray Scanner) read as recordings; PNG through libpng.
        .target(name: "CaptureFolders", dependencies: ["Recording", "CPNG"]),
        .target(name: "Replay", dependencies: ["Recording", "EvalNumerics"]),
        // Judging a replay against ground truth: where Replay (produces) and EvalMetrics (judges) meet.
        .target(name: "Evaluation", dependencies: ["EvalNumerics", "Recording", "EvalMetrics", "Replay"]),
        // LookFor's warmth finder: trial format, replay, metrics, sweep, simulator.
        .target(name: "Warmth", dependencies: ["EvalNumerics", "Recording"]),
        .target(name: "Sweeps", dependencies: ["EvalNumerics", "Recording", "EvalMetrics", "Replay", "Evaluation", "Warmth"]),
        // The recording viewer: a typed timeline of one replayed recording and its self-contained HTML page.
        .target(name: "SessionViewer", dependencies: ["Recording", "EvalMetrics", "Replay", "Evaluation"]),
        // The suite's three layers above the algorithms (README "Layout"):
        // what a job is asked and answers, and the files that hold it;
        .target(
            name: "EvalResults",
            dependencies: ["EvalNumerics", "Recording", "EvalMetrics", "ResultStore", "Simulation", "Replay", "Evaluation", "Sweeps", "Warmth"]),
        // the jobs, a Swift API taking typed inputs and returning typed results;
        .target(
            name: "EvalJobs",
            dependencies: ["EvalNumerics", "Recording", "EvalMetrics", "EvalResults", "Simulation", "Replay", "Evaluation", "Sweeps", "Warmth"]),
        // Markdown, HTML and SVG rendered from results alone (never runs a job);
        .target(
            name: "EvalReports",
            dependencies: ["EvalNumerics", "Recording", "EvalMetrics", "EvalResults", "Simulation", "Replay", "Evaluation", "Sweeps", "Warmth", "SessionViewer"]),
        // and the command line: declarations, parsing, calling the library, printing.
        .target(
            name: "EvalCommandLine",
            dependencies: ["EvalNumerics", "Recording", "EvalMetrics", "ResultStore", "EvalResults", "EvalJobs", "EvalReports", "Simulation", "Replay", "Evaluation", "Sweeps", "Warmth", "SessionViewer", "CaptureFolders"]),
        .executableTarget(name: "spatial-eval", dependencies: ["EvalCommandLine", "EvalResults", "CMalloc"]),
        // What an app links to record sessions: Foundation only, no other module of this package.
        .target(name: "SpatialEvalRecorder"),
        // Benchmarks/recorder_overhead.sh: the recorder's caller-side cost and writer throughput.
        .executableTarget(name: "recorder-bench", dependencies: ["SpatialEvalRecorder"]),

        // MARK: - Tests
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "EvalNumericsTests", dependencies: ["TestSupport", "EvalNumerics"]),
        .testTarget(name: "RecordingTests", dependencies: ["TestSupport", "Recording"]),
        .testTarget(name: "EvalMetricsTests", dependencies: ["TestSupport", "EvalMetrics", "Recording", "EvalNumerics"]),
        .testTarget(name: "ResultStoreTests", dependencies: ["TestSupport", "ResultStore"]),
        .testTarget(name: "SpatialEvalTests", dependencies: ["TestSupport", "EvalResults", "EvalJobs", "EvalReports", "EvalCommandLine"]),
        .testTarget(name: "SimulationTests", dependencies: ["TestSupport", "Simulation", "Recording", "EvalNumerics"]),
        .testTarget(name: "ReplayTests", dependencies: ["TestSupport", "Replay", "Recording", "EvalNumerics"]),
        .testTarget(name: "EvaluationTests", dependencies: ["TestSupport", "Evaluation", "Replay", "Recording", "EvalMetrics", "Simulation"]),
        .testTarget(name: "WarmthTests", dependencies: ["TestSupport", "Warmth", "Recording"]),
        .testTarget(name: "SpatialEvalRecorderTests", dependencies: ["TestSupport", "SpatialEvalRecorder", "Recording", "Evaluation", "EvalResults", "EvalJobs", "EvalCommandLine"]),
        // Docs/library.md's examples, through the public API only.
        .testTarget(name: "LibraryExamples", dependencies: ["TestSupport", "EvalCommandLine", "EvalJobs", "EvalResults", "EvalMetrics", "Sweeps"]),
        .testTarget(name: "SessionViewerTests", dependencies: ["TestSupport", "SessionViewer", "Evaluation", "Replay", "Recording", "EvalMetrics", "Simulation"]),
        .testTarget(name: "CaptureFoldersTests", dependencies: ["TestSupport", "CaptureFolders", "Recording", "Simulation", "EvalMetrics"]),
        .testTarget(name: "SweepsTests", dependencies: ["TestSupport", "Sweeps", "Evaluation", "Replay", "Recording", "EvalNumerics", "EvalMetrics", "Warmth"]),
    ],
    swiftLanguageModes: [.v6]
)
