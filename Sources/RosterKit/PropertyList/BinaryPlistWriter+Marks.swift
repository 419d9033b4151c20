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
        private let ids: TextObjects
        private let texts: TextObjects

        /// The table of `roster`'s marks, whose strings are objects from `first` on; gathered in
        /// parts at once on a large roster.
        init(_ roster: some PlistRecords, first: Int32) {
            let found = ParallelWork.parts(count: roster.count) { range in
                var (ids, texts) = (Set<String>(), Set<String>())
                // Millions of marks share a few texts: each is put in the set when it is not the
                // text last seen in its slot.
                var (recentIDs, recentTexts) = (TextSlots(), TextSlots())
                for index in range {
                    for entry in roster.marks(at: index) {
                        let text = MarkTable.text(of: entry.value)
                        if recentTexts.replace(with: text) { texts.insert(text) }
                        if recentIDs.replace(with: entry.key) { ids.insert(entry.key) }
                    }
                }
                return (ids, texts)
            }
            let ids = found.reduce(into: Set<String>()) { $0.formUnion($1.0) }.sorted(
                by: Assessment.isMadeBefore)
            let texts = found.reduce(into: Set<String>()) { $0.formUnion($1.1) }.sorted()
            key = first
            strings = ids.isEmpty ? [] : [Student.marksKey] + ids + texts
            self.ids = TextObjects(ids, first: first + 1)
            self.texts = TextObjects(texts, first: first + 1 + Int32(ids.count))
        }

        /// The object of an assessment id.
        func object(ofID id: String) -> Int32 {
            ids.object(of: id) ?? key
        }

        /// The object of a mark's text.
        func object(of value: PlistValue) -> Int32 {
            texts.object(of: Self.text(of: value)) ?? key
        }

        /// A mark's text; every mark a roster keeps is one (see ``MarkCoding/isMarks(_:)``).
        private static func text(of value: PlistValue) -> String {
            if case .string(let text) = value { text } else { "" }
        }
    }

    /// The object numbers of a few texts, most found with one comparison in the slot a cheap hash
    /// of the text picks, the rest by a dictionary.
    struct TextObjects: Sendable {
        private var slots = TextSlots()
        private var objects = [Int32](repeating: -1, count: TextSlots.count)
        private var others: [String: Int32] = [:]

        /// The objects of `texts`, numbered in order from `first`.
        init(_ texts: [String], first: Int32) {
            for (offset, text) in texts.enumerated() {
                let slot = TextSlots.slot(of: text)
                if objects[slot] < 0 {
                    _ = slots.replace(with: text)
                    objects[slot] = first + Int32(offset)
                } else {
                    others[text] = first + Int32(offset)
                }
            }
        }

        /// The object of `text`, or `nil` when it is not one of the texts.
        func object(of text: String) -> Int32? {
            let slot = TextSlots.slot(of: text)
            return objects[slot] >= 0 && slots.holds(text, at: slot) ? objects[slot] : others[text]
        }
    }

    /// A text in each of a fixed number of slots, picked by a cheap hash of the text's first bytes.
    struct TextSlots: Sendable {
        static let count = 1024
        private var texts = [String?](repeating: nil, count: count)

        static func slot(of text: String) -> Int {
            UTF16Encoding.withUTF8(of: text) { bytes in
                var hash = bytes.count
                for byte in bytes.prefix(8) { hash = hash &* 31 &+ Int(byte) }
                return hash & (count - 1)
            }
        }

        /// Whether `text` is in slot `slot`.
        func holds(_ text: String, at slot: Int) -> Bool {
            texts[slot] == text
        }

        /// Puts `text` in its slot; `true` when the slot held another text (or none).
        mutating func replace(with text: String) -> Bool {
            let slot = Self.slot(of: text)
            guard texts[slot] != text else { return false }
            texts[slot] = text
            return true
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
