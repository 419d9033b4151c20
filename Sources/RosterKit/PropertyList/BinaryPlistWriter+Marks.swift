import RosterEngine

/// Writing marks: each student's marks are a dictionary of assessment ids to the marks' text
/// (see ``Student/marks``). The ids and the texts are strings every student shares, so they are
/// written once, after the other keys, as the register's lessons are.
extension BinaryPlistWriter {
    /// The strings a roster's marks share and their object numbers: the key `marks`, each
    /// assessment id in the order assessments are made, and each mark's text.
    struct MarkTable: Sendable {
        /// The key, the ids and the texts, in the order they are written; empty without marks.
        let strings: [String]
        /// The object of the key `marks`.
        let key: Int32
        private let ids: [String: Int32]
        private let texts: [String: Int32]

        /// The table of `roster`'s marks, whose strings are objects from `first` on; gathered in
        /// parts at once on a large roster.
        init(_ roster: some PlistRecords, first: Int32) {
            let found = ParallelWork.parts(count: roster.count) { range in
                var (ids, texts) = (Set<String>(), Set<String>())
                // Most students' marks are on the same assessments in the same order.
                var recent: [String] = []
                for index in range {
                    for (position, entry) in roster.marks(at: index).enumerated() {
                        texts.insert(MarkTable.text(of: entry.value))
                        if position < recent.count && recent[position] == entry.key { continue }
                        ids.insert(entry.key)
                        if position < recent.count {
                            recent[position] = entry.key
                        } else {
                            recent.append(entry.key)
                        }
                    }
                }
                return (ids, texts)
            }
            let ids = found.reduce(into: Set<String>()) { $0.formUnion($1.0) }.sorted(
                by: Assessment.isMadeBefore)
            let texts = found.reduce(into: Set<String>()) { $0.formUnion($1.1) }.sorted()
            key = first
            strings = ids.isEmpty ? [] : [Student.marksKey] + ids + texts
            self.ids = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, first + 1 + Int32($0)) })
            let firstText = first + 1 + Int32(ids.count)
            self.texts = Dictionary(
                uniqueKeysWithValues: texts.enumerated().map { ($1, firstText + Int32($0)) })
        }

        /// The object of an assessment id.
        func object(ofID id: String) -> Int32 {
            ids[id] ?? key
        }

        /// The object of a mark's text.
        func object(of value: PlistValue) -> Int32 {
            texts[Self.text(of: value)] ?? key
        }

        /// A mark's text; every mark a roster keeps is one (see ``MarkCoding/isMarks(_:)``).
        private static func text(of value: PlistValue) -> String {
            if case .string(let text) = value { text } else { "" }
        }
    }

    /// The bytes of one student's marks: their dictionary, whose keys and values are shared.
    static func marksSize(of marks: [PlistEntry], referenceSize: Int) -> Int {
        countSize(marks.count) + 2 * marks.count * referenceSize
    }
}

extension BinaryPlistWriter.ByteWriter {
    /// Writes a student's marks, right after their record and register: one dictionary of
    /// shared ids and texts.
    mutating func writeMarks(_ marks: [PlistEntry], table: BinaryPlistWriter.MarkTable, referenceSize: Int) {
        begin()
        header(0xD, count: marks.count)
        for entry in marks { bigEndian(UInt64(table.object(ofID: entry.key)), size: referenceSize) }
        for entry in marks { bigEndian(UInt64(table.object(of: entry.value)), size: referenceSize) }
    }
}
