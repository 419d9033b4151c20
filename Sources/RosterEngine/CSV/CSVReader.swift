/// Reads CSV text record by record, as spreadsheets write it.
///
/// Reads RFC 4180 and what spreadsheets add to it: a UTF-8 byte-order mark, LF or CRLF line ends,
/// quoted fields holding separators, quotes and line breaks, blank lines (left out), and the
/// separator the header uses (see ``CSVText/separator``).
///
/// Records are handed out one by one rather than collected, so a large file is never held twice
/// in memory. A part of a file that starts after a line break reads the same, given the file's
/// separator and the number of its first line. A reader that needs a few columns of a wide file
/// says which when shown the header's fields: the fields of the other columns are left empty,
/// never made into strings.
package struct CSVReader {
    /// The most fields a record may have: a roster needs a few columns, and memory stays in
    /// proportion to what is kept, however many separators a file holds.
    package static let mostFields = 1_000

    private let bytes: [UInt8]
    private let end: Int
    private let separator: UInt8
    /// Whether the text as a whole is valid UTF-8: then, every separator being ASCII, so is
    /// every field, and none needs checking again.
    private let isUTF8: Bool
    private let columns: (([String]) -> [Bool])?
    private var kept: [Bool]?
    private var position: Int
    private var line: Int
    /// How many fields the last record had, so the next one's array is made that large at once.
    private var fieldCount = 8

    /// A reader of `range` of `text` (all of it when `nil`), whose first line is `firstLine`.
    package init(
        _ text: CSVText, range: Range<Int>? = nil, separator: UInt8? = nil, firstLine: Int = 1,
        keeping columns: (([String]) -> [Bool])? = nil
    ) {
        let range = range ?? 0..<text.bytes.count
        (bytes, end, line, self.columns) = (text.bytes, range.upperBound, firstLine, columns)
        self.separator = separator ?? text.separator
        position = range.lowerBound + (firstLine == 1 && range.lowerBound == 0 ? text.markLength : 0)
        isUTF8 = text.bytes.withUnsafeBufferPointer {
            String(validating: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) != nil
        }
    }

    /// The next record that is not a blank line, or `nil` at the end.
    ///
    /// - Throws: ``CSVProblem`` for text that is not UTF-8, a quote left open, text after a
    ///   closing quote, or too many fields.
    package mutating func next() throws(CSVProblem) -> CSVRecord? {
        let bytes = bytes
        while position < end {
            let startLine = line
            let fields = try bytes.withUnsafeBufferPointer { bytes throws(CSVProblem) in
                var scanner = Scanner(reader: self, bytes: bytes)
                defer { (position, line) = (scanner.position, scanner.line) }
                return try scanner.record(keeping: kept)
            }
            fieldCount = max(fieldCount, fields.count)
            if fields.count == 1 && fields[0].isEmpty { continue }
            if kept == nil, let columns { kept = columns(fields) }
            return CSVRecord(line: startLine, fields: fields)
        }
        return nil
    }

    /// The scan of one record, over the bytes for as long as it takes.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        let end: Int
        let separator: UInt8
        let isUTF8: Bool
        let fieldCount: Int
        var position: Int
        var line: Int

        init(reader: CSVReader, bytes: UnsafeBufferPointer<UInt8>) {
            (self.bytes, end, separator, isUTF8) = (bytes, reader.end, reader.separator, reader.isUTF8)
            (fieldCount, position, line) = (reader.fieldCount, reader.position, reader.line)
        }

        /// The next record's fields; those of columns `kept` says are not kept are empty.
        mutating func record(keeping kept: [Bool]?) throws(CSVProblem) -> [String] {
            var fields: [String] = []
            fields.reserveCapacity(fieldCount)
            while true {
                guard fields.count < CSVReader.mostFields else {
                    throw CSVProblem(kind: .tooManyFields, line: line)
                }
                let keeps = kept.map { fields.count < $0.count && $0[fields.count] } ?? true
                fields.append(try field(keeping: keeps))
                guard position < end else { return fields }
                let byte = bytes[position]
                position += 1
                if byte == separator { continue }
                guard CSVText.isLineBreak(byte) else { throw CSVProblem(kind: .textAfterQuote, line: line) }
                if byte == 0x0D, position < end, bytes[position] == 0x0A { position += 1 }
                line += 1
                return fields
            }
        }

        /// The next field, as a string when `keeps`, else read past and left empty.
        private mutating func field(keeping keeps: Bool) throws(CSVProblem) -> String {
            guard position < end, bytes[position] == 0x22 else { return try plainField(keeping: keeps) }
            let startLine = line
            position += 1
            var value: [UInt8] = []
            while position < end {
                let byte = bytes[position]
                position += 1
                if byte == 0x22 {
                    guard position < end, bytes[position] == 0x22 else {
                        guard keeps else { return "" }
                        return try value.withUnsafeBufferPointer { value throws(CSVProblem) in
                            try text(value, line: startLine)
                        }
                    }
                    position += 1
                }
                if byte == 0x0A { line += 1 }
                value.append(byte)
            }
            throw CSVProblem(kind: .unclosedQuote, line: startLine)
        }

        private mutating func plainField(keeping keeps: Bool) throws(CSVProblem) -> String {
            let start = position
            while position < end {
                let byte = bytes[position]
                if byte == separator || CSVText.isLineBreak(byte) { break }
                position += 1
            }
            guard keeps else { return "" }
            return try text(UnsafeBufferPointer(rebasing: bytes[start..<position]), line: line)
        }

        private func text(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) throws(CSVProblem) -> String {
            if isUTF8 { return String(decoding: bytes, as: UTF8.self) }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw CSVProblem(kind: .notUTF8, line: line)
            }
            return text
        }
    }
}
