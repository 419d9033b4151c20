#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Makes random version-4 UUIDs quickly, for imports that give many students new ids.
///
/// `UUID()` on Linux opens `/dev/urandom` for every id, which made that the slowest step of
/// importing 100,000 rows. This generator is seeded once from the system's random source and then
/// runs the xoshiro256** generator: not for secrets, but ids only need to be unique.
package struct IDGenerator {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    package init() {
        var system = SystemRandomNumberGenerator()
        state = (system.next(), system.next(), system.next(), system.next())
        if state == (0, 0, 0, 0) { state.0 = 0x9E37_79B9_7F4A_7C15 }
    }

    /// A new random id.
    package mutating func next() -> UUID {
        var high = nextWord()
        var low = nextWord()
        high = (high & ~0xF000) | 0x4000  // version 4
        low = (low & ~(0xC000 << 48)) | (0x8000 << 48)  // RFC 4122 variant
        return UUID(
            uuid: withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { $0.loadUnaligned(as: uuid_t.self) })
    }

    private mutating func nextWord() -> UInt64 {
        let result = (state.1 &* 5).rotatedLeft(by: 7) &* 9
        let shifted = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= shifted
        state.3 = state.3.rotatedLeft(by: 45)
        return result
    }
}

extension UInt64 {
    fileprivate func rotatedLeft(by count: UInt64) -> UInt64 {
        (self << count) | (self >> (64 - count))
    }
}
