/// One student's register as a ``StoredRoster`` keeps it: the lessons and their marks in lesson
/// order, each lesson once.
///
/// A sorted array rather than a dictionary: reading a school's roster makes one register a
/// student, and every student's register holds the same few lessons, so an array is made and
/// searched in a fraction of a dictionary's time, and it is already in the order the file
/// stores it (see ``RegisterCoding``).
struct StoredRegister: Sendable, Equatable {
    /// One lesson's mark.
    struct Line: Sendable, Equatable {
        var lesson: Lesson
        var entry: AttendanceEntry
    }

    /// The lessons and their marks, in lesson order, each lesson once.
    private(set) var lines: [Line]

    /// An empty register.
    init() {
        lines = []
    }

    /// The register of `attendance`.
    init(_ attendance: [Lesson: AttendanceEntry]) {
        lines = Self.sorted(attendance)
    }

    /// The register of `lines` in the order a file gave them: sorted when they are not, and a
    /// lesson given twice keeping its last mark, as a dictionary read from the file would.
    init(reading lines: [Line]) {
        if zip(lines, lines.dropFirst()).allSatisfy({ $0.lesson < $1.lesson }) {
            self.lines = lines
            return
        }
        var byLesson: [Lesson: AttendanceEntry] = [:]
        for line in lines { byLesson[line.lesson] = line.entry }
        self.lines = Self.sorted(byLesson)
    }

    private static func sorted(_ attendance: [Lesson: AttendanceEntry]) -> [Line] {
        attendance.map { Line(lesson: $0.key, entry: $0.value) }.sorted { $0.lesson < $1.lesson }
    }

    /// Whether no lesson is marked.
    var isEmpty: Bool { lines.isEmpty }

    /// The register as ``Student/attendance`` holds it.
    var attendance: [Lesson: AttendanceEntry] {
        Dictionary(uniqueKeysWithValues: lines.lazy.map { ($0.lesson, $0.entry) })
    }

    /// The mark of `lesson`, or `nil` when the student has none; setting `nil` removes it.
    subscript(lesson: Lesson) -> AttendanceEntry? {
        get {
            let position = position(of: lesson)
            return position < lines.count && lines[position].lesson == lesson ? lines[position].entry : nil
        }
        set {
            let position = position(of: lesson)
            let found = position < lines.count && lines[position].lesson == lesson
            switch (newValue, found) {
            case (let entry?, true): lines[position].entry = entry
            case (let entry?, false): lines.insert(Line(lesson: lesson, entry: entry), at: position)
            case (nil, true): lines.remove(at: position)
            case (nil, false): break
            }
        }
    }

    /// Where `lesson` is or would go: the first line whose lesson is not before it.
    private func position(of lesson: Lesson) -> Int {
        // A new lesson is most often the latest: looked at first, without a search.
        if let last = lines.last, last.lesson < lesson { return lines.count }
        var (low, high) = (0, lines.count)
        while low < high {
            let middle = (low + high) / 2
            if lines[middle].lesson < lesson { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
