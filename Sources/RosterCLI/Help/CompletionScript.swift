/// Shell completion scripts for bash, zsh and fish, generated from the same specs as the help.
///
/// They complete subcommands (also after `help`), options, the values of choice options such as
/// `--sort` and `--format` (also written `--format=json`), file and folder paths for `--file`,
/// `--output` and `import`, and students' names, from the roster in use, wherever a student goes.
/// The names come from the hidden `roster --complete-students <words typed>`; see
/// ``StudentNameCompletion``. Classes come from the hidden `roster --complete-classes` and
/// `--complete-deleted-classes`.
struct CompletionScript {
    /// The shells a script can be generated for.
    static let shells = ["bash", "zsh", "fish"]

    let shell: String

    var commands: [CommandSpec] { CommandLineTool.subcommands.map { $0.spec } }
    static let fileOptions: Set<String> = ["file", "output"]

    /// The whole script.
    var text: String {
        switch shell {
        case "zsh": return zsh
        case "fish": return fish
        default: return bash
        }
    }

    func takesFiles(_ command: CommandSpec) -> Bool {
        command.arguments.contains { $0.name == "file" }
    }

    /// Whether the command's arguments are students, completed from the roster in use.
    func takesStudents(_ command: CommandSpec) -> Bool {
        command.arguments.contains { $0.name == "student" || $0.name == "student value" }
    }

    /// Whether the command's first argument is an assessment, as `mark`'s, completed from the
    /// markbook of the roster in use; students follow it.
    func takesAssessmentFirst(_ command: CommandSpec) -> Bool {
        command.arguments.first?.name == "assessment"
    }

    /// The verbs of `command` followed by `names`, joined for a shell's `case` pattern.
    func verbPattern(_ command: CommandSpec, _ names: ArgumentSpec.Names, prefix: String = "") -> String {
        verbs(command).filter { $0.follows == names }.map { prefix + $0.word }.joined(separator: "|")
    }

    /// Whether an option's value is a class, as `--class` and `move --to`.
    static func takesClass(_ option: OptionSpec) -> Bool {
        option.name == "class" || option.valueName == "class"
    }

    /// The words a command's first argument may be, such as `rename` for `classes`.
    func verbs(_ command: CommandSpec) -> [ArgumentSpec.Verb] {
        command.arguments.first?.verbs ?? []
    }

    /// Whether an option's value is a student.
    static func takesStudent(_ option: OptionSpec) -> Bool {
        option.valueName == "student"
    }

    /// Whether an option's value is a comma-separated list of students, as `--apart a,b`.
    static func takesStudentList(_ option: OptionSpec) -> Bool {
        option.valueName == "students"
    }

    func optionWords(_ options: [OptionSpec]) -> [String] {
        options.flatMap { option in ["--\(option.name)"] + (option.shortName.map { ["-\($0)"] } ?? []) }
    }
}
