public import Foundation

/// Makes the permanent UIDs of new reminders: UUID version 7 (RFC 9562 §5.7), lower case.
///
/// ```swift
/// var uids = UIDGenerator(now: Date())
/// uids.next()  // "019a4f5c-3b2e-7c41-8a9d-5e0f6b7a8c9d"
/// uids.next()  // "019a4f5c-3b2e-7c41-8a9d-5e0f6b7a8c9e": the next one up
/// ```
///
/// The first 48 bits are the milliseconds since 1970, so UIDs sort by creation; within one
/// generator the 74 random bits are incremented by one per UID (RFC 9562 §6.2, method 3), so
/// an import's UIDs are unique, strictly increasing and land at the end of the UID index
/// instead of at random pages: a bulk import pays almost nothing for the index.
public struct UIDGenerator: Sendable {
    private let millis: UInt64
    /// 12 bits of `rand_a` then 62 bits of `rand_b`, as one 74-bit counter split in two.
    private var high: UInt64
    private var low: UInt64

    /// A generator whose UIDs carry `now`'s milliseconds and a random starting counter.
    public init(now: Date) {
        millis = UInt64(max(0, (now.timeIntervalSince1970 * 1000).rounded())) & 0xFFFF_FFFF_FFFF
        var generator = SystemRandomNumberGenerator()
        // NB: the top bits start clear, so 2^60 increments cannot overflow the counter.
        high = UInt64(generator.next() as UInt16) & 0x7FF
        low = generator.next() & 0x1FFF_FFFF_FFFF_FFFF
    }

    /// The next UID: one more than the last in the random bits, same time prefix.
    public mutating func next() -> String {
        low += 1
        if low > 0x3FFF_FFFF_FFFF_FFFF {
            low = 0
            high = (high + 1) & 0xFFF
        }
        let timeHigh = millis >> 16, timeLow = millis & 0xFFFF
        let version = 0x7000 | high
        let variant = 0x8000 | (low >> 48)
        let node = low & 0xFFFF_FFFF_FFFF
        return Self.hex(timeHigh, 8) + "-" + Self.hex(timeLow, 4) + "-" + Self.hex(version, 4) + "-"
            + Self.hex(variant, 4) + "-" + Self.hex(node, 12)
    }

    private static func hex(_ value: UInt64, _ width: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
