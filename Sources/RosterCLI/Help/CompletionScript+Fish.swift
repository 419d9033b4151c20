extension CompletionScript {
    /// The fish script: `complete` lines, with conditions on the subcommand seen so far.
    var fish: String {
        var text = """
            # fish completion for roster; save as ~/.config/fish/completions/roster.fish
            function __roster_students
                # roster matches the word as its lookup does, and spells a name fish would drop
                # (Łukasz for lu) so that fish keeps it.
                set -l words (commandline -opc)
                $words[1] --complete-students-for-fish "$argv[1]" $words[2..-1] 2>/dev/null
            end
            function __roster_classes
                # $argv[1] is 'deleted-' for the classes set aside, which 'classes restore' takes.
                set -l words (commandline -opc)
                $words[1] "--complete-$argv[1]classes" 2>/dev/null
            end
            function __roster_using
                # Whether the subcommand, the first word that is not an option (nor the value of
                # --file, --class or --color), is $argv[1]: 'edit' in 'roster assessment edit' is not.
                set -l words (commandline -opc)
                set -e words[1]
                while set -q words[1]
                    switch $words[1]
                        case --file --class --color
                            set -e words[1]
                            set -q words[1]; and set -e words[1]
                        case '-*'
                            set -e words[1]
                        case '*'
                            test "$words[1]" = "$argv[1]"
                            return
                    end
                end
                return 1
            end
            function __roster_names
                # $argv[1] is what the markbook lists: assessments or categories.
                set -l words (commandline -opc)
                $words[1] --complete-$argv[1] "" $words[2..-1] 2>/dev/null
            end
            function __roster_after
                # Whether the word before the one being completed is $argv[1].
                set -l words (commandline -opc)
                test "$words[-1]" = "$argv[1]"
            end
            function __roster_student
                __roster_students (commandline -ct | string unescape)
            end
            function __roster_student_list
                # The names already in a comma-separated list stay in front of each candidate.
                set -l token (commandline -ct | string unescape)
                set -l head (string match -r -- '^.*,' $token)
                for name in (__roster_students (string replace -r -- '^.*,' '' $token))
                    echo "$head$name"
                end
            end

            """
        let names = (commands.map(\.name) + ["help"]).joined(separator: " ")
        text += "complete -c roster -f\n"
        text +=
            "complete -c roster -n 'not __fish_seen_subcommand_from \(names)' -a help -d 'Show help for a subcommand.'\n"
        for command in commands {
            text += "complete -c roster -n 'not __fish_seen_subcommand_from \(names)' -a \(command.name) "
            text += "-d '\(fishEscaped(command.abstract))'\n"
        }
        for option in CommandSpec.commonOptions {
            text += fishOption(option, condition: "not __fish_seen_subcommand_from \(names)")
        }
        text +=
            "complete -c roster -n '__fish_seen_subcommand_from help' -a '\(commands.map(\.name).joined(separator: " "))'\n"
        for command in commands {
            let condition = "__roster_using \(command.name)"
            for option in command.allOptions { text += fishOption(option, condition: condition) }
            if takesFiles(command) { text += "complete -c roster -n '\(condition)' -F\n" }
            text += fishVerbs(verbs(command), condition: condition)
            if takesAssessmentFirst(command) {
                text +=
                    "complete -c roster -n '\(condition); and __roster_after \(command.name)' -a '(__roster_names assessments)'\n"
                text +=
                    "complete -c roster -n '\(condition); and not __roster_after \(command.name)' -a '(__roster_student)'\n"
            } else if takesStudents(command) {
                text += "complete -c roster -n '\(condition)' -a '(__roster_student)'\n"
            }
        }
        return text
    }

    private func fishOption(_ option: OptionSpec, condition: String) -> String {
        var line = "complete -c roster -n '\(condition)' -l \(option.name)"
        if let short = option.shortName { line += " -s \(short)" }
        if option.takesValue {
            line += Self.fileOptions.contains(option.name) ? " -r -F" : " -r -f"
            if !option.choices.isEmpty { line += " -a '\(option.choices.joined(separator: " "))'" }
            if Self.takesStudent(option) { line += " -a '(__roster_student)'" }
            if Self.takesClass(option) { line += " -a '(__roster_classes)'" }
            if Self.takesStudentList(option) { line += " -a '(__roster_student_list)'" }
        }
        return line + " -d '\(fishEscaped(option.help))'\n"
    }

    /// The verbs of a command such as `classes`, then the classes each is followed by.
    private func fishVerbs(_ verbs: [ArgumentSpec.Verb], condition: String) -> String {
        guard !verbs.isEmpty else { return "" }
        let words = verbs.map(\.word).joined(separator: " ")
        var text =
            "complete -c roster -n '\(condition); and not __fish_seen_subcommand_from \(words)' -a '\(words)'\n"
        for verb in verbs {
            let source: String
            switch verb.follows {
            case .nothing: continue
            case .classes: source = "(__roster_classes)"
            case .deletedClasses: source = "(__roster_classes deleted-)"
            case .assessments: source = "(__roster_names assessments)"
            case .categories: source = "(__roster_names categories)"
            }
            text +=
                "complete -c roster -n '\(condition); and __fish_seen_subcommand_from \(verb.word)' -a '\(source)'\n"
        }
        return text
    }

    private func fishEscaped(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("'", with: "\\'")
    }
}
