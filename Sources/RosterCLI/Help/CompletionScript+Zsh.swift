extension CompletionScript {
    /// The zsh script, for `compinit`: `_arguments` with every option written so that its value
    /// may follow as the next word or after `=`.
    var zsh: String {
        let sources: [(ArgumentSpec.Names, String)] = [
            (.classes, "_roster_classes"), (.deletedClasses, "_roster_deleted_classes"),
            (.assessments, "_roster_assessments"), (.categories, "_roster_categories"),
        ]
        let afterVerb = sources.compactMap { names, source -> String? in
            let pattern = commands.map { verbPattern($0, names, prefix: $0.name + ":") }.filter {
                !$0.isEmpty
            }
            return pattern.isEmpty ? nil : "            \(pattern.joined(separator: "|"))) \(source) ;;"
        }.joined(separator: "\n")
        var text = """
            #compdef roster
            # zsh completion for roster; save as _roster in a folder on $fpath, or source it in ~/.zshrc.
            _roster_students() {
                # roster matches the word itself, folding letters as its lookup does (lu finds
                # Łukasz); a name zsh's own matching would miss replaces the word instead.
                local -a names others
                local name
                for name in ${(f)"$(${~roster_words[1]} --complete-students-matching "$PREFIX" ${roster_words[2,-1]} 2>/dev/null)"}; do
                    if [[ " ${(L)name}" == *" ${(L)${(b)PREFIX}}"* ]]; then names+=("$name"); else others+=("$name"); fi
                done
                compadd -M 'm:{a-zA-Z}={A-Za-z} l:|=* r:|=*' -a names
                (( ${#others} )) && compadd -U -a others
            }
            _roster_class_names() {
                # $1 is 'deleted-' for the classes set aside, which 'classes restore' takes.
                local -a names
                names=(${(f)"$(${~roster_words[1]} --complete-$1classes 2>/dev/null)"})
                compadd -M 'm:{a-zA-Z}={A-Za-z}' -a names
            }
            # _arguments passes its own options to an action, so each list has a function of its own.
            _roster_classes() { _roster_class_names "" }
            _roster_deleted_classes() { _roster_class_names deleted- }
            _roster_markbook_names() {
                # $1 is what the markbook lists: assessments or categories.
                local -a names
                names=(${(f)"$(${~roster_words[1]} --complete-$1 "" ${roster_words[2,-1]} 2>/dev/null)"})
                compadd -M 'm:{a-zA-Z}={A-Za-z}' -a names
            }
            _roster_assessments() { _roster_markbook_names assessments }
            _roster_categories() { _roster_markbook_names categories }
            _roster_after_verb() {
                case $words[1]:$words[2] in
            \(afterVerb)
                esac
            }
            _roster() {
                local line state
                # The whole command line, which _arguments shortens to the subcommand's words.
                local -a roster_words
                roster_words=("${words[@]}")
                local -a subcommands
                subcommands=(

            """
        for command in commands {
            text += "        '\(command.name):\(zshEscaped(command.abstract))'\n"
        }
        text += "        'help:Show help for a subcommand.'\n    )\n"
        text += "    _arguments -C \\\n\(zshOptions(CommandSpec.commonOptions, indent: "        "))"
        text += "        '1: :->subcommand' \\\n        '*:: :->arguments'\n"
        text += "    case $state in\n        subcommand) _describe 'subcommand' subcommands ;;\n"
        text += "        arguments)\n            case $line[1] in\n"
        text += "                help) _describe 'subcommand' subcommands ;;\n"
        for command in commands {
            text += "                \(command.name))\n                    _arguments \\\n"
            text += zshOptions(command.allOptions, indent: "                        ")
            let verbs = verbs(command)
            if !verbs.isEmpty {
                let words = verbs.map(\.word).joined(separator: " ")
                text += "                        '1:action:(\(words))' \\\n"
                text += "                        '2:name:_roster_after_verb' \\\n"
            } else if takesAssessmentFirst(command) {
                text += "                        '1:assessment:_roster_assessments' \\\n"
                text += "                        '*:student:_roster_students' \\\n"
            } else if takesFiles(command) {
                text += "                        '*:file:_files' \\\n"
            } else if takesStudents(command) {
                let position = command.arguments.first?.isRepeated == true ? "*" : "1"
                text += "                        '\(position):student:_roster_students' \\\n"
            }
            text += "                        && return ;;\n"
        }
        // Loaded from $fpath, zsh runs the file as the completion function; sourced (as the
        // README's `source <(roster --generate-completion-script zsh)`), it registers it instead.
        text +=
            "            esac ;;\n    esac\n}\n"
            + "if [[ $zsh_eval_context[-1] == loadautofunc ]]; then\n    _roster \"$@\"\nelse\n"
            + "    (( $+functions[compdef] )) || { autoload -Uz compinit && compinit }\n"
            + "    compdef _roster roster\nfi\n"
        return text
    }

    private func zshOptions(_ options: [OptionSpec], indent: String) -> String {
        options.map { option in
            let help = zshEscaped(option.help)
            var value = ""
            if option.takesValue {
                let name = option.valueName ?? "value"
                if Self.fileOptions.contains(option.name) {
                    value = ":\(name):_files"
                } else if Self.takesClass(option) {
                    value = ":\(name):_roster_classes"
                } else if Self.takesStudent(option) {
                    value = ":\(name):_roster_students"
                } else if Self.takesStudentList(option) {
                    value = ":\(name):_sequence _roster_students"
                } else if !option.choices.isEmpty {
                    value = ":\(name):(\(option.choices.joined(separator: " ")))"
                } else {
                    value = ":\(name): "
                }
            }
            // `--name=` takes the value after `=` or as the next word; `-x+` right after it or next.
            let long = "--\(option.name)" + (option.takesValue ? "=" : "")
            guard let short = option.shortName else { return "\(indent)'\(long)[\(help)]\(value)' \\\n" }
            let names = "{-\(short)\(option.takesValue ? "+" : ""),\(long)}"
            return "\(indent)'(-\(short) --\(option.name))'\(names)'[\(help)]\(value)' \\\n"
        }.joined()
    }

    private func zshEscaped(_ text: String) -> String {
        text.replacing("'", with: "'\\''").replacing("[", with: "\\[")
            .replacing("]", with: "\\]").replacing(":", with: "\\:")
    }
}
