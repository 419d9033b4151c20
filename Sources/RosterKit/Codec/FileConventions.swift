#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a roster file does its own way, which roster keeps whenever it rewrites the file.
///
/// Another program may share the roster: the iOS teaching app stores ages as text (`"12"`), and
/// other apps add keys of their own (a nickname, tags, a photo). Readers note both here, and
/// writers write every record the same way again, so those programs can still read the file.
struct FileConventions: Sendable, Equatable {
    /// The flavour of property list: binary or XML.
    var format: RosterFormat
    /// Whether ages are stored as text, as the iOS teaching app stores them. One text age is
    /// enough: the app cannot read a file with any age stored as a number.
    var agesAsText = false
    /// The keys and values of each student that roster does not know, in file order: other
    /// apps' keys, never roster's own fields.
    var otherFields: [UUID: [PlistEntry]] = [:]

    /// A new binary roster's conventions, which are the tutorial's encoder's.
    static let binary = FileConventions(format: .binary)

    /// Whether a file with these conventions is written by roster's own fast writers, which know
    /// only the five fields of a student, stored as numbers: the file must also hold no register
    /// (see ``RosterCodec/isPlain(_:conventions:)``).
    var isPlain: Bool { !agesAsText && otherFields.isEmpty }

    /// The conventions of a file in `format` whose records say what `notes` gathered.
    init(format: RosterFormat, notes: RecordNotes = RecordNotes()) {
        self.format = format
        agesAsText = notes.agesAsText
        otherFields = notes.otherFields
    }
}

/// What the records of one file said about its conventions, gathered while they are read.
struct RecordNotes: Sendable {
    var agesAsText = false
    var otherFields: [UUID: [PlistEntry]] = [:]
    /// Whether some record kept its register as an earlier version did, to be upgraded to
    /// lessons (see ``RegisterCoding/upgradeLegacy(_:)``).
    var hasLegacyRegister = false

    /// Takes in what one record said.
    mutating func note(id: UUID, ageIsText: Bool, otherFields fields: [PlistEntry], legacyRegister: Bool) {
        if ageIsText { agesAsText = true }
        if legacyRegister { hasLegacyRegister = true }
        if !fields.isEmpty { otherFields[id] = fields }
    }

    /// Takes in what another part of the same file said.
    mutating func merge(_ other: RecordNotes) {
        agesAsText = agesAsText || other.agesAsText
        hasLegacyRegister = hasLegacyRegister || other.hasLegacyRegister
        otherFields.merge(other.otherFields) { first, _ in first }
    }
}
