import Foundation
import RosterTestSupport
import Testing

/// The completion scripts as each shell runs them: bash's function with `COMP_WORDS`, fish's
/// `complete -C`, and bash and zsh typed at through a pseudo-terminal.
@Suite("Completion in bash, zsh and fish")
struct ShellCompletionTests {
    let sandbox: RosterSandbox
    /// The folder the shells run in: a folder, a file with a space, and a roster of three.
    let folder: URL
    /// A PATH that finds the `roster` under test first.
    let environment: [String: String]

    init() throws {
        sandbox = try RosterSandbox()
        folder = sandbox.folder
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("mydir"), withIntermediateDirectories: true)
        try Data().write(to: folder.appendingPathComponent("my file.csv"))
        for name in ["Ada Lovelace", "Zoë Martin", "Leo O'Brien", "Łukasz Nowak"] { try sandbox.add(name) }
        var environment = sandbox.environment
        environment["PATH"] =
            RosterBinary.url.deletingLastPathComponent().path + ":"
            + (ProcessInfo.processInfo.environment["PATH"] ?? "")
        environment["TERM"] = "xterm"
        self.environment = environment
    }

    /// Writes a completion script (or any text) into the sandbox.
    private func write(_ text: String, to name: String) throws -> URL {
        let file = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file
    }

    private func script(_ shell: String) throws -> String {
        try RosterBinary.run(["--generate-completion-script", shell], environment: environment).output
    }

    @Test("the README's line for each shell loads completion quietly, as written")
    func readmeLines() throws {
        let readme = try String(
            contentsOf: ReadmeSampleTests.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n").filter { $0.contains("--generate-completion-script") }
        for (shell, check) in [
            ("bash", "complete -p roster"), ("zsh", "print -r -- ${_comps[roster]}"),
            ("fish", "complete -C 'roster li'"),
        ] {
            guard let executable = installedTool(shell) else { continue }
            let line = try #require(
                lines.first { $0.contains("script \(shell)") }, "no README line for \(shell)")
            let command = String(line.prefix { $0 != "#" }).trimmingCharacters(in: .whitespaces)
            // zsh as a user starts it: ~/.zshrc is read, with no completion system set up before.
            let flags = shell == "zsh" ? ["-i", "-c"] : ["-c"]
            let result = try RosterBinary.run(
                flags + [command + "\n" + check], environment: environment, directory: folder,
                executable: executable.path)
            #expect(result.errorOutput.isEmpty, "\(shell): \(result.errorOutput)")
            #expect(
                result.output.contains(shell == "fish" ? "list" : "_roster"), "\(shell): \(result.output)")
        }
    }

    @Test("bash: folders get '/', spaces are quoted, values follow '=', help and students complete")
    func bash() throws {
        let bash = try #require(installedTool("bash"))
        let file = try write(try script("bash"), to: "roster.bash")
        let probe = """
            source "$1"
            t() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _roster; echo "${COMPREPLY[*]}"; }
            t roster --file myd
            t roster import "my f"
            t roster list --color = n
            t roster list --color = ""
            t roster list --format=j
            t roster help ed
            t roster show Zo
            t roster remove lov
            t roster --file = students.plist pick --skip ""
            t roster --color = never li
            t roster --color=never li
            t roster groups --count 2 --apart "Ada\\ Lovelace,Zo"
            t roster show lu
            t roster edit obrien
            """
        let result = try RosterBinary.run(
            ["-c", probe, "bash", file.path], environment: environment, directory: folder,
            executable: bash.path)
        #expect(
            result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == [
                "mydir/", "my\\ file.csv", "never", "auto always never", "--format=json", "edit",
                "Zoë\\ Martin",
                "Ada\\ Lovelace", "Ada\\ Lovelace Zoë\\ Martin Leo\\ O\\'Brien Łukasz\\ Nowak", "list",
                "list",
                "Ada\\ Lovelace,Zoë\\ Martin", "Łukasz\\ Nowak", "Leo\\ O\\'Brien", "",
            ])
    }

    @Test("fish: complete -C offers folders, files, values after '=', help and students, lu for Łukasz")
    func fish() throws {
        guard let fish = installedTool("fish") else { return }
        let file = try write(try script("fish"), to: "roster.fish")
        let probe = """
            source $argv[1]
            for line in 'roster --file myd' 'roster import my' 'roster list --format=j' 'roster help ed' \
                'roster show Zo' 'roster pick --skip Ad' 'roster groups --apart Ada\\ Lovelace,Zo' \\
                'roster show lu' 'roster groups --apart Zoë\\ Martin,lu'
                complete -C "$line" | string split -f1 \\t | string join ' '
            end
            # fish shows the name as it is beside a folded spelling.
            complete -C 'roster show lu' | string split -f2 \\t
            """
        let result = try RosterBinary.run(
            ["-c", probe, file.path], environment: environment, directory: folder, executable: fish.path)
        #expect(
            result.output.split(separator: "\n").map(String.init) == [
                "mydir/", "my file.csv mydir/", "--format=json", "edit", "Zoë Martin", "Ada Lovelace",
                "Ada Lovelace,Zoë Martin", "lukasz nowak", "Zoë Martin,lukasz nowak", "Łukasz Nowak",
            ], "\(result.errorOutput)")
    }

    @Test("zsh and bash at a terminal: a Tab completes folders, quoted files, values, help and students")
    func atTerminal() throws {
        guard let python = installedTool("python3") else { return }
        let keys = [
            "roster --file myd\tX", "roster import my\\ f\t", "roster show Zo\t", "roster list --format=j\t",
            "roster help ed\t", "roster edit lov\t", "roster pick --skip=Ad\t",
            "roster groups --count 2 --apart Ada\\ Lovelace,Zo\t", "roster show lu\t",
        ]
        let expected = [
            "roster --file mydir/X", "roster import my\\ file.csv", "roster show Zoë\\ Martin",
            "roster list --format=json", "roster help edit", "roster edit Ada\\ Lovelace",
            "roster pick --skip=Ada\\ Lovelace",
            "roster groups --count 2 --apart Ada\\ Lovelace,Zoë\\ Martin", "roster show Łukasz\\ Nowak",
        ]
        let keyFile = try write(
            String(decoding: try JSONEncoder().encode(keys), as: UTF8.self), to: "keys.json")
        let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Scripts/type_at_shell.py")
        for shell in ["bash", "zsh"] {
            guard let executable = installedTool(shell) else { continue }
            let arguments = try startArguments(shell, executable: executable)
            let result = try RosterBinary.run(
                [driver.path, keyFile.path, "TYPE-HERE> "] + arguments, environment: environment,
                directory: folder, executable: python.path)
            let screens = try JSONDecoder().decode([String].self, from: Data(result.output.utf8))
            for (screen, line) in zip(screens, expected) {
                #expect(Self.shown(screen).contains(line), "\(shell): \(Self.shown(screen))")
            }
            #expect(screens.count == keys.count, "\(shell): \(result.errorOutput)")
        }
    }

    /// Two classes and a deleted one in the sandbox's classes folder; only their names matter.
    private func makeClasses() throws {
        let classes = folder.appendingPathComponent("Documents/Classes")
        try FileManager.default.createDirectory(
            at: classes.appendingPathComponent(".deleted"), withIntermediateDirectories: true)
        for name in ["7A.plist", "Year 9.plist", ".deleted/8B.plist"] {
            try Data().write(to: classes.appendingPathComponent(name))
        }
    }

    @Test("every shell completes classes: the verbs, the classes after them, deleted ones after restore")
    func classes() throws {
        try makeClasses()
        #expect(
            try bashOffers([
                "roster classes \"\"", "roster classes de", "roster classes rename \"\"",
                "roster classes restore \"\"",
                "roster --class y", "roster move ada --to \"\"",
            ]) == ["rename delete restore", "delete", "7A Year\\ 9", "8B", "Year\\ 9", "7A Year\\ 9"])
        try fishOffers(
            [
                "roster classes ", "roster classes delete ", "roster classes restore ", "roster --class Y",
                "roster move ada --to 7",
            ],
            ["delete rename restore", "7A Year 9", "8B", "Year 9", "7A"])
        try zshCompletesClasses()
    }

    @Test("every shell completes the markbook: assessments after their verbs and first in mark, categories")
    func markbook() throws {
        for command in [
            ["assessment", "add", "Quiz 1", "--out-of", "10"],
            ["assessment", "add", "Écrit final", "--out-of", "40"],
            ["category", "set", "Homework"],
        ] {
            try #require(sandbox.run(command).status == 0)
        }
        #expect(
            try bashOffers([
                "roster assessment \"\"", "roster assessment remove \"\"", "roster assessment edit ec",
                "roster mark \"\"", "roster mark q1 Zo", "roster category set \"\"",
            ]) == [
                "add list edit rename remove", "Quiz\\ 1 Écrit\\ final", "Écrit\\ final",
                "Quiz\\ 1 Écrit\\ final",
                "Zoë\\ Martin", "Homework",
            ])
        try fishOffers(
            [
                "roster assessment remove ", "roster mark ", "roster mark q1 Zo", "roster category remove ",
                "roster edit Zo",
            ],
            ["Quiz 1 Écrit final", "Quiz 1 Écrit final", "Zoë Martin", "Homework", "Zoë Martin"])
        try zshTypes(
            [
                "roster assessment rem\t", "roster assessment remove Q\t", "roster mark É\t",
                "roster category set H\t",
            ],
            shows: [
                "roster assessment remove", "roster assessment remove Quiz\\ 1", "roster mark Écrit\\ final",
                "roster category set Homework",
            ])
    }

    /// What bash's completion function offers for each command line, the last word being
    /// completed (`""` for an empty one): one line of candidates each.
    private func bashOffers(_ lines: [String]) throws -> [String] {
        let bash = try #require(installedTool("bash"))
        let file = try write(try script("bash"), to: "roster.bash")
        let probe =
            "source \"$1\"\n"
            + "t() { COMP_WORDS=(\"$@\"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _roster; "
            + "echo \"${COMPREPLY[*]}\"; }\n" + lines.map { "t \($0)\n" }.joined()
        let result = try RosterBinary.run(
            ["-c", probe, "bash", file.path], environment: environment, directory: folder,
            executable: bash.path)
        return result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
            String.init)
    }

    /// Checks what fish's `complete -C` offers for each command line, where fish is installed.
    private func fishOffers(_ lines: [String], _ expected: [String]) throws {
        guard let fish = installedTool("fish") else { return }
        let script = try write(try self.script("fish"), to: "roster.fish")
        let words = lines.map { "'\($0)'" }.joined(separator: " ")
        let probe =
            "source $argv[1]\nfor line in \(words)\n    complete -C \"$line\" | string split -f1 \\t | string join ' '\nend\n"
        let fished = try RosterBinary.run(
            ["-c", probe, script.path], environment: environment, directory: folder, executable: fish.path)
        #expect(fished.output.split(separator: "\n").map(String.init) == expected, "\(fished.errorOutput)")
    }

    /// zsh at a terminal: a Tab after a verb, after `restore` and after `--class`.
    private func zshCompletesClasses() throws {
        try zshTypes(
            [
                "roster classes res\t", "roster classes restore \t", "roster --class Y\t",
                "roster move ada --to 7\t",
            ],
            shows: [
                "roster classes restore", "roster classes restore 8B", "roster --class Year\\ 9",
                "roster move ada --to 7A",
            ])
    }

    /// zsh at a terminal: each of `keys` typed, its line then showing what `expected` says.
    private func zshTypes(_ keys: [String], shows expected: [String]) throws {
        guard let python = installedTool("python3"), let zsh = installedTool("zsh") else { return }
        let keyFile = try write(
            String(decoding: try JSONEncoder().encode(keys), as: UTF8.self), to: "keys.json")
        let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Scripts/type_at_shell.py")
        let result = try RosterBinary.run(
            [driver.path, keyFile.path, "TYPE-HERE> "] + (try startArguments("zsh", executable: zsh)),
            environment: environment, directory: folder, executable: python.path)
        let screens = try JSONDecoder().decode([String].self, from: Data(result.output.utf8))
        for (screen, line) in zip(screens, expected) {
            #expect(Self.shown(screen).contains(line), "zsh: \(Self.shown(screen))")
        }
        #expect(screens.count == keys.count, "zsh: \(result.errorOutput)")
    }

    /// How to start `shell` interactively with the script loaded and the prompt the driver waits for.
    private func startArguments(_ shell: String, executable: URL) throws -> [String] {
        if shell == "bash" {
            let script = try write(try script("bash"), to: "roster.bash")
            let rc = try write("PS1='TYPE-HERE> '\nsource '\(script.path)'\n", to: "bashrc")
            return [executable.path, "--noprofile", "--rcfile", rc.path, "-i"]
        }
        let functions = folder.appendingPathComponent("zsh-functions")
        try FileManager.default.createDirectory(at: functions, withIntermediateDirectories: true)
        _ = try write(try script("zsh"), to: "zsh-functions/_roster")
        _ = try write(
            "fpath=('\(functions.path)' $fpath)\nautoload -U compinit && compinit -u -D\nPROMPT='TYPE-HERE> '\n",
            to: ".zshrc")
        return ["/usr/bin/env", "ZDOTDIR=\(folder.path)", executable.path, "-i"]
    }

    /// The text a terminal shows for `screen`: escape sequences dropped, backspaces applied.
    static func shown(_ screen: String) -> String {
        var text: [Character] = []
        var escape = false
        for character in screen {
            if escape {
                if character.isLetter || character == "=" || character == ">" { escape = false }
                continue
            }
            switch character {
            case "\u{1B}": escape = true
            case "\u{8}": if !text.isEmpty { text.removeLast() }
            case "\u{7}", "\r": continue
            default: text.append(character)
            }
        }
        return String(text)
    }
}
