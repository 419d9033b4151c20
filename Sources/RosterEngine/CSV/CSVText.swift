#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of a CSV file, held once for every reader of it, and what a look at them tells
/// before a record is read: whether they are text, the header's separator and where it ends.
///
/// An array, so that the halves of a large file are read on two cores at once without either
/// copying it, and the pointers a fast scan needs stay inside the engine.
package struct CSVText: Sendable {
    /// The file's bytes.
    package let bytes: [UInt8]

    /// The text of a file read whole.
    package init(_ bytes: some Sequence<UInt8>) {
        self.bytes = Array(bytes)
    }

    /// The length of the byte-order mark spreadsheets put first, or 0.
    package var markLength: Int {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// Whether the bytes hold a NUL, which no text a spreadsheet saves has: then the file is
    /// binary.
    package var holdsNUL: Bool {
        bytes.withUnsafeBufferPointer { bytes in
            guard let start = bytes.baseAddress else { return false }
            return memchr(start, 0, bytes.count) != nil
        }
    }

    /// The separator the header uses: `;` when it has semicolons and no commas, a tab (a table
    /// pasted from a spreadsheet) when it has tabs and neither, else `,`.
    package var separator: UInt8 {
        let header = bytes[markLength..<headerEnd(from: markLength)]
        if header.contains(0x2C) { return 0x2C }
        if header.contains(0x3B) { return 0x3B }
        return header.contains(0x09) ? 0x09 : 0x2C
    }

    /// The end of the header line of a text without quotes: the first line with any text after
    /// the byte-order mark.
    package var headerEnd: Int {
        let start = bytes[markLength...].firstIndex { !Self.isLineBreak($0) } ?? bytes.count
        return headerEnd(from: start)
    }

    /// The end of the line that starts at `start`.
    private func headerEnd(from start: Int) -> Int {
        bytes[start...].firstIndex(where: Self.isLineBreak) ?? bytes.count
    }

    /// Whether `byte` ends a line: LF or CR.
    static func isLineBreak(_ byte: UInt8) -> Bool {
        byte == 0x0A || byte == 0x0D
    }
}
