import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Adds students to the end of an existing binary roster without decoding and re-encoding the
/// students already in it.
///
/// Only the top-level array grows; every other object of the old file is kept as it is, the new
/// students' objects follow, and a new offset table points at all of them. Adding one student to a
/// roster of 100,000 thus costs a copy of the file instead of a rewrite of every record, and the
/// copy is made by writing the old file's unchanged runs straight out (see ``SplicedFile``). The
/// old file must already have been checked in full by ``BinaryPlistReader``.
enum BinaryPlistAppender {
    /// The new file as pieces of `base` and new bytes, or `nil` when this file's layout cannot
    /// take the new objects (its references are too narrow, or an object overlaps the array), and
    /// a full rewrite is needed.
    ///
    /// - Parameters:
    ///   - students: The students to add.
    ///   - reader: A reader of `base`'s bytes.
    ///   - base: The old file.
    static func file(
        appending students: [Student], to reader: BinaryPlistReader, base: Data, conventions: FileConventions
    )
        throws(DecodingProblem) -> SplicedFile?
    {
        let (topOffset, topEnd, oldCount, oldReferencesStart) = try reader.topArraySpan()
        // Splicing rewrites the array's bytes in place, so no other object may lie around them:
        // the array must be the file's first object, as every encoder writes it, and no object
        // may start inside it (checked below). Any other layout is rewritten in full.
        guard topOffset == 8 else { return nil }
        // The new students' objects follow the file's, written as any record is written (see
        // ``PlistValue/record(of:conventions:)``), sharing the file's key strings.
        let keys = try reader.keyObjects()
        var objects = BinaryPlistValueWriter.ObjectTable(
            firstNumber: reader.objectCount,
            strings: Dictionary(uniqueKeysWithValues: keys.map { ($0.key.rawValue, $0.value) }),
            referenceSize: reader.referenceSize, bodyStart: 0)
        let dictionaries = students.map { objects.add(.record(of: $0, conventions: conventions)) }
        let lastNumber = reader.objectCount + objects.count - 1
        // References too narrow for the new numbers were written cut short: the file is rewritten.
        guard reader.referenceSize >= 8 || lastNumber < 1 << (8 * reader.referenceSize) else { return nil }
        let (newObjects, newOffsets) = (objects.bytes, objects.offsets)

        var header: [UInt8] = []
        BinaryPlistValueWriter.appendHeader(0xA, count: oldCount + students.count, to: &header)
        var newReferences: [UInt8] = []
        for number in dictionaries {
            BinaryPlistValueWriter.appendBigEndian(
                UInt64(number), size: reader.referenceSize, to: &newReferences)
        }
        let shift = header.count + (topEnd - oldReferencesStart) + newReferences.count - (topEnd - topOffset)
        let tableOffset = reader.tableOffset + shift + newObjects.count
        guard
            let table = offsetTable(
                of: reader, top: topOffset..<topEnd, shift: shift, newOffsets: newOffsets,
                tableOffset: tableOffset)
        else { return nil }
        return SplicedFile(
            base: base,
            pieces: [
                .old(0..<topOffset), .new(header), .old(oldReferencesStart..<topEnd), .new(newReferences),
                .old(topEnd..<reader.tableOffset), .new(newObjects), .new(table),
            ])
    }

    /// The new file's offset table and trailer: the old objects' offsets, those after the array
    /// moved by `shift`, then the new objects'; `nil` when an old object lies inside the array or
    /// outside the file's objects, and the file must be rewritten.
    private static func offsetTable(
        of reader: BinaryPlistReader, top: Range<Int>, shift: Int, newOffsets: [Int], tableOffset: Int
    ) -> [UInt8]? {
        let offsetSize = PlistObjectWriter.integerWidth(UInt64(tableOffset))
        let objectCount = reader.objectCount + newOffsets.count
        var table: [UInt8] = []
        table.reserveCapacity(objectCount * offsetSize + 32)
        for number in 0..<reader.objectCount {
            let offset = reader.offset(of: number)
            guard offset >= 8, offset < reader.tableOffset else { return nil }
            if number != reader.topObject && top.contains(offset) { return nil }
            BinaryPlistValueWriter.appendBigEndian(
                UInt64(offset < top.upperBound ? offset : offset + shift), size: offsetSize, to: &table)
        }
        for offset in newOffsets {
            BinaryPlistValueWriter.appendBigEndian(
                UInt64(reader.tableOffset + shift + offset), size: offsetSize, to: &table)
        }
        return table
            + PlistObjectWriter.trailer(
                objectCount: objectCount, topObject: reader.topObject, referenceSize: reader.referenceSize,
                offsetSize: offsetSize, tableOffset: tableOffset)
    }
}

/// A file's new contents described as pieces: runs of an existing file's bytes and new bytes.
///
/// Adding one student to a large roster changes a few bytes near its start and adds some at its
/// end; the rest is written straight from the old file's bytes rather than first copied into one
/// new buffer, which saves a copy and the memory of a second roster.
struct SplicedFile {
    /// One run of the new file.
    enum Piece {
        /// Bytes of the old file, by position.
        case old(Range<Int>)
        /// New bytes.
        case new([UInt8])
    }

    /// The old file's bytes, which the `old` pieces refer to.
    let base: Data
    /// The runs, in order.
    let pieces: [Piece]

    /// A file made of new bytes only.
    init(_ bytes: [UInt8]) {
        (base, pieces) = (Data(), [.new(bytes)])
    }

    init(base: Data, pieces: [Piece]) {
        (self.base, self.pieces) = (base, pieces)
    }

    /// Hands each piece's bytes to `write`, in order.
    func write(_ write: (SharedBytes) throws -> Void) throws {
        try SharedBytes.reading(base) { old in
            for piece in pieces {
                switch piece {
                case .old(let range): try write(old[range])
                case .new(let bytes): try SharedBytes.reading(bytes) { try write($0) }
                }
            }
        }
    }

    /// The whole file in one array.
    var bytes: [UInt8] {
        var bytes: [UInt8] = []
        // Appending to an array cannot fail.
        try? write { bytes.append(contentsOf: $0) }
        return bytes
    }
}

/// What ``BinaryPlistAppender`` needs to know of a file's layout to splice new students onto it.
extension BinaryPlistReader {
    /// Where the top-level array's object starts and ends, its length, and where its references start.
    func topArraySpan() throws(DecodingProblem) -> (offset: Int, end: Int, count: Int, references: Int) {
        let top = try object(topObject)
        return (offset(of: topObject), top.start + top.count * referenceSize, top.count, top.start)
    }

    /// The object numbers of key strings the file already has, by the field they name.
    func keyObjects() throws(DecodingProblem) -> [StudentField: Int] {
        var found: [StudentField: Int] = [:]
        let top = try object(topObject)
        for index in 0..<min(top.count, 64) {
            let dictionary = try object(reference(at: top.start + index * referenceSize))
            for entry in 0..<dictionary.count {
                let keyReference = reference(at: dictionary.start + entry * referenceSize)
                if let field = try field(named: object(keyReference)), found[field] == nil {
                    found[field] = keyReference
                }
            }
            if found.count == StudentField.allCases.count { break }
        }
        return found
    }
}
