/// How a student's register is kept in a roster file, read and written by both property-list
/// formats alike.
///
/// The register is a dictionary under the key `register`, one entry a lesson: the lesson's key
/// (`2026-12-01`, or `2026-12-01/2` for one of several lessons that day) and its mark as text
/// (`present`, `late`, `absent`, `excused`), or, with a reason, a dictionary of `mark` and
/// `reason`. The iOS app ignores the key; roster reads it like `grade` and `score`.
///
/// Files of earlier versions kept marks under `attendance`, one a day, with no record of the
/// lessons everyone came to; ``upgradeLegacy(_:)`` turns those into lessons.
enum RegisterCoding {
    /// The key the register is stored under.
    static let key = "register"
    /// The key earlier versions kept absences and lates under.
    static let legacyKey = "attendance"

    /// The stored value of a register.
    static func value(of attendance: [Lesson: AttendanceEntry]) -> PlistValue {
        .dictionary(
            attendance.sorted { $0.key < $1.key }.map { lesson, entry in
                let mark = PlistValue.string(entry.mark.rawValue)
                guard let reason = entry.reason else {
                    return PlistEntry(key: lesson.description, value: mark)
                }
                return PlistEntry(
                    key: lesson.description,
                    value: .dictionary([
                        PlistEntry(key: "mark", value: mark),
                        PlistEntry(key: "reason", value: .string(reason)),
                    ]))
            })
    }

    /// Takes the register out of a record's other fields, checked; the legacy key's marks come
    /// back flagged, to be upgraded once the whole roster is read.
    ///
    /// - Throws: ``DecodingProblem`` naming record `record` when the register is damaged.
    static func take(from fields: inout [PlistEntry], record: Int) throws(DecodingProblem) -> (
        attendance: [Lesson: AttendanceEntry], isLegacy: Bool
    ) {
        guard fields.contains(where: { $0.key == key || $0.key == legacyKey }) else { return ([:], false) }
        var attendance: [Lesson: AttendanceEntry] = [:]
        var isLegacy = false
        for field in fields where field.key == key || field.key == legacyKey {
            guard case .dictionary(let entries) = field.value else {
                throw .record(record, "has a '\(field.key)' that is not a dictionary of lessons")
            }
            isLegacy = isLegacy || field.key == legacyKey
            for entry in entries {
                guard let lesson = Lesson(key: entry.key) else {
                    throw .record(
                        record, "has a register entry '\(entry.key.prefix(40))' that is not a lesson")
                }
                attendance[lesson] = try self.entry(entry.value, lesson: lesson, record: record)
            }
        }
        fields.removeAll { $0.key == key || $0.key == legacyKey }
        return (attendance, isLegacy)
    }

    private static func entry(_ value: PlistValue, lesson: Lesson, record: Int) throws(DecodingProblem)
        -> AttendanceEntry
    {
        var (markText, reason): (String?, String?) = (nil, nil)
        switch value {
        case .string(let text): markText = text
        case .dictionary(let entries):
            for entry in entries {
                guard case .string(let text) = entry.value else { continue }
                if entry.key == "mark" { markText = text } else if entry.key == "reason" { reason = text }
            }
        default: break
        }
        guard let markText, let mark = AttendanceMark(rawValue: markText) else {
            throw .record(
                record, "has a register mark for \(lesson) that is not present, late, absent or excused")
        }
        if let reason, let problem = StudentValidator.problem(withReason: reason) {
            throw .record(record, "has a reason for \(lesson) that is \(problem)")
        }
        return AttendanceEntry(mark, reason: reason)
    }

    /// Turns the marks of an earlier version's register into lessons: every day any student was
    /// marked was a lesson, and every student without a mark that day was there.
    static func upgradeLegacy<Record: HasAttendance>(_ records: inout [Record]) {
        let lessons = Set(records.flatMap { $0.attendance.keys })
        for index in records.indices {
            for lesson in lessons where records[index].attendance[lesson] == nil {
                records[index].attendance[lesson] = AttendanceEntry(.present)
            }
        }
    }
}

/// A record that carries a student's register: a ``Student``, or a student whose name is still
/// bytes of the file.
protocol HasAttendance {
    var attendance: [Lesson: AttendanceEntry] { get set }
}

extension Student: HasAttendance {}
