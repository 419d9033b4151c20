/// Bytes being written, handed to a consumer a megabyte at a time when there is one.
///
/// Writers of large listings append to ``bytes`` and call ``flushIfFull()`` after each row; without
/// a consumer they simply collect everything.
struct ChunkedBytes {
    /// The bytes not yet handed over.
    var bytes: [UInt8] = []
    private let emit: (([UInt8]) -> Void)?
    private static let chunkSize = 1 << 20

    /// Prepares for the text of `students`, about `bytesPerStudent` and twice each name's bytes
    /// apiece, or for one chunk when the bytes are handed over as they come.
    init(emit: (([UInt8]) -> Void)?, students: [Student], bytesPerStudent: Int) {
        self.emit = emit
        guard emit == nil else {
            bytes.reserveCapacity(Self.chunkSize + 4096)
            return
        }
        // Through the buffer, so that counting does not copy every student.
        let expected = students.withUnsafeBufferPointer { buffer in
            buffer.indices.reduce(16) { $0 + bytesPerStudent + buffer[$1].name.utf8.count * 2 }
        }
        bytes.reserveCapacity(expected)
    }

    /// Hands the bytes over when a chunk's worth has gathered.
    mutating func flushIfFull() {
        guard let emit, bytes.count >= Self.chunkSize else { return }
        emit(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Hands over the rest and returns nothing, or, without a consumer, returns everything.
    mutating func finish() -> [UInt8] {
        guard let emit else { return bytes }
        if !bytes.isEmpty { emit(bytes) }
        return []
    }
}
