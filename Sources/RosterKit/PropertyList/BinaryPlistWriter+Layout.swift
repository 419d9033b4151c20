import RosterEngine

/// Where the objects of a roster go before a byte is written: each object's number, and each
/// block's size and start, measured in parts at once.
extension BinaryPlistWriter {
    /// Where everything goes in the file: the objects' numbers, and each block's size and start.
    struct Layout {
        /// The strings written once after the array: the fields' keys, then the registers' keys,
        /// lessons and marks when a student has a register, then the details' keys when a
        /// student has details.
        let keys: [String]
        /// The object number of the first detail's key.
        let detailKeys: Int
        let registers: RegisterTable
        let marks: MarkTable
        let records: [Record]
        let objectCount: Int
        let referenceSize: Int
        let headerBytes: Int
        let blockSizes: [Int]
        let blockStarts: [Int]
        let tableOffset: Int
        let offsetSize: Int
        /// Whether ages are written as text.
        let agesAsText: Bool
        /// What records keep besides roster's fields, and the object of each of their keys.
        let kept: KeptEntries
        let otherKeys: [String: Int]

        init(_ roster: some PlistRecords, agesAsText: Bool, kept: KeptEntries) {
            let registers = RegisterTable(roster)
            let fieldKeys = StudentField.keys + registers.strings
            let hasDetails = (0..<roster.count).contains { !roster.details(at: $0).isEmpty }
            let headKeys = fieldKeys + (hasDetails ? StudentDetail.allCases.map(\.rawValue) : [])
            let marks = MarkTable(roster, first: 1 + Int32(headKeys.count))
            let otherKeys = kept.keys
            let keys = headKeys + marks.strings + otherKeys
            detailKeys = 1 + fieldKeys.count
            self.otherKeys = Dictionary(
                uniqueKeysWithValues: otherKeys.enumerated().map {
                    ($1, 1 + keys.count - otherKeys.count + $0)
                })
            var plan = Plan(keys: keys.count, agesAsText: agesAsText)
            let records = plan.records(for: roster, kept: kept)
            let referenceSize = PlistObjectWriter.integerWidth(UInt64(plan.objectCount))
            var headerBytes = 8 + PlistObjectWriter.countSize(roster.count) + roster.count * referenceSize
            headerBytes += keys.reduce(0) { $0 + stringSize($1) }
            let blockSizes = Self.blockSizes(
                of: roster, records, referenceSize: referenceSize, agesAsText: agesAsText, kept: kept)
            var starts: [Int] = []
            var next = headerBytes
            for size in blockSizes {
                starts.append(next)
                next += size
            }
            (self.keys, self.registers, self.marks, self.records) = (keys, registers, marks, records)
            (objectCount, self.referenceSize, self.headerBytes) = (
                plan.objectCount, referenceSize, headerBytes
            )
            (self.blockSizes, blockStarts, tableOffset) = (blockSizes, starts, next)
            offsetSize = PlistObjectWriter.integerWidth(UInt64(next))
            (self.agesAsText, self.kept) = (agesAsText, kept)
        }

        /// The size of each block of records, measured in parts at once, each part taking whole blocks.
        private static func blockSizes(
            of roster: some PlistRecords, _ records: [Record], referenceSize: Int, agesAsText: Bool,
            kept: KeptEntries
        ) -> [Int] {
            let blocks = (roster.count + recordsPerBlock - 1) / recordsPerBlock
            let measure: @Sendable (Range<Int>) -> [Int] = { blocks in
                blocks.map { block in
                    Self.records(in: block, count: roster.count).reduce(0) { total, index in
                        let others = records[index].others < 0 ? [] : kept.others[index] ?? []
                        var size = size(
                            of: roster.record(at: index), records[index], details: roster.details(at: index),
                            others: others.count, referenceSize: referenceSize, agesAsText: agesAsText)
                        if records[index].ageIsWritten { size += stringSize(kept.writtenAges[index] ?? "") }
                        for entry in others {
                            size += BinaryPlistWriter.size(of: entry.value, referenceSize: referenceSize)
                        }
                        if records[index].register >= 0 {
                            size += registerSize(of: roster.register(at: index), referenceSize: referenceSize)
                        }
                        if records[index].marks >= 0 {
                            size += marksSize(of: roster.marks(at: index), referenceSize: referenceSize)
                        }
                        return total + size
                    }
                }
            }
            let parts = ParallelWork.ranges(count: blocks, parts: ParallelWork.partCount(for: roster.count))
            return parts.count == 1
                ? measure(0..<blocks) : ParallelWork.each(parts.count) { measure(parts[$0]) }.flatMap { $0 }
        }

        /// The records written in block `block`.
        func records(in block: Int) -> Range<Int> {
            Self.records(in: block, count: records.count)
        }

        /// The records written in block `block` of a roster of `count` records.
        static func records(in block: Int, count: Int) -> Range<Int> {
            block * recordsPerBlock..<min((block + 1) * recordsPerBlock, count)
        }
    }

    /// Numbers objects in the order they will be written.
    struct Plan {
        /// The array is object 0 and the keys follow it.
        private(set) var objectCount: Int
        private var integers: [Int: Int32] = [:]
        /// Object numbers of the small whole numbers (ages, grades), looked up without hashing.
        private var smallIntegers = [Int32](repeating: -1, count: 256)
        /// Object numbers of the ages written as text, which are strings, not numbers a grade shares.
        private var ageTexts = [Int32](repeating: -1, count: 256)
        /// Ages beyond those, which a `Student` made without ``StudentValidator`` may hold.
        private var otherAgeTexts: [Int: Int32] = [:]
        private let agesAsText: Bool

        init(keys: Int, agesAsText: Bool) {
            objectCount = 1 + keys
            self.agesAsText = agesAsText
        }

        /// The record of every student: names measured in parts at once first, then the objects
        /// numbered in one pass, in order, since equal numbers share one object.
        mutating func records(for roster: some PlistRecords, kept: KeptEntries) -> [Record] {
            var records = ParallelWork.array(count: roster.count) { range, part in
                for index in range {
                    let (units, isASCII) = roster.nameLayout(at: index)
                    part.append(
                        Record(
                            dictionary: 0, age: 0, grade: 0, score: 0, nameUnits: Int32(units),
                            nameIsASCII: isASCII, writesAge: false, writesGrade: false))
                }
            }
            do {
                for index in records.indices {
                    if !kept.writtenAges.isEmpty, kept.writtenAges[index] != nil {
                        number(roster.record(at: index), writtenAge: true, into: &records[index])
                    } else {
                        number(roster.record(at: index), into: &records[index])
                    }
                    let details = roster.details(at: index).count
                    if details > 0 {
                        records[index].details = next()
                        objectCount += details - 1
                    }
                    if roster.hasRegister(at: index) {
                        records[index].register = next()
                        objectCount += BinaryPlistWriter.registerObjects(roster.register(at: index)) - 1
                    }
                    if !roster.marks(at: index).isEmpty { records[index].marks = next() }
                    if !kept.others.isEmpty, let others = kept.others[index] {
                        records[index].others = next()
                        objectCount += others.reduce(0) { $0 + $1.value.objectCount } - 1
                    }
                }
            }
            return records
        }

        private mutating func number(
            _ student: some StudentValues, writtenAge: Bool = false, into record: inout Record
        ) {
            record.dictionary = next()
            objectCount += 2  // the id and the name
            if writtenAge {
                // An age kept as written is a string of its own, never shared.
                (record.age, record.ageIsWritten) = (next(), true)
            } else {
                (record.age, record.writesAge) = agesAsText ? ageText(student.age) : integer(student.age)
            }
            (record.grade, record.writesGrade) = student.grade.map { integer($0) } ?? (-1, false)
            record.score = student.score == nil ? -1 : next()
        }

        private mutating func next() -> Int32 {
            objectCount += 1
            return Int32(truncatingIfNeeded: objectCount - 1)
        }

        /// The object number of an age written as text, and whether it is new.
        private mutating func ageText(_ age: Int) -> (Int32, Bool) {
            guard ageTexts.indices.contains(age) else {
                if let existing = otherAgeTexts[age] { return (existing, false) }
                let reference = next()
                otherAgeTexts[age] = reference
                return (reference, true)
            }
            if ageTexts[age] >= 0 { return (ageTexts[age], false) }
            ageTexts[age] = next()
            return (ageTexts[age], true)
        }

        /// The object number of a whole number, and whether it is new.
        private mutating func integer(_ value: Int) -> (Int32, Bool) {
            if (0..<256).contains(value) {
                if smallIntegers[value] >= 0 { return (smallIntegers[value], false) }
                smallIntegers[value] = next()
                return (smallIntegers[value], true)
            }
            if let existing = integers[value] { return (existing, false) }
            let reference = next()
            integers[value] = reference
            return (reference, true)
        }
    }

    static func size(
        of student: some StudentValues, _ record: Record, details: StudentDetails, others: Int,
        referenceSize: Int, agesAsText: Bool
    ) -> Int {
        let entries =
            3 + (student.grade == nil ? 0 : 1) + (student.score == nil ? 0 : 1)
            + (record.register < 0 ? 0 : 1) + details.count + (record.marks < 0 ? 0 : 1) + others
        var size = PlistObjectWriter.countSize(entries) + 2 * entries * referenceSize + 39
        let units = Int(record.nameUnits)
        size += PlistObjectWriter.countSize(units) + (record.nameIsASCII ? units : 2 * units)
        if record.writesAge {
            let digits = String(student.age).utf8.count
            size +=
                agesAsText
                ? PlistObjectWriter.countSize(digits) + digits : PlistObjectWriter.integerSize(student.age)
        }
        if let grade = student.grade, record.writesGrade { size += PlistObjectWriter.integerSize(grade) }
        if student.score != nil { size += 9 }
        for detail in StudentDetail.allCases { if let text = details[detail] { size += stringSize(text) } }
        return size
    }
}
