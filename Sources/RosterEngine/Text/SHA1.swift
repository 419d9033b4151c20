/// The SHA-1 digest (FIPS 180-4), which version 5 UUIDs are defined with; it serves to name,
/// not to keep anything secret.
package enum SHA1 {
    /// The five words of a SHA-1 state.
    private typealias State = (UInt32, UInt32, UInt32, UInt32, UInt32)

    /// The 20 bytes of the digest of `message`.
    package static func digest(_ message: [UInt8]) -> [UInt8] {
        // The message and its padding: a one bit, zeros, and the length in bits, to whole blocks.
        var blocks = message
        blocks.append(0x80)
        blocks += repeatElement(0, count: (64 - (blocks.count + 8) % 64) % 64)
        let bits = UInt64(message.count) * 8
        blocks += (0..<8).reversed().map { UInt8(truncatingIfNeeded: bits >> (8 * $0)) }
        let state = blocks.withUnsafeBufferPointer(digest(ofPadded:))
        return [state.0, state.1, state.2, state.3, state.4].flatMap { word in
            (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * $0)) }
        }
    }

    /// The state after every 64-byte block of `blocks`.
    private static func digest(ofPadded blocks: UnsafeBufferPointer<UInt8>) -> State {
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
