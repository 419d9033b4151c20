import Foundation
import RosterTestSupport
import Testing

/// Every command the README and the articles *Using roster in class*, *Moving a student safely* and
/// *Why a leaver stays in the file* show in a `console` block runs as written, in the order shown,
/// in a home folder of its own, as a teacher would type it: through a shell, with the built
/// `roster` on the `PATH`.
///
/// A command succeeds unless what is shown after it is an `Error:` line, and prints what is shown:
/// the same first line and as many lines, once ids, dates, times and the home folder are written
/// the same way on both sides (they differ from day to day and from run to run).
@Suite("Commands shown to readers run as written")
struct DocumentedCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    /// One `$ ` line of a `console` block and the lines shown after it.
    struct Step {
        let command: String
        var shown: [String] = []
    }

    /// The steps of every `console` block of a Markdown text, in order.
    static func steps(in markdown: String) -> [Step] {
        var steps: [Step] = []
        var inConsole = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                inConsole = !inConsole && line == "```console"
            } else if inConsole, line.hasPrefix("$ ") {
                steps.append(Step(command: String(line.dropFirst(2))))
            } else if inConsole, !steps.isEmpty {
                steps[steps.count - 1].shown.append(line)
            }
        }
        return steps
    }

    /// `line` with what changes from run to run written one way.
    static func normalized(_ line: String, home: String) -> String {
        var text = line.replacingOccurrences(of: home, with: "/home/teacher")
        let patterns = [
            ("[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}", "<uuid>"),
            ("\\b[0-9A-F]{8}\\b", "<id>"), ("\\b[0-9]{4}-[0-9]{2}-[0-9]{2}\\b", "<date>"),
            ("\\b[0-9]{2}:[0-9]{2}\\b", "<time>"), (" +", " "),
        ]
        for (pattern, replacement) in patterns {
            text = text.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        }
        return text
    }

    @Test(
        "every command shown runs and prints what is shown",
        arguments: [
            "README.md", "Sources/RosterKit/RosterKit.docc/UsingRosterInClass.md",
            "Sources/RosterKit/RosterKit.docc/Tutorials/MovingAStudentSafely.tutorial",
            "Sources/RosterKit/RosterKit.docc/Tutorials/WhyALeaverStays.tutorial",
        ])
    func runsAsShown(_ document: String) throws {
        let text = try String(contentsOf: Self.repository.appendingPathComponent(document), encoding: .utf8)
        let steps = Self.steps(in: text)
        let least = ["README.md": 7, "Sources/RosterKit/RosterKit.docc/UsingRosterInClass.md": 40]
        #expect(steps.count >= least[document, default: 5])
        let sandbox = try RosterSandbox()
        let home = sandbox.folder.appendingPathComponent("teacher")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let shell = try #require(installedTool("sh"))
        let environment = [
            "HOME": home.path, "COLUMNS": "80", "LANG": "C.UTF-8",
            "PATH": RosterBinary.url.deletingLastPathComponent().path + ":/usr/bin:/bin",
        ]
        for step in steps {
            let result = try RosterBinary.run(
                ["-c", "exec 2>&1; " + step.command], environment: environment, directory: home,
                executable: shell.path)
            let printed = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                .map(String.init)
            let failureShown = step.shown.first?.hasPrefix("Error:") == true
            #expect(
                (result.status == 0) != failureShown,
                "\(document): '\(step.command)' printed \(result.output)")
            guard let first = step.shown.first else { continue }
            #expect(
                printed.first.map { Self.normalized($0, home: home.path) }
                    == Self.normalized(first, home: home.path),
                "\(document): '\(step.command)' printed \(result.output)")
            #expect(
                printed.count == step.shown.count,
                "\(document): '\(step.command)' printed \(result.output), shown \(step.shown.joined(separator: "\n"))"
            )
        }
    }
}
