#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Version 5 UUIDs (RFC 9562): the same name in the same namespace always gives the same UUID,
/// so an id that another system gives a record can become a roster id, again and again.
package enum NameBasedUUID {
    /// The version 5 UUID of `name` in `namespace`.
    package static func uuid(namespace: UUID, name: String) -> UUID {
        var message = withUnsafeBytes(of: namespace.uuid) { Array($0) }
        message += name.utf8
        var hash = sha1(message)
        hash[6] = (hash[6] & 0x0F) | 0x50
        hash[8] = (hash[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                hash[0], hash[1], hash[2], hash[3], hash[4], hash[5], hash[6], hash[7], hash[8], hash[9],
                hash[10], hash[11], hash[12], hash[13], hash[14], hash[15]
            ))
    }

    /// The SHA-1 digest of `message` (FIPS 180-4), which version 5 UUIDs are defined with; it
    /// serves here to name, not to keep anything secret.
    static func sha1(_ message: [UInt8]) -> [UInt8] {
        var data = message
        data.append(0x80)
        while data.count % 64 != 56 { data.append(0) }
        let bits = UInt64(message.count) * 8
        for shift in stride(from: 56, through: 0, by: -8) {
            data.append(UInt8(truncatingIfNeeded: bits >> shift))
        }
        var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (
            0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0
        )
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { words in
            for block in stride(from: 0, to: data.count, by: 64) {
                for index in 0..<16 {
                    let at = block + 4 * index
                    words[index] =
                        UInt32(data[at]) << 24 | UInt32(data[at + 1]) << 16 | UInt32(data[at + 2]) << 8
                        | UInt32(data[at + 3])
                }
                for index in 16..<80 {
                    words[index] = rotated(
                        words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16], 1)
                }
                state = compress(state, words)
            }
        }
        return [state.0, state.1, state.2, state.3, state.4].flatMap { word in
            [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> $0) }
        }
    }

    /// One block's 80 rounds, added to the state.
    private static func compress(
        _ state: (UInt32, UInt32, UInt32, UInt32, UInt32), _ words: UnsafeMutableBufferPointer<UInt32>
    ) -> (UInt32, UInt32, UInt32, UInt32, UInt32) {
        var (a, b, c, d, e) = state
        for index in 0..<80 {
            let (mixed, constant): (UInt32, UInt32)
            switch index {
            case 0..<20: (mixed, constant) = ((b & c) | (~b & d), 0x5A82_7999)
            case 20..<40: (mixed, constant) = (b ^ c ^ d, 0x6ED9_EBA1)
            case 40..<60: (mixed, constant) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
            default: (mixed, constant) = (b ^ c ^ d, 0xCA62_C1D6)
            }
            let next = rotated(a, 5) &+ mixed &+ e &+ constant &+ words[index]
            (e, d, c, b, a) = (d, c, rotated(b, 30), a, next)
        }
        return (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
    }

    private static func rotated(_ value: UInt32, _ count: UInt32) -> UInt32 {
        value << count | value >> (32 - count)
    }
}
