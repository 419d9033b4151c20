#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The file formats roster imports and exports.
public enum InterchangeFormat: String, Sendable, CaseIterable {
    /// Comma-separated values (RFC 4180), for spreadsheets.
    case csv
    /// A JSON array of student objects, the shape `roster list --format json` prints.
    case json
    /// A property list, the roster's own format; exported as XML.
    case plist

    /// The format a file name's extension names, if any: `.csv`, `.json`, `.plist` or `.xml`.
    ///
    /// - Parameter url: The file.
    /// - Returns: The format, or `nil` for another extension.
    package static func inferred(from url: URL) -> InterchangeFormat? {
        switch url.pathExtension.lowercased() {
        case "csv", "txt": return .csv
        case "json": return .json
        case "plist", "xml": return .plist
        default: return nil
        }
    }

    /// Encodes students, in the given order, in this format.
    ///
    /// - Parameter students: The students to write.
    /// - Returns: The file's bytes.
    /// - Throws: ``StorageError/encodingFailed(reason:)`` when a plist cannot hold a name.
    public func data(for students: [Student]) throws -> Data {
        try data(for: students, order: Array(students.indices))
    }

    /// Encodes students in the order `order` gives their positions, as a sorted listing needs,
    /// without first copying them into that order.
    ///
    /// - Parameters:
    ///   - students: The students.
    ///   - order: Positions in `students`, such as ``RosterViewModel/sortedIndices(by:reversed:)``
    ///     returns.
    /// - Returns: The file's bytes.
    /// - Throws: ``StorageError/encodingFailed(reason:)`` when a plist cannot hold a name.
    public func data(for students: [Student], order: [Int]) throws -> Data {
        Data(try bytes(for: students, order: order))
    }

    /// Writes students in the order `order` gives, handing the bytes to `emit` in pieces of about a
    /// megabyte as they are made, so that even a million students never sit in memory twice.
    ///
    /// - Parameters:
    ///   - students: The students.
    ///   - order: Positions in `students`.
    ///   - delimiter: What separates a CSV file's fields.
    ///   - header: Whether a CSV file starts with its header row.
    ///   - exact: Whether a CSV file keeps names exactly as they are, to be imported again, rather
    ///     than shown with their control characters escaped (JSON escapes them either way, and
    ///     reads back the same).
    ///   - emit: Receives each piece, in order.
    /// - Throws: ``StorageError/encodingFailed(reason:)`` when a plist cannot hold a name.
    package func write(
        _ students: [Student], order: [Int], delimiter: CSVRosterWriter.Delimiter = .comma,
        header: Bool = true, exact: Bool = false,
        to emit: ([UInt8]) -> Void
    ) throws {
        switch self {
        case .csv:
            CSVRosterWriter.write(
                students, order: order, delimiter: delimiter, header: header, exact: exact, to: emit)
        case .json: JSONRosterWriter.write(students, order: order, to: emit)
        case .plist: emit(try Self.plist(order.map { students[$0] }))
        }
    }

    /// An XML property list of `students`, or a binary one when a name holds a character that
    /// XML cannot (such as ESC): every roster comes back from its export.
    private static func plist(_ students: [Student]) throws -> [UInt8] {
        do {
            return try RosterCodec.encode(students, format: .xml)
        } catch StorageError.encodingFailed {
            return try RosterCodec.encode(students, format: .binary)
        }
    }

    /// The bytes of ``data(for:order:)``, without the copy into `Data`, for writing straight out.
    ///
    /// - Parameters:
    ///   - students: The students.
    ///   - order: Positions in `students`.
    ///   - delimiter: What separates a CSV file's fields.
    ///   - exact: Whether a CSV file keeps names exactly as they are; see
    ///     ``write(_:order:delimiter:header:exact:to:)``.
    /// - Returns: The file's bytes.
    /// - Throws: ``StorageError/encodingFailed(reason:)`` when a plist cannot hold a name.
    package func bytes(
        for students: [Student], order: [Int], delimiter: CSVRosterWriter.Delimiter = .comma,
        exact: Bool = false
    ) throws -> [UInt8] {
        switch self {
        case .csv:
            return CSVRosterWriter.bytes(for: students, order: order, delimiter: delimiter, exact: exact)
        case .json: return JSONRosterWriter.bytes(students, order: order)
        case .plist: return try Self.plist(order.map { students[$0] })
        }
    }
}
