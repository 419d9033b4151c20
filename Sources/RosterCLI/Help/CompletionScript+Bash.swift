extension CompletionScript {
    /// The bash script: `_roster` works out the subcommand and the word being completed, then
    /// `_roster_complete` offers what fits there.
    var bash: String {
        """
        # bash completion for roster; load with: source <(roster --generate-completion-script bash)
        \(Self.bashQuoting)_roster_files() {
            local path
            COMPREPLY=()
            # Folders get their '/', so their files can follow; names with spaces come back quoted.
            while IFS= read -r path; do
                [[ -d $path ]] && path+=/
                _roster_quoted "$path" && COMPREPLY+=("$REPLY")
            done < <(compgen -f -- "$1")
            [[ ${#COMPREPLY[@]} == 1 && ${COMPREPLY[0]} == */ ]] && compopt -o nospace 2>/dev/null
        }
        _roster_students() {
            # $1 is the word so far; with $2, a comma-separated list whose last name is completed.
            local name head="" word="$1"
            [[ -n $2 && $word == *,* ]] && head="${word%,*}," word="${word##*,}"
            COMPREPLY=()
            # roster matches the word itself, folding letters as its lookup does (lu finds Łukasz).
            while IFS= read -r name; do
                _roster_quoted "$head$name" && COMPREPLY+=("$REPLY")
            done < <("${COMP_WORDS[0]/#\\~/$HOME}" --complete-students-matching "$word" "${COMP_WORDS[@]:1:COMP_CWORD-1}" 2>/dev/null)
        }
        _roster_classes() {
            # $1 is the word so far, matched ignoring case as roster finds a class; $2 'deleted-'.
            local name
            COMPREPLY=()
            while IFS= read -r name; do
                [[ ${name,,} == "${1,,}"* ]] && _roster_quoted "$name" && COMPREPLY+=("$REPLY")
            done < <("${COMP_WORDS[0]/#\\~/$HOME}" --complete-$2classes 2>/dev/null)
        }
        _roster_names() {
            # $1 is what the markbook lists (assessments, categories); $2 the word so far, which
            # roster matches as it finds an assessment (ec finds Écrit); the words typed say which
            # roster (--file, --class).
            local name
            COMPREPLY=()
            while IFS= read -r name; do
                _roster_quoted "$name" && COMPREPLY+=("$REPLY")
            done < <("${COMP_WORDS[0]/#\\~/$HOME}" --complete-$1 "$2" "${COMP_WORDS[@]:1:COMP_CWORD-1}" 2>/dev/null)
        }
        _roster() {
            local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" prefix="" subcommand="" i
            # --format=json: bash splits the word at '=' (see COMP_WORDBREAKS), or leaves it whole.
            if [[ $cur == "=" ]]; then
                cur=""
            elif [[ $prev == "=" ]]; then
                prev="${COMP_WORDS[COMP_CWORD-2]}"
            elif [[ $cur == --*=* ]]; then
                prev="${cur%%=*}" prefix="${cur%%=*}=" cur="${cur#*=}"
            fi
            cur="${cur#[\\"\\']}" cur="${cur//\\\\ / }"
            for ((i = 1; i < COMP_CWORD; i++)); do
                case "${COMP_WORDS[i]}" in
                    --file|--class|--color) ((i++)); [[ ${COMP_WORDS[i]} == "=" ]] && ((i++)) ;;
                    -*|=) ;;
                    *) subcommand="${COMP_WORDS[i]}"; break ;;
                esac
            done
            _roster_complete "$subcommand" "$prev" "$cur"
            [[ -n $prefix ]] && COMPREPLY=("${COMPREPLY[@]/#/$prefix}")
            return 0
        }
        _roster_complete() {
            local subcommand="$1" prev="$2" cur="$3"
            case "$subcommand:$prev" in
        \(bashValueCases)    esac
            if [[ $cur == -* ]]; then
                case "$subcommand" in
        \(bashOptionCases)        esac
                return
            fi
            case "$subcommand" in
        \(bashArgumentCases)    esac
        }
        complete -F _roster roster

        """
    }

    /// A bash function that escapes what the shell would read as syntax, and nothing else, so
    /// that accented names stay readable in any locale (`printf %q` writes `$'Zo\303\253'`
    /// without a UTF-8 one). It answers in `REPLY`: a command substitution per name would start a
    /// subshell for each, 30 for a class.
    private static let bashQuoting = ##"""
        _roster_quoted() {
            local text="$1" quoted="" c i
            for ((i = 0; i < ${#text}; i++)); do
                c="${text:i:1}"
                case "$c" in
                    [[:space:]\'\"\\\$\`\!\&\;\(\)\<\>\|\*\?\[\]\{\}\~\#]) quoted+="\\$c" ;;
                    *) quoted+="$c" ;;
                esac
            done
            REPLY="$quoted"
        }

        """##

    /// `list:--sort) …` for every option that takes a value, before or after a subcommand.
    private var bashValueCases: String {
        var text = ""
        for command in [nil] + commands.map(Optional.some) {
            for option in command?.allOptions ?? CommandSpec.commonOptions where option.takesValue {
                let pattern = "        \(command?.name ?? ""):--\(option.name)"
                if Self.fileOptions.contains(option.name) {
                    text += "\(pattern)) _roster_files \"$cur\"; return ;;\n"
                } else if Self.takesClass(option) {
                    text += "\(pattern)) _roster_classes \"$cur\"; return ;;\n"
                } else if Self.takesStudent(option) {
                    text += "\(pattern)) _roster_students \"$cur\"; return ;;\n"
                } else if Self.takesStudentList(option) {
                    text += "\(pattern)) _roster_students \"$cur\" list; return ;;\n"
                } else if !option.choices.isEmpty {
                    text += "\(pattern)) \(compgen(option.choices)); return ;;\n"
                } else {
                    text += "\(pattern)) return ;;\n"
                }
            }
        }
        return text
    }

    /// The options each subcommand takes, offered for a word starting with `-`.
    private var bashOptionCases: String {
        var text = "            \"\") \(compgen(optionWords(CommandSpec.commonOptions))) ;;\n"
        for command in commands {
            text += "            \(command.name)) \(compgen(optionWords(command.allOptions))) ;;\n"
        }
        return text
    }

    /// What goes in a subcommand's other places: subcommands, files, students or its options.
    private var bashArgumentCases: String {
        let names = commands.map(\.name)
        var text = "        \"\") \(compgen(names + ["help"] + optionWords(CommandSpec.commonOptions))) ;;\n"
        text += "        help) \(compgen(names)) ;;\n"
        for command in commands {
            let verbs = verbs(command)
            if !verbs.isEmpty {
                text +=
                    "        \(command.name)) case \"$prev\" in \(command.name)) \(compgen(verbs.map(\.word))) ;; "
                let sources: [(ArgumentSpec.Names, String)] = [
                    (.classes, "_roster_classes \"$cur\""),
                    (.deletedClasses, "_roster_classes \"$cur\" deleted-"),
                    (.assessments, "_roster_names assessments \"$cur\""),
                    (.categories, "_roster_names categories \"$cur\""),
                ]
                for (names, source) in sources where !verbPattern(command, names).isEmpty {
                    text += "\(verbPattern(command, names))) \(source) ;; "
                }
                text += "esac ;;\n"
                continue
            }
            if takesAssessmentFirst(command) {
                text +=
                    "        \(command.name)) if [[ $prev == \(command.name) ]]; then _roster_names assessments \"$cur\"; "
                    + "else _roster_students \"$cur\"; fi ;;\n"
                continue
            }
            let what =
                takesFiles(command)
                ? "_roster_files \"$cur\""
                : takesStudents(command)
                    ? "_roster_students \"$cur\"" : compgen(optionWords(command.allOptions))
            text += "        \(command.name)) \(what) ;;\n"
        }
        return text
    }

    private func compgen(_ words: [String]) -> String {
        "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))"
    }
}
