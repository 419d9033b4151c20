#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The bytes of a file being decoded, read where they lie, by the parts of a ``ParallelWork`` job
/// at once: a collection whose every read is checked, so the decoders above the engine index
/// bytes, never memory.
///
/// A part of it (`bytes[start..<end]`) is bytes of the same kind, with the same indices, read
/// without a copy. Read-only, so sharing the bytes is safe while their memory lives;
/// ``reading(_:_:)`` lends them for as long as its body runs, which outlasts every job the body
/// starts.
@usableFromInline package struct SharedBytes: @unchecked Sendable, RandomAccessCollection {
    /// The memory the bytes are in, from the first byte of the whole file.
    @usableFromInline let base: UnsafeRawBufferPointer
    @usableFromInline package let startIndex: Int
    @usableFromInline package let endIndex: Int

    /// Shares `base` between the parts of one job.
    @usableFromInline init(_ base: UnsafeRawBufferPointer) {
        (self.base, startIndex, endIndex) = (base, 0, base.count)
    }

    @usableFromInline init(base: UnsafeRawBufferPointer, range: Range<Int>) {
        (self.base, startIndex, endIndex) = (base, range.lowerBound, range.upperBound)
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

    /// The byte at `position`; a position outside the bytes stops the program.
    @inlinable package subscript(position: Int) -> UInt8 {
        precondition(position >= startIndex && position < endIndex, "a read outside the bytes")
        return base[position]
    }

    /// The bytes in `bounds`, with the same indices; bounds outside the bytes stop the program.
    @inlinable package subscript(bounds: Range<Int>) -> SharedBytes {
        precondition(
            bounds.lowerBound >= startIndex && bounds.upperBound <= endIndex, "a read outside the bytes")
        return SharedBytes(base: base, range: bounds)
    }

    /// Reads the bytes in order; every position it reads is inside them by construction.
    @usableFromInline package struct Iterator: IteratorProtocol {
        @usableFromInline let base: UnsafeRawBufferPointer
        @usableFromInline var position: Int
        @usableFromInline let end: Int

        @inlinable init(base: UnsafeRawBufferPointer, position: Int, end: Int) {
            (self.base, self.position, self.end) = (base, position, end)
        }

        @inlinable package mutating func next() -> UInt8? {
            guard position < end else { return nil }
            defer { position += 1 }
            return base[position]
        }
    }

    @inlinable package func makeIterator() -> Iterator {
        Iterator(base: base, position: startIndex, end: endIndex)
    }

    /// The `size` bytes (1 to 8) at `offset` as a big-endian number; bytes outside stop the
    /// program.
    @inline(__always)
    @inlinable package func bigEndian(at offset: Int, size: Int) -> UInt64 {
        precondition(
            offset >= startIndex && size >= 0 && size <= 8 && offset <= endIndex - size,
            "a read outside the bytes")
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

    /// The bytes as a buffer, for the engine's own fast paths.
    @inlinable var buffer: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: base[startIndex..<endIndex])
    }

    /// Whether every byte is ASCII, looked at in one pass the processor can run wide.
    @inlinable package var isASCII: Bool {
        buffer.reduce(0, |) < 0x80
    }

    /// The bytes as UTF-8 text, repaired where they are not.
    @inlinable package var utf8String: String {
        String(decoding: buffer, as: UTF8.self)
    }

    @inlinable package func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result? {
        try body(buffer.assumingMemoryBound(to: UInt8.self))
    }
}

extension SharedBytes: ContiguousBytes {
    /// Calls `body` with the bytes' memory, as writing them to a file needs.
    @usableFromInline package func withUnsafeBytes<Result>(
        _ body: (UnsafeRawBufferPointer) throws -> Result
    ) rethrows -> Result {
        try body(buffer)
    }
}
