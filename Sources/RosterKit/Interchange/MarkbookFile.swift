#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The markbook that travels with a JSON or plist export: `7A.markbook.json` beside `7A.json`.
///
/// An export stays the array of students the iOS app reads, each with their marks by assessment
/// id; the class's assessments, categories and letters go in this file beside it, and an import
/// of the export reads them from there (see ``Markbook/merge(_:)``), so that a class comes back
/// whole.
package enum MarkbookFile {
    /// The markbook's file beside the export at `url`: `7A.json` has `7A.markbook.json`.
    package static func url(besideExport url: URL) -> URL {
        let stem = url.deletingPathExtension()
        return stem.appendingPathExtension("markbook").appendingPathExtension(url.pathExtension)
    }

    /// The markbook as a file of `format` (JSON, or an XML property list).
    package static func bytes(_ markbook: Markbook, format: InterchangeFormat) throws -> [UInt8] {
        if format == .json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            return Array(try encoder.encode(markbook)) + [0x0A]
        }
        return try StorageHandler.encode(markbook)
    }

    /// The markbook beside the export at `url`, or `nil` when there is none.
    ///
    /// - Throws: ``ImportProblem`` naming the file when it is there but is not a markbook.
    package static func read(besideExport url: URL, format: InterchangeFormat) throws -> Markbook? {
        let file = self.url(besideExport: url)
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        do {
            return format == .json
                ? try JSONDecoder().decode(Markbook.self, from: data)
                : try PropertyListDecoder().decode(Markbook.self, from: data)
        } catch {
            throw ImportProblem(message: "\(file.lastPathComponent): \(Markbook.problem(in: error))")
        }
    }
}
