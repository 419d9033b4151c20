/// Fast appends for the text writers, which build files as bytes.
extension [UInt8] {
    /// Appends a string's UTF-8 bytes in one copy.
    @inline(__always)
    @inlinable package mutating func append(utf8 text: String) {
        UTF16Encoding.withUTF8(of: text) { append(contentsOf: $0) }
    }
}
