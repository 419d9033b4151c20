import RosterEngine

/// Writes students as JSON: objects with the keys `id`, `name`, `age`, and `grade` and `score`
/// only when set.
///
/// Written by hand rather than with `JSONEncoder` so the keys keep this order and large rosters
/// are written quickly.
package enum JSONRosterWriter {
    /// A JSON array, one object per line, ending with a newline.
    ///
    /// - Parameter students: The students, in the order to write them.
    /// - Returns: The JSON text.
    package static func array(_ students: [Student]) -> String {
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
        SharedBuffer.reading(students) { students in
            ParallelWork.writeRows(count: positions.count, emit: emit) { number, output in
                append(students, at: positions[number], to: &output, isLast: number + 1 == positions.count)
            }
        }
        emit(Array("]\n".utf8))
    }

    /// One JSON object on one line, without a newline.
    ///
    /// - Parameter student: The student to write.
    /// - Returns: The JSON text.
    package static func object(_ student: Student) -> String {
        var output: [UInt8] = []
        SharedBuffer.reading([student]) { students in
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
    package static func number(_ score: Double) -> String {
        DecimalText.shortest(score)
    }

    /// Appends one line of the array: the object of the student at `index`, indented, and a comma
    /// unless it is the last.
    private static func append(
        _ students: SharedBuffer<Student>, at index: Int, to output: inout [UInt8], isLast: Bool
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
    private static func maximumCount(of students: SharedBuffer<Student>, at index: Int) -> Int {
        var count =
            100 + 36 + 6 * (students[index].name.utf8.count + (students[index].writtenAge?.utf8.count ?? 0))
            + 2 * ByteCursor.maximumDecimalCount
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
        _ students: SharedBuffer<Student>, at index: Int, to output: inout ByteCursor
    ) {
        output.append(static: "{\"id\":\"")
        output.append(id: students[index].id)
        output.append(static: "\",\"name\":\"")
        output.append(jsonEscaped: students[index].name)
        output.append(static: "\",\"age\":")
        if let writtenAge = students[index].writtenAge {
            output.append(UInt8(ascii: "\""))
            output.append(jsonEscaped: writtenAge)
            output.append(UInt8(ascii: "\""))
        } else {
            output.append(decimal: students[index].age)
        }
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
            output.append(utf8: OtherFieldsJSON.text(of: students[index].otherFields))
        }
        output.append(UInt8(ascii: "}"))
    }

    /// Appends `,"schoolID":"…"` and the other details a student has, in ``StudentDetail`` order,
    /// under the roster file's own keys.
    private static func appendDetails(_ details: StudentDetails, to output: inout ByteCursor) {
        for (detail, text) in details.present {
            output.append(static: ",\"")
            output.append(utf8: detail.rawValue)
            output.append(static: "\":\"")
            output.append(jsonEscaped: text)
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
            output.append(jsonEscaped: lesson.description)
            output.append(static: "\":")
            if entry.reason != nil { output.append(static: "{\"mark\":") }
            output.append(UInt8(ascii: "\""))
            output.append(utf8: entry.mark.rawValue)
            output.append(UInt8(ascii: "\""))
            if let reason = entry.reason {
                output.append(static: ",\"reason\":\"")
                output.append(jsonEscaped: reason)
                output.append(static: "\"}")
            }
        }
        output.append(UInt8(ascii: "}"))
    }
}
