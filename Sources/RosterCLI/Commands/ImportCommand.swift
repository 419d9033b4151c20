import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `roster import <file|folder> [--format csv|json|plist] [--replace] [--dry-run] [--allow-duplicates]
/// [--report text|json] [--age <n>] [--from-class <class>]`
struct ImportCommand: Subcommand {
    static let name = "import"
    static let createsClass = true
    static let abstract =
        "Add the students in a CSV, JSON or plist file or a OneRoster export, or a gradebook's marks (--marks)."
    static let discussion: String? =
        "All or nothing: every row is checked as 'roster add' checks it, and if any row is wrong "
        + "nothing is imported and every wrong row is listed as <file>:<line>: <problem>. CSV files need a "
        + "header with name and age columns; id, grade and score are optional. A student whose id is on "
        + "the roster is updated, the others are added; the change list shows who is added, removed and "
        + "changed. A row without an id whose name and age match a student already there is refused as a "
        + "probable duplicate. A folder is read as a OneRoster 1.1 or 1.2 CSV export from a school "
        + "system: its students, with ages from demographics.csv, each keeping its sourcedId as its id. "
        + "With --marks, a CSV file's marks go into the markbook and nothing else changes: roster's "
        + "'grades --format csv', Canvas's gradebook export (Student as 'Last, First', SIS User ID, columns "
        + "such as 'Quiz 1 (12345)', a Points Possible row) or a table of names or ids and one column per "
        + "assessment; a new assessment takes its maximum from the Points Possible row or --out-of, and a "
        + "blank cell keeps the mark there."
    static let fields: [CommandField<Self>] = [
        .argument(
            ArgumentSpec(
                name: "file",
                help: "The file or OneRoster folder to import; - reads standard input (with --format)."),
            \.path),
        .option(
            "format", \.format, valueName: "format",
            help: "The file format. (default: from the file's extension)",
            parse: .choice()),
        .flag("replace", \.replace, help: "Replace the whole roster with the file's students."),
        .day(\.date, "With --replace, the day the students the file leaves out leave"),
        .flag(
            "blank-clears", \.blankClears,
            help:
                "A blank cell of the file's grade, score or note column clears the student's value (it keeps it "
                + "otherwise)."),
        .flag(
            "dry-run", \.dryRun, help: "Check the file and show the change it would make, writing nothing."),
        .flag(
            "allow-duplicates", \.allowDuplicates,
            help: "Import rows without an id even when their name and age match a student already there."),
        .option(
            "report", \.report, valueName: "format", help: "How to print the change list.",
            parse: .choice(default: .text)),
        .option(
            "age", \.age, valueName: "age",
            help:
                "The age of CSV rows without one (then no age column is needed), or of OneRoster students "
                + "without a birth date in demographics.csv.",
            parse: .age),
        .option(
            "name-order", \.nameOrder, valueName: "order",
            help: "How a CSV file's one name column is written: last-first reads 'Hughes, Amelia' as Amelia "
                + "Hughes, first-last keeps names as written. (default: last-first when every name has one comma, "
                + "else first-last)",
            parse: .choice()),
        .option(
            "date-order", \.dateOrder, valueName: "order",
            help:
                "How a CSV file's birth dates with slashes are written: dmy (30/09/2014) or mdy (09/30/2014). "
                + "(default: as the file's dates show)",
            parse: .choice()),
        .option(
            "from-class", \.fromClass, valueName: "class",
            help: "OneRoster: only the students of the class with this classCode or title.", parse: .text),
        .flag(
            "all-classes", \.allClasses,
            help: "OneRoster: every class's students, when the export holds several classes."),
        .option(
            "joined", \.joined, valueName: "day",
            help: "The day the students it adds joined: YYYY-MM-DD, yesterday or a weekday. "
                + "(default: today once the class has had a lesson)", parse: .text),
        .flag("marks", \.marks, help: "Import the file's marks into the markbook, and nothing else."),
        .option(
            "out-of", \.outOf, valueName: "points",
            help: "With --marks, the maximum of a new assessment the file gives none for.", parse: .text),
    ]

    /// How `--name-order` says a CSV file's names are written.
    enum NameOrder: String, CaseIterable, Sendable {
        case lastFirst = "last-first"
        case firstLast = "first-last"
    }

    /// How `--report` prints the change list.
    enum ReportFormat: String, CaseIterable, Sendable { case text, json }

    var path = ""
    var format: InterchangeFormat?
    var replace = false
    var date: String?
    var blankClears = false
    var dryRun = false
    var allowDuplicates = false
    var report: ReportFormat?
    var age: Int?
    var fromClass: String?
    var allClasses = false
    var dateOrder: DateOrder?
    var nameOrder: NameOrder?
    var marks = false
    var outOf: String?
    var joined: String?

    func validate() throws {
        if outOf != nil, !marks {
            throw UsageError.message("--out-of is for import --marks; add --marks, or drop it.")
        }
        guard marks else { return }
        let students: [(String, Bool)] = [
            ("--replace", replace), ("--date", date != nil), ("--blank-clears", blankClears),
            ("--allow-duplicates", allowDuplicates), ("--age", age != nil), ("--joined", joined != nil),
            ("--name-order", nameOrder != nil),
            ("--date-order", dateOrder != nil), ("--all-classes", allClasses),
        ]
        if let other = students.first(where: \.1) {
            throw UsageError.message("\(other.0) is for importing students, not --marks; drop one of them.")
        }
        if let format, format != .csv {
            throw UsageError.message("import --marks reads CSV files; drop --format \(format.rawValue).")
        }
    }

    func run(in context: CommandContext) throws {
        if marks { return try importMarks(context) }
        do {
            let progress = ProgressLine(output: context.errorOutput, delay: context.progressDelay)
            // Ended before anything else is printed, errors included, so they start on their own line.
            defer { progress.finish() }
            let result = try read(progress: progress)
            progress.finish()
            if replace && result.isPartial {
                throw UsageError.message(
                    "The export holds only the changes since the last one (manifest.csv says file.users is delta), "
                        + "so --replace would remove every student it leaves out. Import it without --replace."
                )
            }
            context.errorOutput.write(ImportReport.notes(result.notes))
            progress.show("Writing \(StudentText.count(result.students.count))…")
            let isNewClass = context.isNewClass
            let markbook = try companionMarkbook(context)
            let changes = try ClassroomIntents.importStudents(
                result, replace: replace, leavingOn: try leavingDay(context), blankClears: blankClears,
                dryRun: dryRun,
                allowDuplicates: allowDuplicates, source: URL(fileURLWithPath: path).lastPathComponent,
                markbook: markbook,
                joined: try joined.map {
                    try AttendanceText.day($0, label: "--joined <day>", notingWeekend: false, context)
                }, into: context.fileURL)
            if !dryRun { context.saved.record("The import of \(VisibleText.of(path)) was saved") }
            progress.finish()
            if isNewClass && !dryRun { context.errorOutput.write("New \(context.rosterDescription).\n") }
            let report = ImportReport(changes: changes, path: path, replace: replace, dryRun: dryRun)
            context.output.write(self.report == .json ? try report.json : report.text)
        } catch let error as ProbableDuplicatesError {
            try report(error.duplicates.map(ImportReport.problem), context)
            throw error
        } catch let error as ImportError {
            if let order = error.dateOrder {
                throw UsageError.message(
                    "\(order) Give --date-order dmy (30/09/2014) or --date-order mdy (09/30/2014).")
            }
            try report(error.problems, context)
            throw error
        } catch let error as OneRosterAgeError {
            try report(error.students, context)
            throw error
        }
    }

    /// The markbook an export wrote beside a JSON or plist file, which its marks are by; `nil`
    /// for a CSV file, standard input or a folder, or when there is none.
    private func companionMarkbook(_ context: CommandContext) throws -> Markbook? {
        let file = URL(fileURLWithPath: path)
        guard path != "-", let format = format ?? InterchangeFormat.inferred(from: file), format != .csv,
            !StorageHandler.isFolder(file)
        else { return nil }
        let markbook = try MarkbookFile.read(besideExport: file, format: format)
        if let markbook {
            let beside = MarkbookFile.url(besideExport: file).lastPathComponent
            context.errorOutput.write(
                "Note: the markbook beside it, \(VisibleText.of(beside)), comes too: \(markbook.assessments.count) "
                    + "assessments.\n")
        }
        return markbook
    }

    /// `import --marks`: the file's marks into the markbook, the changes listed.
    private func importMarks(_ context: CommandContext) throws {
        let outOf = try self.outOf.map(ClassroomIntents.maximum)
        let result: MarksImport
        do {
            let table = try marksTable(context)
            for note in table.notes { context.errorOutput.write("Note: \(VisibleText.of(note)).\n") }
            // Handed over, so that the file's rows are freed before the roster is written.
            result = try ClassroomIntents.importMarks(
                consume table, outOf: outOf, dryRun: dryRun, at: context.fileURL)
        } catch let problem as ImportProblem {
            try report([problem], context)
            throw ImportError(problems: [problem])
        } catch let error as ImportError {
            try report(error.problems, context)
            throw error
        } catch let error as OneRosterClassesError {
            throw UsageError.message(
                "The gradebook's line items are of \(error.classes.count) classes: "
                    + error.classes.prefix(12).map(VisibleText.of).joined(separator: ", ")
                    + ". Give --from-class <classSourcedId> to import one class's marks.")
        }
        if !dryRun { context.saved.record("The marks of \(VisibleText.of(path)) were imported") }
        if result.extraCredit > 0 {
            let count = result.extraCredit
            context.errorOutput.write(
                "Note: \(count) mark\(count == 1 ? " is" : "s are") above the maximum, kept as extra credit.\n"
            )
        }
        let printed = MarksImportReport(result: result, path: path, dryRun: dryRun)
        context.output.write(report == .json ? try printed.json : printed.text)
    }

    /// The marks of the file at `path`, or of the OneRoster gradebook folder there.
    private func marksTable(_ context: CommandContext) throws -> MarksTable {
        let file = URL(fileURLWithPath: path == "-" ? "/dev/stdin" : path)
        if path != "-", StorageHandler.isFolder(file) {
            let markbook = try StorageHandler.markbook(from: context.fileURL) ?? Markbook()
            return try OneRosterGradebook.marks(
                in: file,
                classSourcedID: OneRosterGradebook.classSourcedID(
                    rosterName: context.rosterName),
                chosen: fromClass, markbook: markbook)
        }
        if fromClass != nil {
            throw UsageError.message(
                "--from-class is for OneRoster folders; '\(VisibleText.of(path))' is a file. Drop --from-class."
            )
        }
        let data = try StorageHandler.readFile(at: file)
        if RosterImporter.isWorkbook(data) { throw WorkbookError(path: path) }
        return try MarksTable(csv: data)
    }

    /// The day the students a `--replace` leaves out leave: `--date`, or today.
    private func leavingDay(_ context: CommandContext) throws -> SchoolDay {
        guard date == nil || replace else {
            throw UsageError.message(
                "--date is the day the students --replace leaves out leave; add --replace, or drop --date.")
        }
        return try AttendanceText.day(date, notingWeekend: false, context)
    }

    /// The problems that stopped an import: the first lines on standard error, and with
    /// `--report json` every one on standard output.
    private func report(_ problems: [ImportProblem], _ context: CommandContext) throws {
        context.errorOutput.write(ImportReport.lines(problems, path: path))
        if report == .json {
            context.output.write(try ImportReport.json(problems, path: path))
        }
    }

    /// The students of the file or OneRoster folder at `path`, checked.
    private func read(progress: ProgressLine) throws
        -> RosterImporter.Result
    {
        // `-` is standard input, which has no name to tell the format by.
        let file = URL(fileURLWithPath: path == "-" ? "/dev/stdin" : path)
        if path != "-", StorageHandler.isFolder(file) {
            return try readOneRoster(file)
        }
        if let option = fromClass != nil ? "--from-class" : allClasses ? "--all-classes" : nil {
            throw UsageError.message(
                "\(option) is for OneRoster export folders; '\(path)' is a file. Drop \(option).")
        }
        let format = try self.format(of: file)
        let defaultAge = age
        if defaultAge != nil, format != .csv {
            throw UsageError.message(
                "--age is for CSV files and OneRoster folders; a \(format.rawValue) file gives every age. Drop --age."
            )
        }
        // The file's bytes are let go once read, before the roster is written.
        let data = try StorageHandler.readFile(at: file)
        if RosterImporter.isWorkbook(data) { throw WorkbookError(path: path) }
        if nameOrder != nil, format != .csv {
            throw UsageError.message(
                "--name-order is for a CSV file's name column; a \(format.rawValue) file names its fields. "
                    + "Drop --name-order.")
        }
        return try RosterImporter.read(
            data, format: format, defaultAge: defaultAge, surnameFirst: nameOrder.map { $0 == .lastFirst },
            dateOrder: dateOrder
        ) { done in
            progress.show("Checking rows: \(done)…")
        }
    }

    /// The format `--format` names, or the file's extension tells.
    private func format(of file: URL) throws -> InterchangeFormat {
        if let format = format ?? InterchangeFormat.inferred(from: file) {
            return format
        }
        // A workbook is told what to do about it rather than to name a format it is not.
        if path != "-", let data = try? StorageHandler.readFile(at: file), RosterImporter.isWorkbook(data) {
            throw WorkbookError(path: path)
        }
        throw UsageError.message(
            "Cannot tell the format of '\(path)' from its name; add --format csv, --format json or --format plist."
        )
    }

    /// The students of a OneRoster export folder.
    private func readOneRoster(_ folder: URL) throws -> RosterImporter.Result {
        guard format == nil else {
            throw UsageError.message(
                "--format is for files; the folder '\(folder.path)' is read as a OneRoster export. Drop --format."
            )
        }
        guard OneRosterImport.isExport(folder) else { throw OneRosterFolderError(path: folder.path) }
        let options = OneRosterImport.Options(
            today: SchoolDay.today(), defaultAge: age, className: fromClass, allClasses: allClasses)
        if fromClass != nil, allClasses {
            throw UsageError.message(
                "--from-class takes one class and --all-classes every class; give one of them.")
        }
        do {
            return try OneRosterImport.read(folder: folder, options: options)
        } catch let error as OneRosterClassesError {
            throw UsageError.message(
                "The export holds \(error.classes.count) classes: \(error.classes.prefix(12).map(VisibleText.of).joined(separator: ", "))"
                    + "\(error.classes.count > 12 ? " and \(error.classes.count - 12) more" : ""). Give --from-class <classCode>, "
                    + "or --all-classes to import every class's students.")
        }
    }
}
