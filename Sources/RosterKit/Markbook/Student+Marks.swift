extension Student {
    /// The key a student's marks are kept under in their record: a dictionary from each
    /// assessment's id to the mark's text (``Mark/text``). The iOS app ignores it.
    static let marksKey = "marks"

    /// The student's marks in their class, by assessment id (``Assessment/id``); an assessment
    /// without an entry is blank, not marked yet.
    ///
    /// A roster whose marks roster cannot read is damaged: reading it names the student's record.
    public var marks: [String: Mark] {
        get {
            guard let entries = markEntries else { return [:] }
            var marks: [String: Mark] = [:]
            marks.reserveCapacity(entries.count)
            for entry in entries {
                guard case .string(let text) = entry.value, let mark = Mark(stored: text) else { continue }
                marks[entry.key] = mark
            }
            return marks
        }
        set { setMarkEntries(Self.markEntries(of: newValue)) }
    }

    /// Marks as a record keeps them: each assessment's id with the mark's text, in the order the
    /// assessments were made.
    static func markEntries(of marks: [String: Mark]) -> [PlistEntry] {
        marks.sorted { Assessment.isMadeBefore($0.key, $1.key) }.map {
            PlistEntry(key: $0.key, value: .string($0.value.text))
        }
    }

    /// Keeps `entries` (see ``markEntries(of:)``) as the student's marks.
    mutating func setMarkEntries(_ entries: [PlistEntry]) {
        otherFields.removeAll { $0.key == Self.marksKey }
        guard !entries.isEmpty else { return }
        otherFields.append(PlistEntry(key: Self.marksKey, value: .dictionary(entries)))
    }

    /// Whether the student has a mark, without reading it.
    var hasMarks: Bool { otherFields.contains { $0.key == Self.marksKey } }

    /// The stored entries of ``marks``, or `nil` when the student has none.
    var markEntries: [PlistEntry]? {
        for field in otherFields where field.key == Self.marksKey {
            if case .dictionary(let entries) = field.value { return entries }
        }
        return nil
    }
}
