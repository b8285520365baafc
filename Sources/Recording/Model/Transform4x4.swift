/// A 4×4 homogeneous transform stored row-major, e.g. a camera pose `world_from_camera`.
///
/// `world_from_camera` maps a point in camera coordinates (x right, y up, looking down −z)
/// to world coordinates (right-handed, y up, gravity aligned): `p_world = M · p_camera`.
/// The upper-left 3×3 block is the rotation, the last column the camera centre in metres,
/// and the bottom row should be `0 0 0 1`. Nothing here enforces that: recordings may
/// hold anything, and `RecordingValidator` reports what is wrong.
public struct Transform4x4: Equatable, Sendable {
    /// The 16 elements, row by row.
    public var rowMajor: [Double]

    /// Creates a transform from 16 elements in row-major order.
    ///
    /// - Precondition: `rowMajor.count == 16`.
    public init(rowMajor: [Double]) {
        precondition(rowMajor.count == 16, "a 4×4 transform needs 16 elements, got \(rowMajor.count)")
        self.rowMajor = rowMajor
    }

    /// A rigid transform from a row-major 3×3 rotation and a translation in metres.
    public init(rotation: [Double], translation: SIMD3<Double>) {
        precondition(rotation.count == 9, "a 3×3 rotation needs 9 elements, got \(rotation.count)")
        self.rowMajor = [
            rotation[0], rotation[1], rotation[2], translation.x,
            rotation[3], rotation[4], rotation[5], translation.y,
            rotation[6], rotation[7], rotation[8], translation.z,
            0, 0, 0, 1,
        ]
    }

    /// A rigid transform from a quaternion (x, y, z, w; normalised here, so it must not be
    /// zero) and a translation in metres: the rotation the unit quaternion describes.
    public init(quaternion: SIMD4<Double>, translation: SIMD3<Double>) {
        let q = quaternion / (quaternion * quaternion).sum().squareRoot()
        let (x, y, z, w) = (q.x, q.y, q.z, q.w)
        self.init(rotation: [
            1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w),
            2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w),
            2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y),
        ], translation: translation)
    }

    /// The unit quaternion (x, y, z, w, with w ≥ 0) of the 3×3 block, taken as a rotation
    /// (the inverse of ``init(quaternion:translation:)`` for a proper rotation).
    public var rotationQuaternion: SIMD4<Double> {
        let (m00, m11, m22) = (self[0, 0], self[1, 1], self[2, 2])
        let trace = m00 + m11 + m22
        var q: SIMD4<Double>
        // The largest of w, x, y, z is computed from the diagonal, the others from it.
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = SIMD4((self[2, 1] - self[1, 2]) / s, (self[0, 2] - self[2, 0]) / s, (self[1, 0] - self[0, 1]) / s, s / 4)
        } else if m00 > m11, m00 > m22 {
            let s = (1 + m00 - m11 - m22).squareRoot() * 2
            q = SIMD4(s / 4, (self[0, 1] + self[1, 0]) / s, (self[0, 2] + self[2, 0]) / s, (self[2, 1] - self[1, 2]) / s)
        } else if m11 > m22 {
            let s = (1 + m11 - m00 - m22).squareRoot() * 2
            q = SIMD4((self[0, 1] + self[1, 0]) / s, s / 4, (self[1, 2] + self[2, 1]) / s, (self[0, 2] - self[2, 0]) / s)
        } else {
            let s = (1 + m22 - m00 - m11).squareRoot() * 2
            q = SIMD4((self[0, 2] + self[2, 0]) / s, (self[1, 2] + self[2, 1]) / s, s / 4, (self[1, 0] - self[0, 1]) / s)
        }
        q /= (q * q).sum().squareRoot()
        return q.w < 0 ? -q : q
    }

    /// This pose with the camera's y and z axes negated (`M · diag(1, −1, −1, 1)`): a
    /// `world_from_camera` pose of a camera that looks down +z with y down (the OpenCV
    /// convention) becomes one of this format's camera (y up, looking down −z), and back.
    public var flippingCameraYZ: Transform4x4 {
        var flipped = self
        for row in 0..<3 {
            flipped[row, 1] = -self[row, 1]
            flipped[row, 2] = -self[row, 2]
        }
        return flipped
    }

    /// The identity transform.
    public static let identity = Transform4x4(rotation: [1, 0, 0, 0, 1, 0, 0, 0, 1], translation: .zero)

    /// The element at `row`, `column` (both 0-based). Inlinable: replays read poses in their
    /// innermost loops across modules.
    @inlinable
    public subscript(row: Int, column: Int) -> Double {
        get { rowMajor[row * 4 + column] }
        set { rowMajor[row * 4 + column] = newValue }
    }

    /// The translation column (the camera centre for a `world_from_camera` pose), in metres.
    @inlinable
    public var translation: SIMD3<Double> {
        SIMD3(self[0, 3], self[1, 3], self[2, 3])
    }

    /// True when every element is finite.
    public var isFinite: Bool { rowMajor.allSatisfy(\.isFinite) }

    /// The largest absolute entry of RᵀR − I over the 3×3 block: 0 for an exact rotation.
    public var orthonormalityError: Double {
        var worst = 0.0
        for i in 0..<3 {
            for j in 0..<3 {
                let dot = (0..<3).reduce(0.0) { $0 + self[$1, i] * self[$1, j] }
                worst = max(worst, abs(dot - (i == j ? 1 : 0)))
            }
        }
        return worst
    }

    /// The determinant of the 3×3 block: +1 for a proper rotation, −1 for a reflection.
    public var rotationDeterminant: Double {
        let a = self
        return a[0, 0] * (a[1, 1] * a[2, 2] - a[1, 2] * a[2, 1])
            - a[0, 1] * (a[1, 0] * a[2, 2] - a[1, 2] * a[2, 0])
            + a[0, 2] * (a[1, 0] * a[2, 1] - a[1, 1] * a[2, 0])
    }
}
