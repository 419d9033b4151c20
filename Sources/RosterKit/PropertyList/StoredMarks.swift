/// A student's marks as a ``StoredRoster`` keeps them: each assessment's id and the mark's text
/// as numbers, so that a class of 100,000 with 40 marks each holds a mark in eight bytes and
/// writes it without comparing a string.
///
/// While a file is read the numbers are its string objects; the roster then numbers them by
/// their place in its ``MarkStrings``, as registers' lessons are numbered by their place in a
/// ``LessonTable``.
struct StoredMarks: Sendable, Equatable {
    /// One mark: the numbers of its assessment's id and of its text.
    struct Line: Sendable, Equatable {
        var id: Int32
        var text: Int32
    }

    /// The marks, in the order the record keeps them.
    var lines: [Line] = []

    /// Whether there are none.
    var isEmpty: Bool { lines.isEmpty }

    /// Renumbers every id and text by `place`.
    mutating func renumber(_ place: (Int32) -> Int32) {
        for index in lines.indices {
            lines[index] = Line(id: place(lines[index].id), text: place(lines[index].text))
        }
    }
}

/// The assessment ids and marks' texts a ``StoredRoster``'s marks name by their place: a class
/// has a few dozen of each, shared by every student.
struct MarkStrings: Sendable {
    /// Every string, in the order it was first met.
    private(set) var strings: [String] = []
    private var places: [String: Int32] = [:]

    /// The place of `text`, put at the end when it is new.
    mutating func place(of text: String) -> Int32 {
        if let place = places[text] { return place }
        strings.append(text)
        places[text] = Int32(strings.count - 1)
        return Int32(strings.count - 1)
    }

    /// The marks `entries` (assessment id to text, see ``Student/marks``) hold, numbered here.
    mutating func stored(_ entries: [PlistEntry]) -> StoredMarks {
        var marks = StoredMarks()
        marks.lines.reserveCapacity(entries.count)
        for entry in entries {
            guard case .string(let text) = entry.value else { continue }
            marks.lines.append(StoredMarks.Line(id: place(of: entry.key), text: place(of: text)))
        }
        return marks
    }

    /// The entries of `marks`, as a student's record keeps them.
    func entries(of marks: StoredMarks) -> [PlistEntry] {
        marks.lines.map { PlistEntry(key: strings[Int($0.id)], value: .string(strings[Int($0.text)])) }
    }
}
