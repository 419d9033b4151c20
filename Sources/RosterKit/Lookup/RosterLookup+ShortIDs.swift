import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The short ids that tables show.
extension RosterLookup {
    /// The shortest prefix of each student's id, at least ``minimumShortIDLength`` characters,
    /// that no other student's id shares.
    ///
    /// Sorting the ids puts the ones that share the longest prefix with an id next to it, so
    /// one pass over neighbours finds every length: O(n log n).
    ///
    /// - Parameter students: The roster.
    /// - Returns: A short id for every student, in the same order as `students`.
    package static func shortIDs(for students: [Student]) -> [String] {
        zip(students, shortIDLengths(for: students)).map { String(UUIDText.string($0.id).prefix($1)) }
    }

    /// How many hexadecimal digits of an id come before each of its hyphens.
    private static let hyphensAfter = [8, 12, 16, 20]

    /// How many characters of each student's id ``shortIDs(for:)`` shows, in the same order.
    ///
    /// - Parameter students: The roster.
    /// - Returns: A length from 8 to 36 for every student, counting hyphens.
    package static func shortIDLengths(for students: [Student]) -> [Int] {
        let keys = students.map { IDKey($0.id) }
        var digits = [Int](repeating: minimumShortIDLength, count: keys.count)
        guard keys.count > 1 else { return digits }
        func share(_ shared: Int, _ first: Int, _ second: Int) {
            digits[first] = max(digits[first], shared + 1)
            digits[second] = max(digits[second], shared + 1)
        }
        // Sorting plain integers is several times faster than sorting ids, so each id's first
        // half is sorted with its position packed into the lowest bits. Neighbours that differ
        // above those bits share exactly the digits their integers share; the rare runs that do
        // not are sorted again by their whole ids.
        let positionBits = max(1, Int.bitWidth - (keys.count - 1).leadingZeroBitCount)
        let positionMask = UInt64(1) << positionBits - 1
        var packed = keys.indices.map { (keys[$0].high & ~positionMask) | UInt64($0) }
        RadixSort.sort(&packed)
        func shareWithinRun(_ run: ArraySlice<UInt64>) {
            guard run.count > 1 else { return }
            let members = run.map { Int($0 & positionMask) }.sorted { keys[$0] < keys[$1] }
            for (first, second) in zip(members, members.dropFirst()) {
                share(keys[first].commonHexDigits(with: keys[second]), first, second)
            }
        }
        var runStart = 0
        for position in packed.indices.dropFirst() {
            let difference = (packed[position] ^ packed[position - 1]) & ~positionMask
            guard difference != 0 else { continue }
            let (index, previous) = (
                Int(packed[position] & positionMask), Int(packed[position - 1] & positionMask)
            )
            share(difference.leadingZeroBitCount / 4, index, previous)
            shareWithinRun(packed[runStart..<position])
            runStart = position
        }
        shareWithinRun(packed[runStart...])
        return digits.map { count in
            let capped = min(32, count)
            return capped + hyphensAfter.reduce(0) { $0 + (capped > $1 ? 1 : 0) }
        }
    }

    /// An id as two big-endian halves, so ids sort and compare by their hexadecimal text.
    private struct IDKey: Comparable {
        let high: UInt64
        let low: UInt64

        init(_ id: UUID) {
            (high, low) = UUIDText.halves(of: id)
        }

        static func < (lhs: IDKey, rhs: IDKey) -> Bool {
            (lhs.high, lhs.low) < (rhs.high, rhs.low)
        }

        static func == (lhs: IDKey, rhs: IDKey) -> Bool {
            lhs.high == rhs.high && lhs.low == rhs.low
        }

        /// How many leading hexadecimal digits the two ids share.
        func commonHexDigits(with other: IDKey) -> Int {
            if high != other.high { return (high ^ other.high).leadingZeroBitCount / 4 }
            if low != other.low { return 16 + (low ^ other.low).leadingZeroBitCount / 4 }
            return 32
        }
    }
}
