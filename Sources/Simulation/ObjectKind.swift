/// The kinds of things a simulated room holds, with the COCO label a detector gives them
/// and a real-world size.
public enum ObjectKind: String, Equatable, Sendable, Codable, CaseIterable {
    /// A 0.5 l bottle.
    case bottle
    /// A drinking cup.
    case cup
    /// A mug (COCO has no mug: detectors call it `cup`).
    case mug
    /// An open laptop.
    case laptop
    /// A desktop keyboard.
    case keyboard
    /// A computer mouse.
    case mouse
    /// A TV remote.
    case remote
    /// A phone lying flat.
    case cellPhone = "cell phone"
    /// A book standing upright.
    case book
    /// A desktop monitor (COCO `tv`).
    case monitor
    /// A chair.
    case chair
    /// A standing adult.
    case person
    /// A bowl.
    case bowl
    /// A vase.
    case vase
    /// A potted plant.
    case pottedPlant = "potted plant"
    /// A backpack.
    case backpack
    /// A wall clock.
    case clock

    /// The COCO class label a detector reports.
    public var label: String {
        switch self {
        case .mug: "cup"
        case .monitor: "tv"
        default: rawValue
        }
    }

    /// Physical size in metres: width (x), height (y), depth (z), typical of the item.
    public var extent: SIMD3<Double> {
        switch self {
        case .bottle: SIMD3(0.07, 0.24, 0.07)
        case .cup: SIMD3(0.08, 0.10, 0.08)
        case .mug: SIMD3(0.12, 0.10, 0.09)
        case .laptop: SIMD3(0.33, 0.23, 0.23)
        case .keyboard: SIMD3(0.44, 0.03, 0.14)
        case .mouse: SIMD3(0.06, 0.04, 0.11)
        case .remote: SIMD3(0.05, 0.02, 0.18)
        case .cellPhone: SIMD3(0.075, 0.01, 0.15)
        case .book: SIMD3(0.16, 0.23, 0.03)
        case .monitor: SIMD3(0.61, 0.40, 0.18)
        case .chair: SIMD3(0.50, 0.90, 0.50)
        case .person: SIMD3(0.45, 1.70, 0.30)
        case .bowl: SIMD3(0.16, 0.07, 0.16)
        case .vase: SIMD3(0.12, 0.30, 0.12)
        case .pottedPlant: SIMD3(0.25, 0.40, 0.25)
        case .backpack: SIMD3(0.30, 0.45, 0.20)
        case .clock: SIMD3(0.30, 0.30, 0.05)
        }
    }

    /// The largest side, metres (what the detector's range scales with).
    public var size: Double { extent.max() }
}
