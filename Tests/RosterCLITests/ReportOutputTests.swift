import Foundation
import RosterKit
import RosterTestSupport
import Testing

/// `--output FILE` writes what a command prints, in every format, the same way for every command.
@Suite("One --output")
struct ReportOutputTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
        for name in ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Kofi Mensah"] {
            _ = try sandbox.add(name, age: 12, ["--score", "70", "--joined", "2026-11-01"])
        }
        _ = sandbox.run(["absent", "ada", "--date", "2026-11-30"])
        _ = sandbox.run(["assessment", "add", "Quiz 1", "--out-of", "10"])
        #expect(sandbox.run(["mark", "quiz 1", "ada", "8", "alan", "6"]).status == 0)
        _ = sandbox.run(["seats", "--rows", "2", "--columns", "2"])
    }

    static let reports: [[String]] = [
        ["list"], ["list", "--format", "csv"], ["list", "--format", "json"], ["show", "ada"],
        ["show", "ada", "--format", "json"], ["stats"], ["stats", "--format", "json"],
        ["register", "--date", "2026-11-30"], ["register", "--date", "2026-11-30", "--format", "csv"],
        ["register", "--from", "2026-11-30", "--to", "2026-12-01"],
        ["register", "--week", "2026-11-30", "--format", "json"], ["grades"], ["grades", "--format", "csv"],
        ["report", "ada"], ["seats"], ["seats", "--format", "csv"],
        ["groups", "--count", "2", "--ignore-history"],
        ["groups", "--count", "2", "--ignore-history", "--format", "json"], ["history", "--format", "json"],
        ["history"],
    ]

    @Test("every report written with --output is what the command prints", arguments: reports)
    func sameAsPrinted(command: [String]) throws {
        let seed = ["ROSTER_SEED": "4"]
        let printed = sandbox.run(command, environment: seed)
        #expect(printed.status == 0, "\(command): \(printed.errorOutput)")
        let format = command.firstIndex(of: "--format").map { command[$0 + 1] } ?? "txt"
        let file = sandbox.folder.appendingPathComponent("report.\(format == "table" ? "txt" : format)")
        let written = sandbox.run(command + ["--output", file.path], environment: seed)
        #expect(written.status == 0, "\(command): \(written.errorOutput)")
        #expect(written.output.hasPrefix("Wrote ") && written.output.hasSuffix(" to \(file.path).\n"))
        #expect(try String(contentsOf: file, encoding: .utf8) == printed.output, "\(command)")
    }

    @Test("a roster with no history yet writes that to the --output file too")
    func emptyHistory() throws {
        let empty = try RosterSandbox()
        try PropertyListSerialization.data(fromPropertyList: [Any](), format: .binary, options: 0)
            .write(to: empty.file)
        let printed = empty.run(["history"])
        #expect(printed.status == 0 && printed.output.hasPrefix("No changes are kept"), "\(printed.output)")
        let file = empty.folder.appendingPathComponent("history.txt")
        let written = empty.run(["history", "--output", file.path])
        #expect(written.status == 0 && written.output.hasPrefix("Wrote the history to "), "\(written.output)")
        #expect(try String(contentsOf: file, encoding: .utf8) == printed.output)
    }

    @Test("a file named for another format is refused before anything is read, and not written")
    func wrongExtension() throws {
        let file = sandbox.folder.appendingPathComponent("marks.html")
        let refused = sandbox.run(["grades", "--format", "csv", "--output", file.path])
        #expect(refused.status == 64)
        #expect(refused.errorLine.contains("The report is CSV, not .html; name the file with .csv"))
        let table = sandbox.run(["list", "--output", sandbox.folder.appendingPathComponent("list.csv").path])
        #expect(
            table.errorLine.contains("The report is a table of text, not .csv; name the file with .txt"),
            "\(table.errorOutput)")
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }
}
