#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A student through `Codable`: the record roster writes in its file, every field of it.
///
/// Encoding writes the record as roster's own writer does (``StorageHandler/prepareData(_:)``
/// uses it): the tutorial's `id`, `name` and `age` (as text, as the iOS app reads it), then the
/// fields that are there (`grade`, `score`, the school's id, the name's parts, the note, the
/// days the student joined and left, the register, the marks) and other apps' keys. Decoding
/// reads such a record by the same rules as roster's readers, so nothing is lost either way: an
/// app that saves students with `PropertyListEncoder` or `JSONEncoder` keeps a leaver a leaver and
/// every mark.
extension Student {
    /// Decodes a student, accepting `age` as an integer or as text: any text that is not a whole
    /// number from 1 to 120 is kept as written (``Student/writtenAge``), as roster's readers keep it.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a field is missing or of the wrong kind (an age that is
    ///   neither a number nor text, a day, register or mark roster cannot read). The values are kept as they
    ///   are, as ``init(id:name:age:grade:score:attendance:)`` keeps them: validate what a person
    ///   typed with ``RosterViewModel``.
    public init(from decoder: any Decoder) throws {
        let entries = try PlistValue.entries(of: decoder.container(keyedBy: RecordKey.self))
        do {
            self = try StudentFields.student(fromEntries: entries, record: 0)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "the student " + error.reason.replacing("record 1 ", with: "")))
        }
    }

    /// Encodes the student as roster writes its record, the age as text as the iOS app stores it.
    ///
    /// - Parameter encoder: The encoder to write to.
    public func encode(to encoder: any Encoder) throws {
        try PlistValue.record(of: self, conventions: FileConventions(format: .binary, agesAsText: true))
            .encode(to: encoder)
    }
}
