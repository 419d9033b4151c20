import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `roster report <student>... | --all [--from D] [--to D] [--notes] [--format text|html] [--output FILE]`
struct ReportCommand: Subcommand {
    static let name = "report"
    static let abstract = "Write a report for each student: attendance, marks by category, result and letter."
    static let discussion: String? =
        "For parents' evening: each student's name, class and school id; their attendance from --from to "
        + "--to (every lesson by default): lessons, present, late, absent and excused with the reasons, and "
        + "the rate; their marks by category, a dropped mark shown as dropped; the overall result and letter; "
        + "and what is still blank; their report comment ('roster comment'); and a signature line, under the "
        + "teacher's name with --teacher. The note is shown only with --notes. With --format html, a page to "
        + "print with each student on pages of their own (A4 or Letter). --mail-to-guardians DIR writes one "
        + "mail (.eml, plain text and HTML) per guardian's address into DIR, from --sender, to open and send "
        + "from a mail program: roster sends nothing, and names the students without a guardian's address."
    static let fields: [CommandField<Self>] = [
        .arguments(
            ArgumentSpec(
                name: "student", help: ArgumentSpec.studentHelp, isOptional: true, replacedBy: ["all"]),
            \.students),
        .flag("all", \.all, help: "A report for every student on the roll."),
        .option("from", \.from, valueName: "day", help: "The first day of attendance counted.", parse: .text),
        .option(
            "to", \.to, valueName: "day", help: "The last day of attendance counted. (default: today)",
            parse: .text),
        .flag("notes", \.notes, help: "Show each student's note."),
        .option(
            "teacher", \.teacher, valueName: "name", help: "The teacher's name, signed under each report.",
            parse: .text),
        .option(
            "mail-to-guardians", \.mailFolder, valueName: "folder",
            help: "Write each guardian's mail (.eml) into this folder instead of printing; sends nothing.",
            parse: .text),
        .option(
            "sender", \.sender, valueName: "address",
            help: "The address the mails are from, with --mail-to-guardians.",
            parse: .text),
        .option(
            "subject", \.subject, valueName: "template",
            help: "The mails' subject, with the comments' placeholders. (default: \"Report for {name}\")",
            parse: .text),
        .option(
            "format", \.format, valueName: "format", help: "Text, or a page to print.",
            parse: .choice(among: [.table, .html], default: .table)),
        ReportOutput.field(\.output),
    ]

    var students: [String] = []
    var all = false
    var from: String?
    var to: String?
    var notes = false
    var teacher: String?
    var mailFolder: String?
    var sender: String?
    var subject: String?
    var format: OutputFormat?
    var output: String?

    func validate() throws {
        if all, !students.isEmpty { throw UsageError.message("Give students or --all, not both.") }
        if !all, students.isEmpty {
            throw UsageError.message("report needs a student, or --all for everyone.")
        }
        try ReportOutput.check(output, format: format ?? .table)
        if let teacher { _ = try StudentValidator.name(teacher) }
        guard let mailFolder else {
            if sender != nil || subject != nil {
                throw UsageError.message("--sender and --subject are for --mail-to-guardians; drop them.")
            }
            return
        }
        if mailFolder.isEmpty {
            throw UsageError.invalidValue(
                "", label: "--mail-to-guardians <folder>", reason: "Give the folder to write the mails into.")
        }
        if output != nil || format != nil {
            throw UsageError.message(
                "--mail-to-guardians writes mails, not a report; drop --output and --format.")
        }
        guard let sender else {
            throw UsageError.message(
                "--mail-to-guardians needs --sender <address>, the address the mails are from.")
        }
        _ = try Self.senderAddress(sender)
        do {
            _ = try CommentTemplate(subject ?? Self.defaultSubject)
        } catch {
            throw UsageError.message("--subject takes a comment's placeholders: \(error)")
        }
    }

    /// The subject of a mail when `--subject` is not given.
    static let defaultSubject = "Report for {name}"

    /// The sender's address, checked as a guardian's is.
    private static func senderAddress(_ text: String) throws -> String {
        guard let address = try StudentValidator.emailAddress(text, field: "sender") else {
            throw UsageError.invalidValue(
                "", label: "--sender <address>", reason: "Give the address the mails are from.")
        }
        return address
    }

    func run(in context: CommandContext) throws {
        let (everyone, book) = try StorageHandler.loadMarkbook(from: context.fileURL)
        let chosen: [Student] =
            all
            ? everyone.filter { !$0.hasLeft() }
            : try Set(students.map { try RosterLookup.index(of: $0, in: everyone) }).sorted().map {
                everyone[$0]
            }
        let (first, last) =
            try from.map { try AttendanceText.range(from: $0, to: to, context) }
            ?? (nil, try AttendanceText.day(to, label: "--to <day>", notingWeekend: false, context))
        var report = StudentReport(
            className: context.rosterDescription, markbook: book, from: first, to: last,
            notes: notes)
        report.teacher = teacher
        report.elsewhere = MarksElsewhere.lines(for: chosen, beside: context.fileURL, markbook: book, context)
        if let mailFolder { return try mail(chosen, report: report, into: mailFolder, context) }
        if format == .html {
            let page = HTMLPage(
                today: chosen.count == 1 ? "Report" : "Reports, \(StudentText.count(chosen.count))",
                for: context)
            return try ReportOutput.write(
                report.page(chosen, page), about: "the reports", to: output, context)
        }
        let separator = "\n" + String(repeating: "─", count: 40) + "\n\n"
        try ReportOutput.write(
            chosen.map(report.text).joined(separator: separator), about: "the reports", to: output, context)
    }

    /// Writes the mails for `students` into `folder`, made if it is not there.
    private func mail(
        _ students: [Student], report: StudentReport, into folder: String, _ context: CommandContext
    ) throws {
        let url = URL(fileURLWithPath: folder, isDirectory: true)
        let mail = GuardianMail(
            report: report, page: HTMLPage(today: "Report", for: context),
            sender: MailMessage.Mailbox(name: teacher, address: try Self.senderAddress(sender ?? "")),
            subject: try CommentTemplate(subject ?? Self.defaultSubject))
        let (mails, without) = mail.messages(for: students, date: Date())
        // A message is ASCII throughout: its names and bodies are encoded.
        try StorageHandler.writeFiles(
            mails.map { ($0.file, String(decoding: $0.bytes, as: UTF8.self)) }, intoFolder: url)
        context.output.write(
            "Wrote \(mails.count) mail\(mails.count == 1 ? "" : "s") to \(VisibleText.of(url.path)); nothing was sent.\n"
        )
        if !without.isEmpty {
            context.errorOutput.write(
                "Note: no guardian's address for \(NameList.joined(without.map { VisibleText.of($0.name) })); "
                    + "'roster edit <student> --guardian-email <address>' gives one.\n")
        }
    }
}
