import RosterKit

/// `roster list [--sort <field>] [--reverse] [--format table|json|csv|plist|html] [--blank <n>] [--output <file>] [filters…]`
struct ListCommand: Subcommand {
    static let name = "list"
    static let abstract = "List the students on the roster."
    static let fields: [CommandField<Self>] = [
        .option(
            "sort", \.sort, valueName: "field", help: "The field to sort by.", parse: .choice(default: .name)),
        .flag("reverse", \.reverse, help: "Show the list in reverse order."),
        .format(\.format, [.table, .json, .csv, .plist, .html], help: "How to print the list."),
        .option(
            "blank", \.blank, valueName: "n",
            help: "With --format html, this many empty tick columns, for a register on paper.",
            parse: .positiveNumber),
        .option(
            "columns", \.columns, valueName: "columns",
            help: "With --format html, the columns to print, separated by commas, from "
                + Column.allCases.map(\.rawValue).joined(separator: ", ")
                + "; name alone makes a list for a wall.",
            parse: .columns),
        ReportOutput.field(\.output),
        .option(
            "search", \.filter.search, valueName: "text",
            help: "Only names containing this, ignoring case and accents.", parse: .text),
        .option(
            "grade", \.filter.grade, valueName: "grade", help: "Only students in this grade.", parse: .grade),
        .option(
            "min-age", \.filter.minimumAge, valueName: "age", help: "Only students at least this old.",
            parse: .age),
        .option(
            "max-age", \.filter.maximumAge, valueName: "age", help: "Only students at most this old.",
            parse: .age),
        .option(
            "limit", \.limit, valueName: "n", help: "Show at most this many students.", parse: .positiveNumber
        ),
        .flag("no-header", \.noHeader, help: "Leave out the header row of the table or CSV, for scripts."),
        .flag("left", \.onlyLeavers, help: "List the students who have left the class instead."),
        .flag("all", \.everyone, help: "List everyone, those who have left too."),
    ]

    var sort: SortField?
    var reverse = false
    var format: OutputFormat?
    var blank: Int?
    var columns: [Column]?
    var output: String?
    var filter = StudentFilter()
    var limit: Int?
    var noHeader = false
    var onlyLeavers = false
    var everyone = false

    func validate() throws {
        if onlyLeavers, everyone {
            throw UsageError.message("--left lists the leavers and --all everyone; give one of them.")
        }
        let isHTML = format == .html
        if blank != nil, !isHTML {
            throw UsageError.message("--blank is for a page to print; add --format html, or drop --blank.")
        }
        if let blank, blank > 20 {
            throw UsageError.message("--blank \(blank) would not fit a page; give at most 20 tick columns.")
        }
        if columns != nil, !isHTML {
            throw UsageError.message(
                "--columns is for a page to print; add --format html, or drop --columns.")
        }
        try ReportOutput.check(output, format: format ?? .table)
        if noHeader, isHTML {
            throw UsageError.message(
                "--no-header is for the table and CSV; a page has its header. Drop --no-header.")
        }
        if noHeader, let format, format != .csv, format != .table {
            throw UsageError.message(
                "--no-header is for the table and CSV; \(format.rawValue) has no header row. Drop --no-header."
            )
        }
    }

    func run(in context: CommandContext) throws {
        let students = try context.loadedStudents()
        let format = format.flatMap { InterchangeFormat(rawValue: $0.rawValue) }
        var (order, shortIDLengths) = RosterSorter.sortedIndices(
            students, by: sort ?? .name, reversed: reverse, withShortIDs: format == nil)
        // Who is on the list, leavers left out or only they: asked in file order, where the students
        // lie in memory one after another (asked in sorted order, a class of 100,000 is read all
        // over memory), and today only once a student has a leaving date.
        lazy var today = SchoolDay.today()
        let onList =
            everyone ? nil : students.map { ($0.left != nil && $0.hasLeft(by: today)) == onlyLeavers }
        if filter.filtersByAge {
            Self.noteWrittenAges(of: students, onList: onList, leftOutBy: filter, context)
        }
        order = filter.apply(to: students, in: order)
        if let onList { order = order.filter { onList[$0] } }
        if let limit, order.count > limit { order = Array(order.prefix(limit)) }
        if self.format == .html {
            try ReportOutput.write(
                Self.page(
                    students, order: order, columns: columns ?? Column.printed, blank: blank ?? 0, context),
                about: "the class list",
                to: output,
                context)
        } else if let format {
            try ReportOutput.write(about: "the class list", to: output, context) { write in
                try format.write(students, order: order, header: !noHeader, to: write)
            }
        } else if order.isEmpty {
            let message =
                students.isEmpty
                ? "The roster is empty. Add a student with 'roster add <name> --age <age>'.\n"
                : "No student matches.\n"
            try ReportOutput.write(message, about: "the class list", to: output, context)
        } else {
            var table = StudentTable(shortIDLengths: shortIDLengths, width: context.width)
            table.results = try Self.results(of: students, context)
            let style = ReportOutput.style(for: output, context)
            table.styleHeader = { style.bold($0) }
            table.showsHeader = !noHeader
            table.marksLeavers = everyone
            try ReportOutput.write(about: "the class list", to: output, context) { write in
                table.write(students, order: order, to: write)
            }
        }
    }

    /// Says how many students the list leaves out only because their age is kept as written:
    /// those on the list (`onList`, everyone when `nil`) whom the filter would show but for its ages.
    private static func noteWrittenAges(
        of students: [Student], onList: [Bool]?, leftOutBy filter: StudentFilter, _ context: CommandContext
    ) {
        var others = filter
        (others.minimumAge, others.maximumAge) = (nil, nil)
        let written = students.indices.filter { students[$0].writtenAge != nil && onList?[$0] != false }
        let count = others.apply(to: students, in: written).count
        guard count > 0 else { return }
        context.errorOutput.write(
            "Note: \(StudentText.count(count)) whose age is not a number "
                + "\(count == 1 ? "is" : "are") left out; give \(count == 1 ? "it" : "them") an age with "
                + "'roster edit <name> --age <age>'.\n")
    }

    /// Each student's overall result, rounded to two decimals, once the class has a markbook: it
    /// takes the place of the score.
    private static func results(of students: [Student], _ context: CommandContext) throws -> [Double?]? {
        guard let book = try StorageHandler.markbook(from: context.fileURL), !book.assessments.isEmpty else {
            return nil
        }
        let calculator = MarkbookCalculator(markbook: book)
        return students.map { calculator.result(for: $0).overall?.rounded(toDecimalPlaces: 2).doubleValue }
    }

    /// The class list as a page to print: name, age, grade and score, and `blank` tick columns.
    private static func page(
        _ students: [Student], order: [Int], columns: [Column], blank: Int, _ context: CommandContext
    ) -> String {
        let page = HTMLPage(today: "Class list, \(StudentText.count(order.count))", for: context)
        let rows = order.map { index in columns.map { $0.text(of: students[index]) } }
        return page.document(
            page.tables(
                columns: columns.map(\.heading), rows: rows, blank: blank,
                names: columns.firstIndex(of: .field(.name)) ?? -1))
    }

    /// A column of a printed class list: one of the tutorial's fields but the id
    /// (``StudentField``), or one of the text fields (``StudentDetail``), named by its field with
    /// `-` for spaces, as `school-id`.
    enum Column: Hashable, Sendable {
        case field(StudentField)
        case detail(StudentDetail)

        /// Every column, in the order `--columns` lists them.
        static let allCases: [Column] = printed + StudentDetail.allCases.map(Column.detail)

        /// The columns printed when `--columns` is not given.
        static let printed: [Column] = StudentField.allCases.filter { $0 != .id }.map(Column.field)

        /// The column whose name is `name`, or `nil`.
        init?(rawValue name: String) {
            guard let column = Self.allCases.first(where: { $0.rawValue == name }) else { return nil }
            self = column
        }

        /// The column's name in `--columns`.
        var rawValue: String {
            switch self {
            case .field(let field): field.field
            case .detail(let detail): detail.field.replacing(" ", with: "-")
            }
        }

        /// The column's heading on the page.
        var heading: String {
            switch self {
            case .field(let field): field.label
            case .detail(let detail): detail.label
            }
        }

        /// What the column shows for `student`; empty for what the student does not have.
        func text(of student: Student) -> String {
            switch self {
            case .field(.id): student.id.uuidString
            case .field(.name): student.name
            case .field(.age): student.ageText
            case .field(.grade): student.grade.map(String.init) ?? ""
            case .field(.score): student.score.map(StudentText.score) ?? ""
            case .detail(let detail): student[detail] ?? ""
            }
        }
    }
}

extension OptionParse where Value == [ListCommand.Column] {
    /// Columns of a printed class list separated by commas, such as `name,score`, each once.
    static var columns: Self {
        OptionParse(convert: { text in
            let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let allowed = ListCommand.Column.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            var columns: [ListCommand.Column] = []
            for name in names {
                guard let column = ListCommand.Column(rawValue: name), !columns.contains(column) else {
                    throw UsageError.invalidValue(
                        text, label: "--columns <columns>",
                        reason: "Give each of \(allowed) at most once, separated by commas.")
                }
                columns.append(column)
            }
            return columns
        })
    }
}
