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
        /// The object of each of the roster's ``MarkStrings`` as an id, and as a text; -1 for one
        /// no mark uses so.
        private let ids: [Int32]
        private let texts: [Int32]

        /// The table of `roster`'s marks, whose strings are objects from `first` on; the strings
        /// in use are found in parts at once on a large roster.
        init(_ roster: some PlistRecords, first: Int32) {
            let all = roster.markStrings.strings
            let found = ParallelWork.parts(count: all.isEmpty ? 0 : roster.count) { range in
                var (ids, texts) = (
                    [Bool](repeating: false, count: all.count), [Bool](repeating: false, count: all.count)
                )
                for index in range {
                    for line in roster.marks(at: index).lines {
                        ids[Int(line.id)] = true
                        texts[Int(line.text)] = true
                    }
                }
                return (ids, texts)
            }
            let usedIDs = all.indices.filter { place in found.contains { $0.0[place] } }
                .sorted { Assessment.isMadeBefore(all[$0], all[$1]) }
            let usedTexts = all.indices.filter { place in found.contains { $0.1[place] } }.sorted {
                all[$0] < all[$1]
            }
            key = first
            strings =
                usedIDs.isEmpty
                ? [] : [Student.marksKey] + usedIDs.map { all[$0] } + usedTexts.map { all[$0] }
            var (ids, texts) = (
                [Int32](repeating: -1, count: all.count), [Int32](repeating: -1, count: all.count)
            )
            for (offset, place) in usedIDs.enumerated() { ids[place] = first + 1 + Int32(offset) }
            for (offset, place) in usedTexts.enumerated() {
                texts[place] = first + 1 + Int32(usedIDs.count + offset)
            }
            (self.ids, self.texts) = (ids, texts)
        }

        /// The object of a mark's id.
        func object(ofID line: StoredMarks.Line) -> Int32 {
            ids[Int(line.id)]
        }

        /// The object of a mark's text.
        func object(ofText line: StoredMarks.Line) -> Int32 {
            texts[Int(line.text)]
        }
    }

    /// The bytes of one student's marks: their dictionary, whose keys and values are shared.
    static func marksSize(of marks: StoredMarks, referenceSize: Int) -> Int {
        PlistObjectWriter.countSize(marks.lines.count) + 2 * marks.lines.count * referenceSize
    }
}

extension PlistObjectWriter {
    /// Writes a student's marks, right after their record and register: one dictionary of
    /// shared ids and texts.
    mutating func writeMarks(_ marks: StoredMarks, table: BinaryPlistWriter.MarkTable, referenceSize: Int) {
        begin()
        header(0xD, count: marks.lines.count)
        for line in marks.lines { bigEndian(UInt64(table.object(ofID: line)), size: referenceSize) }
        for line in marks.lines { bigEndian(UInt64(table.object(ofText: line)), size: referenceSize) }
    }
}
