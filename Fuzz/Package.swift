// swift-tools-version: 6.0
import PackageDescription

// The fuzz targets, kept out of the root package so that a plain `swift build` / `swift test`
// never links libFuzzer. Built by `Scripts/fuzz` with `--sanitize fuzzer` (and `address`),
// which instruments the root package's modules too. See Docs/fuzzing.md.
let package = Package(
    name: "SpatialEvalFuzz",
    dependencies: [.package(name: "SpatialEval", path: "..")],
    targets: [
        .executableTarget(
            name: "FuzzTargets",
            dependencies: [
                .product(name: "SpatialEval", package: "SpatialEval"),
                .product(name: "SpatialEvalRecorder", package: "SpatialEval"),
            ],
            // libFuzzer supplies `main`; the entry point is `LLVMFuzzerTestOneInput`.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    ],
    swiftLanguageModes: [.v6]
)
