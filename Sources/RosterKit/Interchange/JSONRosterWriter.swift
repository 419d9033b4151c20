import RosterEngine

/// Writes students as JSON: objects with the keys `id`, `name`, `age`, and `grade` and `score`
/// only when set.
///
/// Written by hand rather than with `JSONEncoder` so the keys keep this order and large rosters
/// are written quickly.
public enum JSONRosterWriter {
    /// A JSON array, one object per line, ending with a newline.
    ///
    /// - Parameter students: The students, in the order to write them.
    /// - Returns: The JSON text.
    public static func array(_ students: [Student]) -> String {
        String(decoding: bytes(students), as: UTF8.self)
    }

    /// The bytes of ``array(_:)``, with the students in the order `order` gives their positions.
    static func bytes(_ students: [Student], order: [Int]? = nil) -> [UInt8] {
        var result: [UInt8] = []
        write(students, order: order) { result.append(contentsOf: $0) }
        return result
    }

    /// Writes ``array(_:)`` in the order `order` gives, handing the text to `emit` in pieces as
    /// it is made: a listing of a million students then never sits in memory whole. A long
    /// listing is written in parts at once (see `ParallelWork`).
    static func write(_ students: [Student], order: [Int]? = nil, to emit: ([UInt8]) -> Void) {
        let positions = order ?? Array(students.indices)
        guard !positions.isEmpty else {
            emit(Array("[]\n".utf8))
            return
        }
        emit(Array("[\n".utf8))
        // The rows read the students through a buffer, which lends each one instead of copying it.
        students.withUnsafeBufferPointer { buffer in
            let shared = SharedBuffer(buffer)
            ParallelWork.writeRows(count: positions.count, emit: emit) { number, output in
                append(shared.base, at: positions[number], to: &output, isLast: number + 1 == positions.count)
            }
        }
        emit(Array("]\n".utf8))
    }

    /// One JSON object on one line, without a newline.
    ///
    /// - Parameter student: The student to write.
    /// - Returns: The JSON text.
    public static func object(_ student: Student) -> String {
        var output: [UInt8] = []
        [student].withUnsafeBufferPointer { students in
            output.appendRow(maximumCount: maximumCount(of: students, at: 0)) {
                append(students, at: 0, to: &$0)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// How a score is written, in JSON and in CSV: the shortest text that reads back as the
    /// same number, without a needless `.0`.
    ///
    /// - Parameter score: The score.
    /// - Returns: For example `90` or `88.5`.
    public static func number(_ score: Double) -> String {
        DecimalText.shortest(score)
    }

    /// Appends one line of the array: the object of the student at `index`, indented, and a comma
    /// unless it is the last.
    private static func append(
        _ students: UnsafeBufferPointer<Student>, at index: Int, to output: inout [UInt8], isLast: Bool
    ) {
        output.appendRow(maximumCount: maximumCount(of: students, at: index) + 4) { row in
            row.append(static: "  ")
            append(students, at: index, to: &row)
            row.append(static: isLast ? "\n" : ",\n")
        }
    }

    /// The most bytes the object of the student at `index` takes: a name's byte can become six
    /// (`\u001f`), and so can a byte of a lesson's name or a reason. The fields are read where
    /// they are, as ``append(_:at:to:)`` reads them.
    private static func maximumCount(of students: UnsafeBufferPointer<Student>, at index: Int) -> Int {
        var count =
            100 + 36 + 6 * students[index].name.utf8.count + 2 * ByteCursor.maximumDecimalCount
            + ByteCursor.maximumScoreCount
        for (_, text) in students[index].details.present { count += 16 + 6 * text.utf8.count }
        if !students[index].otherFields.isEmpty {
            count += OtherFieldsJSON.text(of: students[index].otherFields).utf8.count
        }
        for (lesson, entry) in students[index].attendance {
            count += 64 + 6 * lesson.description.utf8.count + 6 * (entry.reason?.utf8.count ?? 0)
        }
        return count
    }

    /// Appends the object of the student at `index`, reading its fields where they are: copying the
    /// whole student for each row costs more than writing it.
    private static func append(
        _ students: UnsafeBufferPointer<Student>, at index: Int, to output: inout ByteCursor
    ) {
        output.append(static: "{\"id\":\"")
        output.append(id: students[index].id)
        output.append(static: "\",\"name\":\"")
        UTF16Encoding.withUTF8(of: students[index].name) { appendEscaped($0, to: &output) }
        output.append(static: "\",\"age\":")
        output.append(decimal: students[index].age)
        if let grade = students[index].grade {
            output.append(static: ",\"grade\":")
            output.append(decimal: grade)
        }
        if let score = students[index].score {
            output.append(static: ",\"score\":")
            output.append(score: score)
        }
        if !students[index].details.isEmpty { appendDetails(students[index].details, to: &output) }
        if !students[index].attendance.isEmpty { appendRegister(students[index].attendance, to: &output) }
        if !students[index].otherFields.isEmpty {
            UTF16Encoding.withUTF8(of: OtherFieldsJSON.text(of: students[index].otherFields)) {
                output.append($0)
            }
        }
        output.append(UInt8(ascii: "}"))
    }

    /// Appends `,"schoolID":"…"` and the other details a student has, in ``StudentDetail`` order,
    /// under the roster file's own keys.
    private static func appendDetails(_ details: StudentDetails, to output: inout ByteCursor) {
        for (detail, text) in details.present {
            output.append(static: ",\"")
            UTF16Encoding.withUTF8(of: detail.rawValue) { output.append($0) }
            output.append(static: "\":\"")
            UTF16Encoding.withUTF8(of: text) { appendEscaped($0, to: &output) }
            output.append(UInt8(ascii: "\""))
        }
    }

    /// Appends `,"register":{…}`, lessons in order, each mark as text or, with a reason, as an
    /// object of `mark` and `reason`: the roster file's own shape (see ``Student/attendance``).
    private static func appendRegister(_ attendance: [Lesson: AttendanceEntry], to output: inout ByteCursor) {
        output.append(static: ",\"register\":{")
        for (position, (lesson, entry)) in attendance.sorted(by: { $0.key < $1.key }).enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            output.append(UInt8(ascii: "\""))
            UTF16Encoding.withUTF8(of: lesson.description) { appendEscaped($0, to: &output) }
            output.append(static: "\":")
            if entry.reason != nil { output.append(static: "{\"mark\":") }
            output.append(UInt8(ascii: "\""))
            UTF16Encoding.withUTF8(of: entry.mark.rawValue) { output.append($0) }
            output.append(UInt8(ascii: "\""))
            if let reason = entry.reason {
                output.append(static: ",\"reason\":\"")
                UTF16Encoding.withUTF8(of: reason) { appendEscaped($0, to: &output) }
                output.append(static: "\"}")
            }
        }
        output.append(UInt8(ascii: "}"))
    }

    /// Appends a string's bytes with JSON's escapes, and with every control character escaped,
    /// DEL and the C1 controls (U+0080 to U+009F, whose UTF-8 starts with 0xC2) too, and the
    /// text-direction controls and line separators (U+2028 to U+202E, U+2066 to U+2069, which
    /// start with 0xE2), so that JSON printed to a terminal cannot drive it, and reads back as the
    /// same text.
    static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout ByteCursor) {
        guard
            bytes.contains(where: {
                $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2
            })
        else {
            output.append(bytes)
            return
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): output.append(static: "\\\"")
            case UInt8(ascii: "\\"): output.append(static: "\\\\")
            case 0x0A: output.append(static: "\\n")
            case 0x0D: output.append(static: "\\r")
            case 0x09: output.append(static: "\\t")
            case 0..<0x20, 0x7F: appendUnicodeEscape(byte, to: &output)
            case 0xC2 where index < bytes.count && (0x80...0x9F).contains(bytes[index]):
                appendUnicodeEscape(bytes[index], to: &output)
                index += 1
            case 0xE2 where index + 1 < bytes.count && isLayoutControl(bytes[index], bytes[index + 1]):
                // E2 80 A8 is U+2028: the low six bits of each continuation byte.
                let value = 0x2000 | (UInt16(bytes[index] & 0x3F) << 6) | UInt16(bytes[index + 1] & 0x3F)
                output.append(static: "\\u")
                for shift in [12, 8, 4, 0] as [UInt16] {
                    output.append(UUIDText.digit(UInt8((value >> shift) & 0x0F)) | 0x20)
                }
                index += 2
            default: output.append(byte)
            }
        }
    }

    /// Whether `E2 second third` is U+2028 to U+202E or U+2066 to U+2069.
    private static func isLayoutControl(_ second: UInt8, _ third: UInt8) -> Bool {
        (second == 0x80 && (0xA8...0xAE).contains(third)) || (second == 0x81 && (0xA6...0xA9).contains(third))
    }

    /// Appends `\u00XX` for a character below U+0100.
    private static func appendUnicodeEscape(_ value: UInt8, to output: inout ByteCursor) {
        output.append(static: "\\u00")
        output.append(UUIDText.digit(value >> 4) | 0x20)
        output.append(UUIDText.digit(value & 0x0F) | 0x20)
    }
}
