/// Decoding helpers that name the key at fault when a number is out of its range, instead
/// of letting a failed conversion read as malformed JSON (`spec.md#limits-settings`).
extension KeyedDecodingContainer {
    /// An unsigned 64-bit integer (a seed) under `key`, or nil when absent.
    /// - Throws: `DecodingError.dataCorrupted` at `key` for a negative, fractional or too
    ///   large number ("must be an integer from 0 to 18446744073709551615").
    public func decodeSeedIfPresent(forKey key: Key) throws -> UInt64? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let value = try? decode(UInt64.self, forKey: key) { return value }
        _ = try decode(Double.self, forKey: key)  // a string or an object: the usual type mismatch
        throw DecodingError.dataCorruptedError(
            forKey: key, in: self, debugDescription: "must be an integer from 0 to \(UInt64.max) (a seed)")
    }

    /// An integer under `key` within `range`, or nil when absent.
    /// - Throws: `DecodingError.dataCorrupted` at `key` naming the range.
    public func decodeIfPresent(_ type: Int.Type, forKey key: Key, in range: ClosedRange<Int>) throws -> Int? {
        guard let value = try decodeIfPresent(Int.self, forKey: key) else { return nil }
        guard range.contains(value) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "\(value) is outside \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }
}
