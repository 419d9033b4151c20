/// Fast appends for the text writers, which build files as bytes.
extension [UInt8] {
    /// Appends a string's UTF-8 bytes in one copy.
    @inline(__always)
    mutating func append(utf8 text: String) {
        UTF16Encoding.withBytes(of: text) { append(contentsOf: $0) }
    }

    /// Appends a whole number in decimal without making a `String` of it.
    mutating func append(decimal value: Int) {
        if value < 0 {
            append(UInt8(ascii: "-"))
            append(magnitude: value.magnitude)
        } else {
            append(magnitude: UInt(value))
        }
    }

    private mutating func append(magnitude: UInt) {
        var digits = 1
        var probe = magnitude
        while probe >= 10 {
            probe /= 10
            digits += 1
        }
        let start = count
        append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
        var rest = magnitude
        for index in stride(from: start + digits - 1, through: start, by: -1) {
            self[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
    }
}
