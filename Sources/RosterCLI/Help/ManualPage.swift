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
        var page = ".TH ROSTER 1 \"\" \"roster \(CommandLineTool.version)\" \"User Commands\"\n"
        page += ".SH NAME\nroster \\- \(escaped(CommandLineTool.abstract))\n"
        page += ".SH SYNOPSIS\n.B \(escaped(HelpFormatter.rootUsage))\n"
        page += ".SH DESCRIPTION\n\(escaped(CommandLineTool.abstract)) "
        page += "The roster file is --file if given, else $ROSTER_FILE, else ~/Documents/students.plist.\n"
        page += ".SH OPTIONS\n" + options(CommandSpec.commonOptions)
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
            ".SH EXIT STATUS\n0 on success, 64 for a command line or value that cannot be used, 1 for any other failure.\n"
        page += ".SH SEE ALSO\nThe README of the roster package, and roster help <subcommand>.\n"
        return page
    }

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
