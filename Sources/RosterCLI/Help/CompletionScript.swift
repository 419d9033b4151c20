#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Shell completion scripts for bash, zsh and fish, generated from the same specs as the help.
///
/// They complete subcommands, options, the values of choice options such as `--sort` and
/// `--format`, and file paths for `--file`, `--output` and `import`.
struct CompletionScript {
    /// The shells a script can be generated for.
    static let shells = ["bash", "zsh", "fish"]

    let shell: String

    private var commands: [CommandSpec] { CommandLineTool.subcommands.map { $0.spec } }
    private static let fileOptions: Set<String> = ["file", "output"]

    /// The whole script.
    var text: String {
        switch shell {
        case "zsh": return zsh
        case "fish": return fish
        default: return bash
        }
    }

    private func takesFiles(_ command: CommandSpec) -> Bool {
        command.name == "import"
    }

    // MARK: bash

    private var bash: String {
        var text = """
            # bash completion for roster; load with: source <(roster --generate-completion-script bash)
            _roster() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
                local subcommand="" i
                for ((i = 1; i < COMP_CWORD; i++)); do
                    case "${COMP_WORDS[i]}" in
                        --file|--color) ((i++)) ;;
                        -*) ;;
                        *) subcommand="${COMP_WORDS[i]}"; break ;;
                    esac
                done
                case "$subcommand:$prev" in

            """
        for command in [nil] + commands.map(Optional.some) {
            for option in command?.allOptions ?? CommandSpec.commonOptions where option.takesValue {
                let pattern = "\(command?.name ?? ""):--\(option.name)"
                if Self.fileOptions.contains(option.name) {
                    text += "        \(pattern)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
                } else if !option.choices.isEmpty {
                    let words = option.choices.joined(separator: " ")
                    text +=
                        "        \(pattern)) COMPREPLY=($(compgen -W \"\(words)\" -- \"$cur\")); return ;;\n"
                } else {
                    text += "        \(pattern)) return ;;\n"
                }
            }
        }
        text += "    esac\n    case \"$subcommand\" in\n"
        let rootWords = (commands.map(\.name) + ["help"] + optionWords(CommandSpec.commonOptions)).joined(
            separator: " ")
        text += "        \"\") COMPREPLY=($(compgen -W \"\(rootWords)\" -- \"$cur\")) ;;\n"
        text +=
            "        help) COMPREPLY=($(compgen -W \"\(commands.map(\.name).joined(separator: " "))\" -- \"$cur\")) ;;\n"
        for command in commands {
            let words = optionWords(command.allOptions).joined(separator: " ")
            let files =
                takesFiles(command) ? "; [[ $cur != -* ]] && COMPREPLY+=($(compgen -f -- \"$cur\"))" : ""
            text += "        \(command.name)) COMPREPLY=($(compgen -W \"\(words)\" -- \"$cur\"))\(files) ;;\n"
        }
        text += "    esac\n}\ncomplete -F _roster roster\n"
        return text
    }

    private func optionWords(_ options: [OptionSpec]) -> [String] {
        options.flatMap { option in ["--\(option.name)"] + (option.shortName.map { ["-\($0)"] } ?? []) }
    }

    // MARK: zsh

    private var zsh: String {
        var text = """
            #compdef roster
            # zsh completion for roster; save as _roster in a folder on $fpath.
            _roster() {
                local line state
                _arguments -C \\
            \(zshOptions(CommandSpec.commonOptions, indent: "        "))        '1: :->subcommand' \\
                    '*:: :->arguments'
                case $state in
                    subcommand)
                        local -a subcommands
                        subcommands=(

            """
        for command in commands {
            text += "                '\(command.name):\(zshEscaped(command.abstract))'\n"
        }
        text += "                'help:Show help for a subcommand.'\n            )\n"
        text +=
            "            _describe 'subcommand' subcommands ;;\n        arguments)\n            case $line[1] in\n"
        for command in commands {
            text += "                \(command.name))\n                    _arguments \\\n"
            text += zshOptions(command.allOptions, indent: "                        ")
            text += takesFiles(command) ? "                        '*:file:_files' \\\n" : ""
            text += "                        && return ;;\n"
        }
        text += "            esac ;;\n    esac\n}\n_roster \"$@\"\n"
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
                } else if !option.choices.isEmpty {
                    value = ":\(name):(\(option.choices.joined(separator: " ")))"
                } else {
                    value = ":\(name): "
                }
            }
            let names = option.shortName.map { "{-\($0),--\(option.name)}" } ?? "--\(option.name)"
            let quoted =
                option.shortName == nil ? "'\(names)[\(help)]\(value)'" : "\(names)'[\(help)]\(value)'"
            return "\(indent)\(quoted) \\\n"
        }.joined()
    }

    private func zshEscaped(_ text: String) -> String {
        text.replacing("'", with: "'\\''").replacing("[", with: "\\[")
            .replacing("]", with: "\\]").replacing(":", with: "\\:")
    }

    // MARK: fish

    private var fish: String {
        var text = "# fish completion for roster; save as ~/.config/fish/completions/roster.fish\n"
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
        for command in commands {
            let condition = "__fish_seen_subcommand_from \(command.name)"
            for option in command.allOptions { text += fishOption(option, condition: condition) }
            if takesFiles(command) { text += "complete -c roster -n '\(condition)' -F\n" }
        }
        return text
    }

    private func fishOption(_ option: OptionSpec, condition: String) -> String {
        var line = "complete -c roster -n '\(condition)' -l \(option.name)"
        if let short = option.shortName { line += " -s \(short)" }
        if option.takesValue {
            line += Self.fileOptions.contains(option.name) ? " -r -F" : " -r -f"
            if !option.choices.isEmpty { line += " -a '\(option.choices.joined(separator: " "))'" }
        }
        return line + " -d '\(fishEscaped(option.help))'\n"
    }

    private func fishEscaped(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("'", with: "\\'")
    }
}
