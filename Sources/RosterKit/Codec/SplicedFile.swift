#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A file's new contents described as pieces: runs of an existing file's bytes and new bytes.
///
/// Adding one student to a large roster changes a few bytes near its start and adds some at its
/// end; the rest is written straight from the old file's bytes rather than first copied into one
/// new buffer, which saves a copy and the memory of a second roster.
struct SplicedFile {
    /// One run of the new file.
    enum Piece {
        /// Bytes of the old file, by position.
        case old(Range<Int>)
        /// New bytes.
        case new([UInt8])
    }

    /// The old file's bytes, which the `old` pieces refer to.
    let base: Data
    /// The runs, in order.
    let pieces: [Piece]

    /// A file made of new bytes only.
    init(_ bytes: [UInt8]) {
        (base, pieces) = (Data(), [.new(bytes)])
    }

    init(base: Data, pieces: [Piece]) {
        (self.base, self.pieces) = (base, pieces)
    }

    /// Hands each piece's bytes to `write`, in order.
    func write(_ write: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        try base.withUnsafeBytes { old in
            for piece in pieces {
                switch piece {
                case .old(let range): try write(UnsafeRawBufferPointer(rebasing: old[range]))
                case .new(let bytes): try bytes.withUnsafeBytes(write)
                }
            }
        }
    }

    /// The whole file in one array.
    var bytes: [UInt8] {
        var bytes: [UInt8] = []
        write { bytes.append(contentsOf: $0) }
        return bytes
    }
}
