/// One student's register as a ``StoredRoster`` keeps it: each lesson's mark, in lesson order,
/// the lesson named by its place in the roster's ``LessonTable``.
///
/// Plain numbers rather than ``Lesson`` values: reading a school's roster makes one register a
/// student, each holding the same few lessons, so lines that are only numbers are made, searched
/// and copied without counting a reference, and written without looking a lesson up.
struct StoredRegister: Sendable, Equatable {
    /// One lesson's mark.
    struct Line: Sendable, Equatable {
        /// The lesson's place in the roster's ``LessonTable``; while a file is read, the number
        /// of the lesson's key object in the file.
        var lesson: Int32
        var mark: AttendanceMark
    }

    /// The lessons' marks, in lesson order, each lesson once.
    private(set) var lines: [Line]
    /// The reasons given with marks, by lesson; empty for most students.
    private(set) var reasons: [Int32: String]

    /// An empty register.
    init() {
        (lines, reasons) = ([], [:])
    }

    /// The register as a file gives it, its lessons numbered as the file numbers their keys;
    /// ``renumber(_:)`` puts them in order.
    init(reading lines: [Line], reasons: [Int32: String]) {
        (self.lines, self.reasons) = (lines, reasons)
    }

    /// Whether no lesson is marked.
    var isEmpty: Bool { lines.isEmpty }

    /// The mark of lesson `lesson`, or `nil` when the student has none.
    func entry(for lesson: Int32) -> AttendanceEntry? {
        let position = position(of: lesson)
        guard position < lines.count, lines[position].lesson == lesson else { return nil }
        return AttendanceEntry(lines[position].mark, reason: reasons.isEmpty ? nil : reasons[lesson])
    }

    /// Marks lesson `lesson`.
    mutating func set(_ entry: AttendanceEntry, for lesson: Int32) {
        let position = position(of: lesson)
        if position < lines.count, lines[position].lesson == lesson {
            lines[position].mark = entry.mark
        } else {
            lines.insert(Line(lesson: lesson, mark: entry.mark), at: position)
        }
        if entry.reason != nil || !reasons.isEmpty { reasons[lesson] = entry.reason }
    }

    /// Gives every lesson its new number, `number(old)`, and puts the lines in order; a lesson
    /// given twice keeps its last mark, as a dictionary read from a file does.
    mutating func renumber(_ number: (Int32) -> Int32) {
        for index in lines.indices { lines[index].lesson = number(lines[index].lesson) }
        if !reasons.isEmpty {
            reasons = Dictionary(reasons.map { (number($0.key), $0.value) }) { _, last in last }
        }
        guard !zip(lines, lines.dropFirst()).allSatisfy({ $0.lesson < $1.lesson }) else { return }
        var last: [Int32: AttendanceMark] = [:]
        for line in lines { last[line.lesson] = line.mark }
        lines = last.map { Line(lesson: $0.key, mark: $0.value) }.sorted { $0.lesson < $1.lesson }
    }

    /// Makes room for a lesson put in the table at `place`: every lesson from there on moves up.
    mutating func makeRoom(at place: Int32) {
        guard let last = lines.last, last.lesson >= place else { return }
        for index in lines.indices where lines[index].lesson >= place { lines[index].lesson += 1 }
        if !reasons.isEmpty {
            reasons = Dictionary(
                uniqueKeysWithValues: reasons.map { ($0.key >= place ? $0.key + 1 : $0.key, $0.value) })
        }
    }

    /// Where lesson `lesson` is or would go: the first line whose lesson is not before it.
    private func position(of lesson: Int32) -> Int {
        lines.insertionPlace { $0.lesson < lesson }
    }
}

/// The lessons of a roster's registers, in order, each once: a ``StoredRegister`` names a
/// lesson by its place here.
struct LessonTable: Sendable {
    /// The lessons, in order.
    private(set) var lessons: [Lesson]

    /// A table of `lessons`, put in order, each once.
    init(_ lessons: some Sequence<Lesson> = []) {
        self.lessons = Set(lessons).sorted()
    }

    /// The place of `lesson`, or `nil` when it is not in the table.
    func place(of lesson: Lesson) -> Int32? {
        let place = insertionPlace(of: lesson)
        return place < lessons.count && lessons[place] == lesson ? Int32(place) : nil
    }

    /// Puts `lesson` in the table if it is not there; returns its place, and whether it is new.
    mutating func insert(_ lesson: Lesson) -> (place: Int32, isNew: Bool) {
        let place = insertionPlace(of: lesson)
        if place < lessons.count && lessons[place] == lesson { return (Int32(place), false) }
        lessons.insert(lesson, at: place)
        return (Int32(place), true)
    }

    /// The register of `register`, as ``Student/attendance`` holds it.
    func attendance(of register: StoredRegister) -> [Lesson: AttendanceEntry] {
        Dictionary(
            uniqueKeysWithValues: register.lines.map { line in
                (
                    lessons[Int(line.lesson)],
                    AttendanceEntry(
                        line.mark, reason: register.reasons.isEmpty ? nil : register.reasons[line.lesson])
                )
            })
    }

    private func insertionPlace(of lesson: Lesson) -> Int {
        lessons.insertionPlace { $0 < lesson }
    }
}

extension Array {
    /// The first place whose element is not before the one looked for, in an array sorted by
    /// `isBefore`. The last element is looked at first: what is looked for is most often the
    /// latest lesson, after every other.
    fileprivate func insertionPlace(where isBefore: (Element) -> Bool) -> Int {
        if let last, isBefore(last) { return count }
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            if isBefore(self[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
