#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The bytes of a file being decoded, read where they lie, by the parts of a ``ParallelWork`` job
/// at once: a collection whose every read is checked, so the decoders above the engine index
/// bytes, never memory.
///
/// Read-only, so sharing the bytes is safe while their memory lives; ``reading(_:_:)`` lends them
/// for as long as its body runs, which outlasts every job the body starts.
@usableFromInline package struct SharedBytes: @unchecked Sendable, RandomAccessCollection {
    /// The bytes.
    @usableFromInline let base: UnsafeRawBufferPointer

    /// Shares `base` between the parts of one job.
    @usableFromInline init(_ base: UnsafeRawBufferPointer) {
        self.base = base
    }

    /// Calls `body` with the bytes of `data`, lent for as long as `body` runs.
    package static func reading<Result, Failure: Error>(
        _ data: some ContiguousBytes, _ body: (SharedBytes) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let result = data.withUnsafeBytes { raw in
            Swift.Result { () throws(Failure) in try body(SharedBytes(raw)) }
        }
        return try result.get()
    }

    @inlinable package var startIndex: Int { 0 }
    @inlinable package var endIndex: Int { base.count }

    /// The byte at `position`; a position outside the bytes stops the program.
    @inlinable package subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < base.count, "a read outside the bytes")
        return base[position]
    }

    /// The `size` bytes (1 to 8) at `offset` as a big-endian number; bytes outside stop the
    /// program.
    @inline(__always)
    @inlinable package func bigEndian(at offset: Int, size: Int) -> UInt64 {
        precondition(
            offset >= 0 && size >= 0 && size <= 8 && offset <= base.count - size, "a read outside the bytes")
        switch size {
        case 1: return UInt64(base[offset])
        case 2: return UInt64(UInt16(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
        case 4: return UInt64(UInt32(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        case 8: return UInt64(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        default:
            var value: UInt64 = 0
            for index in offset..<(offset + size) { value = value << 8 | UInt64(base[index]) }
            return value
        }
    }

    /// The bytes in `range` as a buffer, for the engine's own fast paths; a range outside the bytes
    /// stops the program.
    @inlinable func buffer(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        precondition(range.lowerBound >= 0 && range.upperBound <= base.count, "a read outside the bytes")
        return UnsafeRawBufferPointer(rebasing: base[range])
    }

    /// The bytes in `range` as bytes of their own, lent for as long as these are; a range outside
    /// the bytes stops the program.
    package func part(_ range: Range<Int>) -> SharedBytes {
        SharedBytes(buffer(range))
    }

    /// The bytes in `range` as UTF-8 text, repaired where they are not.
    @inlinable package func utf8String(in range: Range<Int>) -> String {
        String(decoding: buffer(range), as: UTF8.self)
    }

    @inlinable package func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result? {
        try body(base.assumingMemoryBound(to: UInt8.self))
    }
}

extension SharedBytes: ContiguousBytes {
    /// Calls `body` with the bytes' memory, as writing them to a file needs.
    @usableFromInline package func withUnsafeBytes<Result>(
        _ body: (UnsafeRawBufferPointer) throws -> Result
    ) rethrows -> Result {
        try body(base)
    }
}
