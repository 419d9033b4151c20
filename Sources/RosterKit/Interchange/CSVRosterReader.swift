/// Splits CSV text into records, as spreadsheets write it.
///
/// Reads RFC 4180 and what spreadsheets add to it: a UTF-8 byte-order mark, LF or CRLF line ends,
/// quoted fields holding separators, quotes and line breaks, blank lines, and `;` as the separator
/// when the header uses it (as spreadsheets in many European locales write it).
struct CSVRosterReader {
    /// One record and the line it starts on, counting the header as line 1.
    struct Record {
        let line: Int
        let fields: [String]
    }

    /// The separator the header uses (see ``separator(in:)``).
    let separator: UInt8

    /// Reads the records of a CSV file one by one, header first, leaving out blank lines.
    ///
    /// Records are handed to `each` as they are read rather than collected, so a large file is
    /// never held twice in memory.
    ///
    /// - Throws: ``ImportProblem`` for text that is not UTF-8 or a quote left open, or what `each`
    ///   throws.
    ///
    /// A part of a file that starts after a line break reads the same with `separator` (the
    /// file's, see ``separator(in:)``) and the number of its first line given.
    ///
    /// A reader that needs a few columns of a wide file says which with `columns`, shown the
    /// header's fields: the fields of the other columns are left empty, never made into strings.
    init(
        _ bytes: UnsafeBufferPointer<UInt8>, separator: UInt8? = nil, firstLine: Int = 1,
        keeping columns: (([String]) -> [Bool])? = nil, each: (Record) throws(ImportProblem) -> Void
    ) throws(ImportProblem) {
        let start = firstLine == 1 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        self.separator = separator ?? Self.separator(in: bytes)
        // A file that is valid UTF-8 as a whole splits into valid fields, since every separator is
        // ASCII; then no field needs checking again.
        let isUTF8 = String(validating: bytes, as: UTF8.self) != nil
        var parser = Parser(
            bytes: bytes, position: start, separator: self.separator, isUTF8: isUTF8, line: firstLine)
        try parser.records(keeping: columns, each)
    }

    /// The separator a file's header uses: `;` when it has semicolons and no commas, a tab (a
    /// table pasted from a spreadsheet) when it has tabs and neither, else `,`.
    static func separator(in bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let headerEnd = bytes[start...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.count
        let header = bytes[start..<headerEnd]
        if header.contains(0x2C) { return 0x2C }
        if header.contains(0x3B) { return 0x3B }
        return header.contains(0x09) ? 0x09 : 0x2C
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var position: Int
        let separator: UInt8
        let isUTF8: Bool
        var line = 1
        /// How many fields the last record had, so the next one's array is made that large at once.
        var fieldCount = 8
        /// The most fields a row may have: a roster needs a few columns, and memory stays in
        /// proportion to what is kept, however many separators a file holds.
        static let mostFields = 1_000

        mutating func records(
            keeping columns: (([String]) -> [Bool])?, _ each: (Record) throws(ImportProblem) -> Void
        ) throws(ImportProblem) {
            var kept: [Bool]?
            while position < bytes.count {
                let startLine = line
                let fields = try record(keeping: kept)
                if fields.count == 1 && fields[0].isEmpty { continue }
                if kept == nil, let columns { kept = columns(fields) }
                try each(Record(line: startLine, fields: fields))
            }
        }

        /// The next record's fields; those of columns `kept` says are not kept are empty.
        private mutating func record(keeping kept: [Bool]?) throws(ImportProblem) -> [String] {
            var fields: [String] = []
            fields.reserveCapacity(fieldCount)
            defer { fieldCount = max(fieldCount, fields.count) }
            while true {
                guard fields.count < Self.mostFields else {
                    throw ImportProblem(
                        line: line,
                        message:
                            "The row has more than \(Self.mostFields) fields; a roster needs a few columns.")
                }
                let keeps = kept.map { fields.count < $0.count && $0[fields.count] } ?? true
                fields.append(try field(keeping: keeps))
                guard position < bytes.count else { return fields }
                let byte = bytes[position]
                position += 1
                if byte == separator { continue }
                guard byte == 0x0A || byte == 0x0D else {
                    throw ImportProblem(
                        line: line,
                        message: "A quoted field has text after its closing quote; quote the whole field.")
                }
                endLine(after: byte)
                return fields
            }
        }

        /// The next field, as a string when `keeps`, else read past and left empty.
        private mutating func field(keeping keeps: Bool) throws(ImportProblem) -> String {
            guard position < bytes.count, bytes[position] == 0x22 else {
                return try plainField(keeping: keeps)
            }
            let startLine = line
            position += 1
            var value: [UInt8] = []
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                if byte == 0x22 {
                    guard position < bytes.count, bytes[position] == 0x22 else {
                        guard keeps else { return "" }
                        return try value.withUnsafeBufferPointer { buffer throws(ImportProblem) in
                            try text(buffer, line: startLine)
                        }
                    }
                    position += 1
                }
                if byte == 0x0A { line += 1 }
                value.append(byte)
            }
            throw ImportProblem(
                line: startLine, message: "A quoted field is not closed; add the missing '\"'.")
        }

        private mutating func plainField(keeping keeps: Bool) throws(ImportProblem) -> String {
            let start = position
            while position < bytes.count {
                let byte = bytes[position]
                if byte == separator || byte == 0x0A || byte == 0x0D { break }
                position += 1
            }
            guard keeps else { return "" }
            return try text(UnsafeBufferPointer(rebasing: bytes[start..<position]), line: line)
        }

        private mutating func endLine(after byte: UInt8) {
            if byte == 0x0D, position < bytes.count, bytes[position] == 0x0A { position += 1 }
            line += 1
        }

        private func text(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) throws(ImportProblem) -> String {
            if isUTF8 { return String(decoding: bytes, as: UTF8.self) }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw ImportProblem(
                    line: line, message: "The text is not UTF-8; save the file as \"CSV UTF-8\".")
            }
            return text
        }
    }
}
