/// Fast appends for the text writers, which build files as bytes.
extension [UInt8] {
    /// Appends a string's UTF-8 bytes in one copy.
    @inline(__always)
    mutating func append(utf8 text: String) {
        UTF16Encoding.withBytes(of: text) { append(contentsOf: $0) }
    }

    /// Appends a literal's bytes in one copy; a short `String`'s bytes would be appended one by one.
    @inline(__always)
    mutating func append(static text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends a whole number in decimal without making a `String` of it.
    @inline(__always)
    mutating func append(decimal value: Int) {
        DecimalText.append(value, to: &self)
    }
}
