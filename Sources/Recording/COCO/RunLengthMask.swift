/// A binary mask as COCO stores it: the pixels flattened column by column (Fortran order),
/// then alternating run lengths starting with a run of background (`spec.md#coco-rle`).
///
/// A mask is valid when its size is positive and within ``COCOLimits``, and its runs add up to
/// exactly `height · width` (pycocotools does not check the sum and loops forever on some
/// masks that break it, so the reader rejects them).
public struct RunLengthMask: Equatable, Sendable {
    /// Rows.
    public let height: Int
    /// Columns.
    public let width: Int
    /// Run lengths: background, foreground, background, …
    public let counts: [UInt32]

    /// Why a mask is invalid.
    public struct Problem: Error, Equatable, CustomStringConvertible, Sendable {
        /// What is wrong.
        public var description: String

        /// A problem described in words.
        public init(description: String) {
            self.description = description
        }
    }

    /// Checks and wraps `counts`.
    public init(height: Int, width: Int, counts: [UInt32]) throws(Problem) {
        try Self.checkSize(height: height, width: width)
        guard counts.count <= height * width + 1 else {
            throw Problem(description: "\(counts.count) runs for \(height)×\(width) pixels")
        }
        var total = 0
        for count in counts { total += Int(count) }
        guard total == height * width else {
            throw Problem(description: "the runs add up to \(total) pixels, the size \(height)×\(width) has \(height * width)")
        }
        self.height = height
        self.width = width
        self.counts = counts
    }

    /// Wraps runs that are known to be valid (made by this package's own encoders).
    package init(unchecked height: Int, _ width: Int, _ counts: [UInt32]) {
        self.height = height
        self.width = width
        self.counts = counts
    }

    /// The mask of a column-major bitmap (`pixels[x · height + y]`).
    public init(height: Int, width: Int, columnMajor pixels: [Bool]) throws(Problem) {
        try Self.checkSize(height: height, width: width)
        guard pixels.count == height * width else {
            throw Problem(description: "\(pixels.count) pixels for a \(height)×\(width) mask")
        }
        var counts: [UInt32] = []
        var current = false
        var run: UInt32 = 0
        for pixel in pixels {
            if pixel != current {
                counts.append(run)
                run = 0
                current = pixel
            }
            run += 1
        }
        counts.append(run)
        self.init(unchecked: height, width, counts)
    }

    /// Checks a mask size against the limits.
    public static func checkSize(height: Int, width: Int) throws(Problem) {
        guard height >= 1, width >= 1 else { throw Problem(description: "size \(height)×\(width) is not positive") }
        guard height <= COCOLimits.maximumSide, width <= COCOLimits.maximumSide, height * width <= COCOLimits.maximumPixels else {
            throw Problem(description: "size \(height)×\(width) exceeds the limit (side \(COCOLimits.maximumSide), \(COCOLimits.maximumPixels) pixels)")
        }
    }

    /// Foreground pixels: the sum of the odd-position runs.
    public var area: Int {
        var total = 0
        var j = 1
        while j < counts.count {
            total += Int(counts[j])
            j += 2
        }
        return total
    }

    /// The column-major bitmap.
    public var columnMajorPixels: [Bool] {
        var pixels: [Bool] = []
        pixels.reserveCapacity(height * width)
        var value = false
        for count in counts {
            pixels.append(contentsOf: repeatElement(value, count: Int(count)))
            value.toggle()
        }
        return pixels
    }
}
