/// A map from integer keys to `Int32` values with open addressing and a cheap
/// multiplicative hash: several times faster than `Dictionary` for the dense integer
/// keys (id pairs, frame numbers) that evaluation loops look up millions of times.
public struct IntegerHashMap: Sendable {
    private var keys: [Int]
    private var values: [Int32]
    private var occupied: [Bool]
    private var mask: Int
    /// Number of keys stored.
    public private(set) var count = 0

    /// Creates an empty map sized for about `capacity` keys.
    public init(capacity: Int = 16) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = [Int](repeating: 0, count: size)
        values = [Int32](repeating: 0, count: size)
        occupied = [Bool](repeating: false, count: size)
        mask = size - 1
    }

    @inline(__always)
    private func slot(for key: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) >> 20) & mask
    }

    /// The value stored for `key`, if any.
    public func value(for key: Int) -> Int32? {
        var index = slot(for: key)
        while occupied[index] {
            if keys[index] == key { return values[index] }
            index = (index + 1) & mask
        }
        return nil
    }

    /// The value stored for `key`; when absent, stores and returns `make()`.
    public mutating func value(for key: Int, orInsert make: () -> Int32) -> Int32 {
        var index = slot(for: key)
        while occupied[index] {
            if keys[index] == key { return values[index] }
            index = (index + 1) & mask
        }
        let value = make()
        occupied[index] = true
        keys[index] = key
        values[index] = value
        count += 1
        if count * 2 > keys.count { grow() }
        return value
    }

    /// Stores `value` for `key`, replacing any earlier value.
    public mutating func set(_ value: Int32, for key: Int) {
        var index = slot(for: key)
        while occupied[index] {
            if keys[index] == key {
                values[index] = value
                return
            }
            index = (index + 1) & mask
        }
        occupied[index] = true
        keys[index] = key
        values[index] = value
        count += 1
        if count * 2 > keys.count { grow() }
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values, oldOccupied = occupied
        let size = keys.count * 2
        keys = [Int](repeating: 0, count: size)
        values = [Int32](repeating: 0, count: size)
        occupied = [Bool](repeating: false, count: size)
        mask = size - 1
        count = 0
        for index in oldKeys.indices where oldOccupied[index] { set(oldValues[index], for: oldKeys[index]) }
    }
}
