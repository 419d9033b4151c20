import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes students as a binary property list (`bplist00`) that Foundation, `plutil` and Python's
/// `plistlib` all read.
///
/// The layout is the one Foundation's encoder uses: the array first, then the five keys written
/// once and shared by every record, then each record's dictionary and values. Equal whole numbers
/// (ages, grades) are stored once, as Foundation does. A roster with a register has the keys of
/// the register too, and each register's lessons and marks are stored once for every student
/// (see ``RegisterCoding``). A roster where some student has a school id, a name in parts or a
/// note has those four keys too, after the others, and each such student's texts after its
/// record's values (see ``DetailCoding``).
///
/// A first pass numbers every object and works out the exact size of each block of records, so
/// the second pass writes each block into a buffer of the right length and hands it on: no
/// growing, no copying, and never the whole new file in memory.
struct BinaryPlistWriter {
    /// The object numbers one record's dictionary refers to, and its name's stored length.
    struct Record {
        var dictionary: Int32
        var age: Int32
        var grade: Int32
        var score: Int32
        var nameUnits: Int32
        var nameIsASCII: Bool
        /// Whether this record is the first with its age or grade, which is then written with it.
        var writesAge: Bool
        var writesGrade: Bool
        /// The register's dictionary, or -1 when the student has none.
        var register: Int32 = -1
        /// The first of the details' strings, or -1 when the student has none.
        var details: Int32 = -1
        /// The marks' dictionary, or -1 when the student has none.
        var marks: Int32 = -1
        /// The first value of other apps' keys, or -1 when the record keeps none.
        var others: Int32 = -1
        /// Whether the age is the text the file wrote (see ``KeptEntries``), written with the record.
        var ageIsWritten = false
    }

    /// How many records are written into each block of the file.
    static let recordsPerBlock = 8_192

    /// Encodes `roster` in file order.
    static func bytes(
        for roster: some PlistRecords, agesAsText: Bool = true, kept: KeptEntries = KeptEntries()
    )
        -> [UInt8]
    {
        var result: [UInt8] = []
        write(roster, agesAsText: agesAsText, kept: kept) { result.append(contentsOf: $0) }
        return result
    }

    /// Encodes `roster` in file order, handing the bytes to `write` a block of records at a time,
    /// so that the new file is never in memory whole.
    ///
    /// A first pass numbers every object and works out each block's exact size, so each block is
    /// written into a buffer of the right length, and a large roster's blocks two at a time, one
    /// per core: each knows where it starts, in the file and in the offset table.
    /// Ages are written as text, as the iOS app stores them, unless `agesAsText` is `false`;
    /// what records keep besides roster's fields (`kept`) follows their own values.
    static func write(
        _ roster: some PlistRecords, agesAsText: Bool = true, kept: KeptEntries = KeptEntries(),
        to write: (SharedBytes) throws -> Void
    ) rethrows {
        let layout = Layout(roster, agesAsText: agesAsText, kept: kept)
        let plan = PlistObjectWriter.Plan(
            headerBytes: layout.headerBytes, blocksAtOnce: ParallelWork.partCount(for: roster.count),
            blockSizes: layout.blockSizes, blockStarts: layout.blockStarts,
            blockObjects: layout.blockSizes.indices.map {
                Int(layout.records[layout.records(in: $0).lowerBound].dictionary)
            },
            objectCount: layout.objectCount, referenceSize: layout.referenceSize,
            offsetSize: layout.offsetSize,
            tableOffset: layout.tableOffset)
        try PlistObjectWriter.write(
            plan,
            header: {
                $0.writeHeader(
                    records: layout.records, keys: layout.keys, referenceSize: layout.referenceSize)
            },
            block: { block, output in encodeBlock(block, of: roster, layout: layout, into: &output) },
            to: write)
    }

    /// Writes the records of one block.
    private static func encodeBlock(
        _ block: Int, of roster: some PlistRecords, layout: Layout, into output: inout PlistObjectWriter
    ) {
        for index in layout.records(in: block) {
            let others = layout.records[index].others < 0 ? [] : layout.kept.others[index] ?? []
            output.write(roster, at: index, layout.records[index], others: others, layout: layout)
            if layout.records[index].register >= 0 {
                output.writeRegister(
                    roster.register(at: index), table: layout.registers, referenceSize: layout.referenceSize)
            }
            if layout.records[index].marks >= 0 {
                output.writeMarks(
                    roster.marks(at: index), table: layout.marks, referenceSize: layout.referenceSize)
            }
            for entry in others { output.write(entry.value, referenceSize: layout.referenceSize) }
        }
    }
}

/// The objects of a roster's records, as ``BinaryPlistWriter`` writes them.
extension PlistObjectWriter {
    /// Writes the magic number, the array and the keys: everything before the first record.
    mutating func writeHeader(records: [BinaryPlistWriter.Record], keys: [String], referenceSize: Int) {
        append(contentsOf: "bplist00".utf8)
        begin()
        header(0xA, count: records.count)
        for record in records { bigEndian(UInt64(record.dictionary), size: referenceSize) }
        for key in keys { string(key) }
    }

    /// Writes record `index` of `roster`: its dictionary and the values it brings, as `layout`
    /// places them. The dictionary refers to the values of `others` too, which follow the
    /// record's register and marks.
    mutating func write(
        _ roster: some PlistRecords, at index: Int, _ record: BinaryPlistWriter.Record,
        others: [PlistEntry], layout: BinaryPlistWriter.Layout
    ) {
        let student = roster.record(at: index)
        let details = record.details < 0 ? StudentDetails() : roster.details(at: index)
        writeDictionary(of: student, record, details: details, others: others, layout: layout)
        begin()
        append(contentsOf: [0x5F, 0x10, 36])
        appendID(student.id)
        begin()
        header(record.nameIsASCII ? 0x5 : 0x6, count: Int(record.nameUnits))
        roster.writeNameBytes(at: index, isASCII: record.nameIsASCII, into: &self)
        if record.ageIsWritten {
            string(layout.kept.writtenAges[index] ?? "")
        } else if record.writesAge {
            begin()
            if layout.agesAsText {
                let digits = String(student.age).utf8
                header(0x5, count: digits.count)
                append(contentsOf: digits)
            } else {
                integer(student.age)
            }
        }
        if let grade = student.grade, record.writesGrade {
            begin()
            integer(grade)
        }
        if let score = student.score {
            begin()
            append(0x23)
            bigEndian(score.bitPattern, size: 8)
        }
        for detail in StudentDetail.allCases { if let text = details[detail] { string(text) } }
    }

    /// Writes a record's dictionary: the references to its keys, then to its values, which follow
    /// it (the id, name and age right after it; the rest where `record` says).
    @inline(__always)
    private mutating func writeDictionary(
        of student: some StudentValues, _ record: BinaryPlistWriter.Record, details: StudentDetails,
        others: [PlistEntry], layout: BinaryPlistWriter.Layout
    ) {
        let (dictionary, referenceSize) = (UInt64(record.dictionary), layout.referenceSize)
        begin()
        let (hasRegister, hasMarks) = (record.register >= 0, record.marks >= 0)
        let entries =
            3 + (student.grade == nil ? 0 : 1) + (student.score == nil ? 0 : 1) + (hasRegister ? 1 : 0)
            + details.count + (hasMarks ? 1 : 0) + others.count
        header(0xD, count: entries)
        for key in 1...5
        where key <= 3 || (key == 4 && student.grade != nil) || (key == 5 && student.score != nil) {
            bigEndian(UInt64(key), size: referenceSize)
        }
        for (offset, detail) in StudentDetail.allCases.enumerated() where details[detail] != nil {
            bigEndian(UInt64(layout.detailKeys + offset), size: referenceSize)
        }
        if hasRegister { bigEndian(UInt64(BinaryPlistWriter.RegisterTable.register), size: referenceSize) }
        if hasMarks { bigEndian(UInt64(layout.marks.key), size: referenceSize) }
        for entry in others { bigEndian(UInt64(layout.otherKeys[entry.key] ?? 0), size: referenceSize) }
        bigEndian(dictionary + 1, size: referenceSize)
        bigEndian(dictionary + 2, size: referenceSize)
        bigEndian(UInt64(record.age), size: referenceSize)
        if student.grade != nil { bigEndian(UInt64(record.grade), size: referenceSize) }
        if student.score != nil { bigEndian(UInt64(record.score), size: referenceSize) }
        for offset in 0..<details.count {
            bigEndian(UInt64(Int(record.details) + offset), size: referenceSize)
        }
        if hasRegister { bigEndian(UInt64(record.register), size: referenceSize) }
        if hasMarks { bigEndian(UInt64(record.marks), size: referenceSize) }
        var next = Int(record.others)
        for entry in others {
            bigEndian(UInt64(next), size: referenceSize)
            next += entry.value.objectCount
        }
    }

    /// Writes a student's register, right after its record: its dictionary, then a
    /// dictionary and a reason for each mark that has one, in lesson order.
    mutating func writeRegister(
        _ register: StoredRegister, table: BinaryPlistWriter.RegisterTable, referenceSize: Int
    ) {
        let dictionary = objects
        begin()
        header(0xD, count: register.lines.count)
        for line in register.lines {
            bigEndian(UInt64(table.object(ofLesson: line.lesson)), size: referenceSize)
        }
        var next = dictionary + 1
        for line in register.lines {
            if register.reasons.isEmpty || register.reasons[line.lesson] == nil {
                bigEndian(UInt64(table.object(of: line.mark)), size: referenceSize)
            } else {
                bigEndian(UInt64(next), size: referenceSize)
                next += 2
            }
        }
        guard !register.reasons.isEmpty else { return }
        for line in register.lines {
            guard let reason = register.reasons[line.lesson] else { continue }
            let entry = Int32(objects)
            begin()
            header(0xD, count: 2)
            for reference in [
                BinaryPlistWriter.RegisterTable.mark, BinaryPlistWriter.RegisterTable.reason,
                table.object(of: line.mark),
                entry + 1,
            ] {
                bigEndian(UInt64(reference), size: referenceSize)
            }
            string(reason)
        }
    }
}
