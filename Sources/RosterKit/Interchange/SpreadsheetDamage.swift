/// The marks a spreadsheet leaves on an id it took for a number.
///
/// A spreadsheet that opens a CSV file reads a column of digits as numbers unless told the column
/// is text, and saves them back as it shows them: `1E5` becomes `1.00E+05`, a 20-digit id keeps 15
/// digits (`1.23456789012346E+19` or `12345678901234500000`), and `1234` may gain a `.0`. Such
/// an id no longer names the student, so an import refuses the row rather than store a new id.
enum SpreadsheetDamage {
    /// Why `id` looks changed by a spreadsheet, or `nil` when it does not.
    private static func reason(_ id: String) -> String? {
        let bytes = Array(id.utf8)
        if let exponent = bytes.firstIndex(where: { $0 == 0x45 || $0 == 0x65 }),
            exponent > 0, exponent + 2 < bytes.count,
            bytes[exponent + 1] == 0x2B || bytes[exponent + 1] == 0x2D,
            bytes[(exponent + 2)...].allSatisfy(isDigit),
            isPlainDecimal(bytes[..<exponent])
        {
            return "is written in scientific notation"
        }
        if let point = bytes.firstIndex(of: 0x2E), point > 0, bytes[..<point].allSatisfy(isDigit),
            point + 1 < bytes.count, bytes[(point + 1)...].allSatisfy({ $0 == 0x30 })
        {
            return "ends in a decimal point and zeros"
        }
        if bytes.count > 15, bytes.allSatisfy(isDigit), bytes[15...].allSatisfy({ $0 == 0x30 }),
            bytes[0] != 0x30
        {
            return "has more than 15 digits, and every digit after the 15th is 0"
        }
        return nil
    }

    /// The problem to report for a school id that `reason` finds changed.
    static func message(for id: String) -> String? {
        reason(id).map {
            "The school id '\(VisibleText.of(id))' \($0), as a spreadsheet writes an id it took for a "
                + "number, so it no longer names the student. Open the CSV file in the spreadsheet with that "
                + "column set to Text (or type the ids again into a column formatted as Text), save it as CSV "
                + "and import it again."
        }
    }

    /// Whether `bytes` are digits with at most one decimal point between them: `1`, `1.00`.
    private static func isPlainDecimal(_ bytes: ArraySlice<UInt8>) -> Bool {
        let parts = bytes.split(separator: 0x2E, omittingEmptySubsequences: false)
        return (1...2).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(isDigit) }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte)
    }
}
