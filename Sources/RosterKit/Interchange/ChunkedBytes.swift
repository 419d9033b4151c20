/// Bytes being written, handed to a consumer a megabyte at a time when there is one.
///
/// Writers of large listings append to ``bytes`` and call ``flushIfFull()`` after each row; without
/// a consumer they simply collect everything.
struct ChunkedBytes {
    /// The bytes not yet handed over.
    var bytes: [UInt8] = []
    private let emit: (([UInt8]) -> Void)?
    private static let chunkSize = 1 << 20

    /// Prepares for about `expected` bytes, or one chunk when they are handed over as they come.
    init(emit: (([UInt8]) -> Void)?, expected: Int) {
        self.emit = emit
        bytes.reserveCapacity(emit == nil ? expected : Self.chunkSize + 4096)
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
