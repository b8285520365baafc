import Recording

/// One coordinate with a constant-velocity model: state (x, ẋ), covariance [[a, b], [b, c]].
struct ConstantVelocityAxis: Sendable, Equatable {
    var x: Double
    var velocity: Double
    var a: Double, b: Double, c: Double
    /// Process noise on x and on ẋ, and measurement noise on x.
    let qx: Double, qv: Double, r: Double

    init(x: Double, variance: Double, velocityVariance: Double, qx: Double, qv: Double, r: Double) {
        self.x = x
        self.velocity = 0
        self.a = variance
        self.b = 0
        self.c = velocityVariance
        self.qx = qx
        self.qv = qv
        self.r = r
    }

    /// x ← x + ẋ; P ← F P Fᵀ + Q with F = [[1, 1], [0, 1]].
    mutating func predict() {
        x += velocity
        a += 2 * b + c + qx
        b += c
        c += qv
    }

    /// Standard Kalman update with the measurement z of x.
    mutating func update(_ z: Double) {
        let s = a + r
        let k0 = a / s, k1 = b / s
        let innovation = z - x
        x += k0 * innovation
        velocity += k1 * innovation
        let (a0, b0) = (a, b)
        a = a0 - k0 * a0
        b = b0 - k0 * b0
        c -= k1 * b0
    }
}

/// SORT's Kalman filter on a box (Bewley et al. 2016): state (u, v, s, r, u̇, v̇, ṡ) with
/// u, v the centre, s the area and r the aspect ratio w/h; constant velocity on u, v, s.
///
/// SORT's matrices F, H, Q, R and the initial P are all block-diagonal over the pairs
/// (u, u̇), (v, v̇), (s, ṡ) and the single r, so the 7-state filter is exactly three
/// independent 2-state filters and one 1-state filter; this form allocates nothing.
/// Noise values are SORT's: P₀ = 10 on positions and 10⁴ on velocities; Q = 1 on
/// positions, 0.01 on u̇, v̇ and 10⁻⁴ on ṡ; R = 1 on u, v and 10 on s, r.
struct KalmanBoxFilter: Sendable, Equatable {
    private var u: ConstantVelocityAxis
    private var v: ConstantVelocityAxis
    private var s: ConstantVelocityAxis
    /// Aspect ratio: a constant with variance `rVariance`.
    private var r: Double
    private var rVariance: Double

    /// Starts a filter at `box` with zero velocity.
    init(box: PixelBox) {
        let z = Self.measurement(box)
        u = ConstantVelocityAxis(x: z.x, variance: 10, velocityVariance: 1e4, qx: 1, qv: 0.01, r: 1)
        v = ConstantVelocityAxis(x: z.y, variance: 10, velocityVariance: 1e4, qx: 1, qv: 0.01, r: 1)
        s = ConstantVelocityAxis(x: z.z, variance: 10, velocityVariance: 1e4, qx: 1, qv: 1e-4, r: 10)
        r = z.w
        rVariance = 10
    }

    /// Advances one frame; as in SORT, a velocity that would make the area non-positive is zeroed.
    mutating func predict() {
        if s.x + s.velocity <= 0 { s.velocity = 0 }
        u.predict()
        v.predict()
        s.predict()
        rVariance += 1
    }

    /// Corrects the state with an observed box.
    mutating func update(box: PixelBox) {
        let z = Self.measurement(box)
        u.update(z.x)
        v.update(z.y)
        s.update(z.z)
        let gain = rVariance / (rVariance + 10)
        r += gain * (z.w - r)
        rVariance -= gain * rVariance
    }

    /// The box the current state describes.
    var box: PixelBox {
        let area = max(s.x, 0), aspect = max(r, 0)
        let w = (area * aspect).squareRoot()
        let h = w > 0 ? area / w : 0
        return PixelBox(x: u.x - w / 2, y: v.x - h / 2, width: w, height: h)
    }

    /// (u, v, s, r) of a box.
    private static func measurement(_ box: PixelBox) -> SIMD4<Double> {
        let c = box.centre
        return SIMD4(c.x, c.y, box.width * box.height, box.height > 0 ? box.width / box.height : 0)
    }
}
