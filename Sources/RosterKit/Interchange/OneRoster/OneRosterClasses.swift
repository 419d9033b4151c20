#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The students of one class of a OneRoster export, from `classes.csv` and `enrollments.csv`.
enum OneRosterClasses {
    /// The classes of the export, each as `classCode (title)`; none when it has no `classes.csv`.
    static func names(in folder: URL) throws(ImportError) -> [String] {
        guard let classes = try OneRosterTable("classes.csv", in: folder) else { return [] }
        let (code, title) = (classes.column("classCode"), classes.column("title"))
        return classes.records.map { "\(classes.value($0, code)) (\(classes.value($0, title)))" }
    }

    /// The `sourcedId`s of the students enrolled in the class whose `classCode` or `title` is
    /// `name` (ignoring case).
    ///
    /// - Throws: ``ImportError`` when no class, or more than one, has that name, or the files are
    ///   missing.
    static func students(of name: String, in folder: URL) throws(ImportError) -> Set<String> {
        guard let classes = try OneRosterTable("classes.csv", in: folder),
            let enrollments = try OneRosterTable("enrollments.csv", in: folder)
        else {
            throw ImportError(problems: [
                ImportProblem(
                    message: "The export has no classes.csv and enrollments.csv to find the class in.")
            ])
        }
        let (id, code, title) = (
            classes.column("sourcedId"), classes.column("classCode"), classes.column("title")
        )
        let wanted = name.lowercased()
        let matching = classes.records.filter { record in
            classes.value(record, code).lowercased() == wanted
                || classes.value(record, title).lowercased() == wanted
        }
        guard matching.count == 1, let chosen = matching.first.map({ classes.value($0, id) }) else {
            let listed = (matching.isEmpty ? classes.records : matching).prefix(12).map { record in
                "\(classes.value(record, code)) (\(classes.value(record, title)))"
            }
            let problem =
                matching.isEmpty
                ? "No class has the classCode or title '\(name)'. The classes are: "
                : "\(matching.count) classes are called '\(name)': "
            throw ImportError(problems: [
                ImportProblem(file: "classes.csv", message: problem + listed.joined(separator: ", ") + ".")
            ])
        }
        let (classID, user, role) = (
            enrollments.column("classSourcedId"), enrollments.column("userSourcedId"),
            enrollments.column("role")
        )
        return Set(
            enrollments.records.lazy.filter {
                enrollments.value($0, classID) == chosen
                    && enrollments.value($0, role).lowercased() == "student"
            }.map { enrollments.value($0, user) })
    }
}
