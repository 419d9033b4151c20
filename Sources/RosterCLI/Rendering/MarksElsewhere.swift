import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The marks a moved student left in the class they came from (``StudentDetail/movedFrom``): those
/// of the assessments that class does not share with this one (by name and maximum, as a move
/// brings marks without `--map`), which stayed there. A report shows them "in 7A", beside the
/// marks that count here.
enum MarksElsewhere {
    /// Each moved student's marks left behind, by id, as (assessment, "8/10 (in 7A)") lines.
    ///
    /// The other class's roster is read as any roster is, whole and checked; a class that is gone
    /// or cannot be read shows nothing, with a note.
    static func lines(
        for students: [Student], beside roster: URL, markbook here: Markbook, _ context: CommandContext
    ) -> [UUID: [(String, String)]] {
        let shared = Set(here.assessments.map { "\(Markbook.key($0.name))/\($0.outOf)" })
        let folder = ClassFolder(url: roster.deletingLastPathComponent())
        var found: [UUID: [(String, String)]] = [:]
        let byClass = Dictionary(grouping: students.filter { $0[.movedFrom] != nil }) { $0[.movedFrom] ?? "" }
        for (name, moved) in byClass.sorted(by: { $0.key < $1.key }) {
            guard folder.holds(roster), let url = try? folder.rosterURL(of: name), url != roster,
                FileManager.default.fileExists(atPath: url.path)
            else { continue }
            do {
                let (others, book) = try StorageHandler.loadMarkbook(from: url)
                for student in moved {
                    guard let there = others.first(where: { $0.id == student.id }) else { continue }
                    let marks = there.marks
                    let left = book.assessments.filter {
                        !shared.contains("\(Markbook.key($0.name))/\($0.outOf)")
                    }
                    found[student.id] = left.compactMap { assessment in
                        marks[assessment.id].map {
                            (
                                VisibleText.of(assessment.name),
                                MarkbookText.mark($0, outOf: assessment.outOf)
                                    + " (in \(VisibleText.of(name)))"
                            )
                        }
                    }
                }
            } catch {
                context.errorOutput.write(
                    "Note: the marks left in \(VisibleText.of(name)) could not be read: \(VisibleText.of("\(error)"))\n"
                )
            }
        }
        return found
    }
}
