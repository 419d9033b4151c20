#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Version 5 UUIDs (RFC 9562): the same name in the same namespace always gives the same UUID,
/// so an id that another system gives a record can become a roster id, again and again.
enum NameBasedUUID {
    /// The five words of a SHA-1 state.
    typealias State = (UInt32, UInt32, UInt32, UInt32, UInt32)

    /// The version 5 UUID of `name` in `namespace`.
    static func uuid(namespace: UUID, name: String) -> UUID {
        var name = name
        return name.withUTF8 { nameBytes in
            // The message and its SHA-1 padding, made in place: a school's export makes 100,000.
            let length = 16 + nameBytes.count
            let padded = (length + 9 + 63) / 64 * 64
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: padded) { message in
                message.initialize(repeating: 0)
                withUnsafeBytes(of: namespace.uuid) { for index in 0..<16 { message[index] = $0[index] } }
                for (index, byte) in nameBytes.enumerated() { message[16 + index] = byte }
                message[length] = 0x80
                let bits = UInt64(length) * 8
                for index in 0..<8 {
                    message[padded - 1 - index] = UInt8(truncatingIfNeeded: bits >> (8 * index))
                }
                return uuid(digest: sha1(UnsafeBufferPointer(message)))
            }
        }
    }

    /// A version 5 UUID from the first 16 bytes of a SHA-1 digest.
    private static func uuid(digest state: State) -> UUID {
        func byte(_ word: UInt32, _ index: UInt32) -> UInt8 {
            UInt8(truncatingIfNeeded: word >> (24 - 8 * index))
        }
        let (a, b, c, d) = (state.0, state.1, state.2, state.3)
        return UUID(
            uuid: (
                byte(a, 0), byte(a, 1), byte(a, 2), byte(a, 3), byte(b, 0), byte(b, 1),
                byte(b, 2) & 0x0F | 0x50, byte(b, 3), byte(c, 0) & 0x3F | 0x80, byte(c, 1), byte(c, 2),
                byte(c, 3),
                byte(d, 0), byte(d, 1), byte(d, 2), byte(d, 3)
            ))
    }

    /// The SHA-1 digest (FIPS 180-4) of a message already padded to whole 64-byte blocks, which
    /// version 5 UUIDs are defined with; it serves here to name, not to keep anything secret.
    static func sha1(_ blocks: UnsafeBufferPointer<UInt8>) -> State {
        var state: State = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { words in
            for block in stride(from: 0, to: blocks.count, by: 64) {
                for index in 0..<16 {
                    let at = block + 4 * index
                    words[index] =
                        UInt32(blocks[at]) << 24 | UInt32(blocks[at + 1]) << 16 | UInt32(blocks[at + 2]) << 8
                        | UInt32(blocks[at + 3])
                }
                for index in 16..<80 {
                    words[index] = rotated(
                        words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16], 1)
                }
                state = compress(state, words)
            }
        }
        return state
    }

    /// One block's 80 rounds, added to the state.
    private static func compress(_ state: State, _ words: UnsafeMutableBufferPointer<UInt32>) -> State {
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
