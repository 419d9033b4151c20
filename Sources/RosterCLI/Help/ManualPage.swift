#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The `roster(1)` manual page in roff, generated from the same specs as `roster --help`.
struct ManualPage {
    let width: Int

    /// The whole page.
    var text: String {
        var page =
            ".TH ROSTER 1 \(CommandLineTool.releaseDate) \"roster \(CommandLineTool.version)\" \"User Commands\"\n"
        page += ".SH NAME\nroster \\- \(escaped(CommandLineTool.abstract))\n"
        page += ".SH SYNOPSIS\n.B \(escaped(HelpFormatter.rootUsage))\n"
        page += ".SH DESCRIPTION\n\(escaped(CommandLineTool.abstract)) "
        page +=
            "The roster file is --file if given, else --class <name> (or $ROSTER_CLASS), which is "
            + "~/Documents/Classes/<name>.plist, else $ROSTER_FILE, else ~/Documents/students.plist.\n"
        page += ".SH OPTIONS\n" + options(CommandSpec.commonOptions)
        page += HelpFormatter.generators.map { ".TP\n.B \(escaped($0.label))\n\(escaped($0.help))\n" }
            .joined()
        page += ".SH COMMANDS\n"
        for entry in CommandLineTool.subcommands {
            let spec = entry.spec
            page += ".SS \(escaped(spec.name))\n\(escaped(spec.abstract))\n"
            if let discussion = spec.discussion { page += ".PP\n\(escaped(discussion))\n" }
            page += ".PP\n.B \(escaped(HelpFormatter.usage(for: spec)))\n"
            for argument in spec.arguments {
                page += ".TP\n.I \(escaped(argument.label))\n\(escaped(argument.help))\n"
            }
            page += options(spec.options)
        }
        page +=
            ".SH EXAMPLES\n" + Self.examples.map { ".TP\n.B \(escaped($0.0))\n\(escaped($0.1))\n" }.joined()
        page += ".SH ENVIRONMENT\n" + Self.environment.map { ".TP\n.B \($0.0)\n\(escaped($0.1))\n" }.joined()
        page += ".SH FILES\n" + Self.files.map { ".TP\n.I \(escaped($0.0))\n\(escaped($0.1))\n" }.joined()
        page +=
            ".SH EXIT STATUS\n0 on success, 64 for a command line or value that cannot be used, 1 for any other failure.\n"
        page +=
            ".SH SEE ALSO\nroster help <subcommand>, and the article Using roster in class in the documentation "
            + "of the roster package.\n"
        return page
    }

    /// A lesson's commands, as the article *Using roster in class* shows them.
    static let examples: [(String, String)] = [
        ("roster --class 7A add \"Ada Lovelace\" --age 12", "Start class 7A with its first student."),
        ("roster --class 7A import class.csv --dry-run", "Show what importing a spreadsheet would change."),
        ("roster --class 7A absent ava liam --lesson 2", "Take lesson 2's register, Ava and Liam absent."),
        ("roster --class 7A pick", "Pick a student who is here and has not had a turn."),
        ("roster --class 7A groups --size 4 --balance score", "Make groups of four, balanced by score."),
        ("roster --class 7A register --week", "Show this week's register."),
        (
            "roster --class 7A register --week --format html --output week.html",
            "Write this week's register as a page to print."
        ),
        (
            "roster --class 7A seats --rows 5 --columns 6 --front ava",
            "Make a seating plan with Ava in the front row."
        ),
        (
            "roster --class 7A seats --format html --output seats.html",
            "Write the seating plan as a page to print."
        ),
        ("roster --class 7A show 0012", "Show the student the school numbers 0012, with their note."),
        ("roster --class 7A edit ava --note \"sits at the front\"", "Keep a note beside a student."),
        (
            "roster --class 7A move liam --to 7B",
            "Move Liam to class 7B; his register and marks stay with 7A."
        ),
        (
            "roster --class 7A assessment add \"Quiz 1\" --out-of 10 --category Quizzes",
            "Add an assessment to the markbook."
        ),
        ("roster --class 7A mark \"Quiz 1\" --take", "Give the class's marks on Quiz 1 at the terminal."),
        ("roster --class 7A grades --explain ava", "Show how Ava's result is worked out, line by line."),
        ("roster --class 7A import gradebook.csv --marks", "Read the marks of a Canvas gradebook export."),
        (
            "roster --class 7A report --all --format html --output reports.html",
            "Write a report for each student, for parents' evening."
        ),
        ("roster classes rename 7A 8A", "Rename a class at the start of a school year, history and all."),
        ("roster undo", "Take back the last change."),
    ]

    /// The variables roster reads, and what each does.
    static let environment: [(String, String)] = [
        ("ROSTER_FILE", "The roster file, when --file and --class are not given."),
        (
            "ROSTER_CLASS",
            "The class whose roster to use, ~/Documents/Classes/<name>.plist, when --file is not given."
        ),
        ("ROSTER_SEED", "A whole number that makes pick, groups and seats repeatable."),
        ("HOME", "Your home folder, an absolute path; the default roster is in its Documents folder."),
        ("NO_COLOR", "When set and not empty, no colour."),
        ("COLUMNS", "The width tables and help fit, when it is a positive number."),
        ("LANG, LC_ALL, LC_CTYPE", "Whether stats draws block characters (a UTF-8 locale) or #."),
    ]

    /// The files roster keeps, for the default roster.
    static let files: [(String, String)] = [
        ("~/Documents/students.plist", "The roster."),
        (
            "~/Documents/students.plist.lock",
            "The lock that keeps two commands from changing the roster at once."
        ),
        (
            "~/Documents/.students.plist.history/",
            "The versions before the last 100 changes, for undo and redo."
        ),
        ("~/Documents/.students.plist.picks", "The round of pick: who has been picked."),
        (
            "~/Documents/.students.plist.markbook",
            "The class's assessments, categories and letters; each student's marks are in the roster."
        ),
        ("~/Documents/Classes/<name>.plist", "The roster of a class, with --class."),
        (
            "~/Documents/Classes/.deleted/<name>.plist",
            "The last deleted class of that name, with its history, for roster classes restore."
        ),
    ]

    private func options(_ options: [OptionSpec]) -> String {
        options.map { option in
            var notes = option.help
            if !option.choices.isEmpty { notes += " Values: \(option.choices.joined(separator: ", "))." }
            if let value = option.defaultValue { notes += " Default: \(value)." }
            return ".TP\n.B \(escaped(option.helpLabel))\n\(escaped(notes))\n"
        }.joined()
    }

    private func escaped(_ text: String) -> String {
        var result = text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }
}
