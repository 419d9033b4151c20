import Foundation

/// Writes students as CSV (RFC 4180) that spreadsheets open safely.
///
/// The header is `id,name,age,grade,score`; lines end with CRLF; a field is quoted when it holds a
/// comma, a quote, CR or LF, with quotes doubled. A field that a spreadsheet would run as a
/// formula, one starting with `=`, `+`, `-`, `@`, a tab or CR, gets a leading `'`, the guard
/// Excel, LibreOffice and Google Sheets show as text; a field already starting with `'` gets one
/// too, so that ``CSVRosterReader`` can remove exactly one and give back the original.
public enum CSVRosterWriter {
    /// The header row's column names.
    public static let columns = ["id", "name", "age", "grade", "score"]

    /// The first characters a spreadsheet treats as the start of a formula, plus the guard itself.
    static let guardedStarts: Set<Character> = ["=", "+", "-", "@", "\t", "\r", "'"]

    /// The CSV text for `students`, in the given order.
    ///
    /// - Parameter students: The students to write.
    /// - Returns: The whole file, header included.
    public static func text(for students: [Student]) -> String {
        var text = columns.joined(separator: ",") + "\r\n"
        text.reserveCapacity(students.count * 80)
        for student in students {
            text += student.id.uuidString
            text += ","
            text += field(student.name)
            text += ","
            text += String(student.age)
            text += ","
            text += student.grade.map(String.init) ?? ""
            text += ","
            text += student.score.map(JSONRosterWriter.number) ?? ""
            text += "\r\n"
        }
        return text
    }

    /// One field, guarded against formulas and quoted when needed.
    static func field(_ value: String) -> String {
        var value = value
        if let first = value.first, guardedStarts.contains(first) { value = "'" + value }
        let needsQuotes = value.utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0D || $0 == 0x0A }
        guard needsQuotes else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
