import Foundation

/// Turns roster files into students and back, and explains a damaged file in plain words.
///
/// This is the one place that knows how students are laid out on disk; ``StorageHandler`` reads
/// and writes bytes and leaves the meaning of those bytes to this type.
enum RosterCodec {
    /// Decodes a roster file's bytes and tells which format they were in.
    ///
    /// - Throws: ``StorageError/damaged(path:reason:)`` naming what is wrong, and which record when
    ///   it is one record.
    static func decode(_ data: Data, path: String) throws -> (students: [Student], format: RosterFormat) {
        guard !data.isEmpty else { throw StorageError.damaged(path: path, reason: "the file is empty") }
        var format = PropertyListSerialization.PropertyListFormat.binary
        let students: [Student]
        do {
            students = try PropertyListDecoder().decode([Student].self, from: data, format: &format)
        } catch let error as DecodingError {
            throw StorageError.damaged(path: path, reason: reason(for: error))
        } catch {
            throw StorageError.damaged(path: path, reason: "it is not a property list")
        }
        try checkUniqueIDs(students, path: path)
        return (students, format == .xml ? .xml : .binary)
    }

    /// Encodes students as a property list in the given format.
    static func encode(_ students: [Student], format: RosterFormat) throws -> Data {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = format == .xml ? .xml : .binary
        do {
            return try encoder.encode(students)
        } catch {
            throw StorageError.encodingFailed(reason: "\(error)")
        }
    }

    private static func checkUniqueIDs(_ students: [Student], path: String) throws {
        var firstRecord: [UUID: Int] = [:]
        firstRecord.reserveCapacity(students.count)
        for (index, student) in students.enumerated() {
            if let earlier = firstRecord.updateValue(index, forKey: student.id) {
                throw StorageError.damaged(
                    path: path,
                    reason: "record \(index + 1) has the same id as record \(earlier + 1) (\(student.id))")
            }
        }
    }

    private static func reason(for error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "\(record(context.codingPath)) has no '\(key.stringValue)'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            if context.codingPath.isEmpty { return "its top level is not a list of students" }
            return "\(record(context.codingPath)) has a wrong value for '\(field(context.codingPath))'"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "it is not a property list" }
            return "\(record(context.codingPath)) has a wrong value for '\(field(context.codingPath))'"
        @unknown default:
            return "it could not be decoded"
        }
    }

    private static func record(_ path: [any CodingKey]) -> String {
        guard let index = path.first?.intValue else { return "a record" }
        return "record \(index + 1)"
    }

    private static func field(_ path: [any CodingKey]) -> String {
        path.dropFirst().first?.stringValue ?? "?"
    }
}
