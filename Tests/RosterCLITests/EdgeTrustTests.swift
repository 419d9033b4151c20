import Foundation
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Output that fails, pipes and devices as export targets, standard input as an import, and what
/// undo, redo and history say.
@Suite("Trust at the edges: output, pipes and history, in-process")
struct EdgeTrustTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
    }

    private func run(_ arguments: [String], outputDescriptor descriptor: Int32) -> RunResult {
        runTool(arguments, sandbox: sandbox, outputDescriptor: descriptor)
    }

    @Test(
        "a full disk under standard output is one Error: line and exit 1", arguments: [["list"], ["export"]])
    func fullOutput(command: [String]) throws {
        try sandbox.add("Ada")
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        defer { close(full) }
        let result = run(command, outputDescriptor: full)
        #expect(result.status == 1)
        #expect(result.errorOutput.hasPrefix("Error: Could not write the output: No space left on device."))
        #expect(result.errorOutput.split(separator: "\n").count == 1)
    }

    @Test("a closed descriptor under standard output is reported too")
    func badDescriptor() throws {
        try sandbox.add("Ada")
        let result = run(["list"], outputDescriptor: 999)
        #expect(result.status == 1)
        #expect(result.errorLine.hasPrefix("Error: Could not write the output: Bad file descriptor."))
    }

    @Test("export --output into a pipe, /dev/null or '-' writes into it and replaces nothing")
    func exportIntoSpecialFiles() throws {
        try sandbox.add("Ada Lovelace")
        let pipe = sandbox.folder.appendingPathComponent("pipe")
        try #require(mkfifo(pipe.path, 0o600) == 0)
        let box = ReadBox()
        let reader = Thread {
            box.data = FileHandle(forReadingAtPath: pipe.path)?.readDataToEndOfFile() ?? Data()
            box.done.signal()
        }
        reader.start()
        let piped = sandbox.run(["export", "--output", pipe.path])
        box.done.wait()
        #expect(piped.status == 0)
        #expect(piped.output.isEmpty)
        #expect(String(decoding: box.data, as: UTF8.self).contains("Ada Lovelace"))
        #expect(fileType(pipe.path) == S_IFIFO)
        #expect(sandbox.run(["export", "--output", "/dev/null"]).status == 0)
        #expect(fileType("/dev/null") == S_IFCHR)
        let dashed = sandbox.run(["export", "--output", "-", "--format", "json"])
        #expect(dashed.output.contains("\"name\":\"Ada Lovelace\""))
        #expect(!FileManager.default.fileExists(atPath: "-"))
    }

    @Test("undo and redo say what they did; history lists the changes, also as JSON")
    func historyMessages() throws {
        try sandbox.add("Ada")
        try sandbox.add("Alan")
        #expect(sandbox.run(["delete-all", "--yes"]).status == 0)
        let undone = sandbox.run(["undo"])
        #expect(undone.output.hasPrefix("Undid delete-all: "))
        #expect(undone.output.hasSuffix(" (2 -> 0 students): 2 students are back.\n"))
        let again = sandbox.run(["undo"])
        #expect(again.output.hasSuffix(" (1 -> 2 students): the roster has 1 student again.\n"))
        let redone = sandbox.run(["redo"])
        #expect(redone.output.hasPrefix("Redid add "))
        #expect(redone.output.hasSuffix("the roster has 2 students again.\n"))
        let table = sandbox.run(["history"]).output.split(separator: "\n")
        #expect(table.first?.hasPrefix("WHEN") == true)
        #expect(table.count == 4)
        #expect(table[1].contains("delete-all") && table[1].hasSuffix("2 -> 0  (undone)"))
        #expect(table[2].contains("add") && table[2].hasSuffix("1 -> 2"))
        let json = Data(sandbox.run(["history", "--format", "json"]).output.utf8)
        let rows = try #require(try JSONSerialization.jsonObject(with: json) as? [[String: Any]])
        #expect(rows.map { $0["command"] as? String } == ["delete-all", "add", "add"])
        #expect(rows.map { $0["undone"] as? Bool } == [true, false, false])
        #expect(sandbox.run(["add", "Grace", "--age", "12"]).status == 0)
        let nothing = sandbox.run(["redo"])
        #expect(nothing.status == 1)
        #expect(nothing.errorLine.hasPrefix("Error: There is nothing to redo"))
    }

    @Test(
        "add notes a name already on the roster, ignoring case and invisible characters, in any roster",
        arguments: [(30, false), (30, true), (25_000, false)])
    func namesakes(count: Int, xml: Bool) throws {
        var students = (0..<count).map { Student(name: "Student \($0)", age: 12) }
        students.insert(Student(name: "Ben Jones", age: 12), at: count / 2)
        students.append(Student(name: "BEN JONES\u{200D}", age: 13))
        if xml {
            try StorageHandler.writeFile(InterchangeFormat.plist.data(for: students), to: sandbox.file)
        } else {
            try StorageHandler.save(students, to: sandbox.file)
        }
        let added = sandbox.run(["add", "ben jones", "--age", "14"])
        #expect(added.status == 0)
        let notes = added.errorOutput.split(separator: "\n")
        #expect(notes.count == 2, "\(added.errorOutput)")
        #expect(notes.first?.hasPrefix("Note: Ben Jones (age 12, id ") == true)
        #expect(notes.last?.hasPrefix("Note: BEN JONES\u{200D} (age 13, id ") == true)
        #expect(sandbox.run(["add", "Grace Hopper", "--age", "12"]).errorOutput.isEmpty)
        // Accents count for nothing either.
        #expect(sandbox.run(["add", "Zoë Martin", "--age", "12"]).errorOutput.isEmpty)
        #expect(
            sandbox.run(["add", "zoe martin", "--age", "13"]).errorOutput.hasPrefix(
                "Note: Zoë Martin (age 12, id "))
    }

    @Test("show, edit and remove find students by first name, last name or words without accents")
    func byWords() throws {
        try sandbox.add("Ada Lovelace")
        try sandbox.add("Zoë Martin", age: 11)
        #expect(sandbox.run(["show", "ada"]).output.contains("Name:  Ada Lovelace"))
        #expect(sandbox.run(["show", "lovelace"]).output.contains("Name:  Ada Lovelace"))
        #expect(sandbox.run(["edit", "zoe martin", "--grade", "6"]).output.hasPrefix("Updated Zoë Martin"))
        let missed = sandbox.run(["show", "martn"])
        #expect(missed.status == 1)
        #expect(
            missed.errorLine.hasPrefix(
                "Error: No student matches 'martn'. Did you mean 'Zoë Martin'? Use a name"))
        #expect(sandbox.run(["remove", "a love"]).output == "Removed 1 student: Ada Lovelace.\n")
    }

    @Test("edit says what it changed, from what to what")
    func editReport() throws {
        try sandbox.add("Alan Turing", age: 12, ["--score", "88"])
        #expect(
            sandbox.run(["edit", "alan", "--score", "91.5"]).output
                == "Updated Alan Turing: score 88 -> 91.5.\n")
        #expect(
            sandbox.run(["edit", "alan", "--grade", "7", "--age", "13"]).output
                == "Updated Alan Turing: age 12 -> 13, grade - -> 7.\n")
        #expect(
            sandbox.run(["edit", "alan", "--name", "Alan M. Turing", "--clear-score"]).output
                == "Updated Alan M. Turing: name Alan Turing -> Alan M. Turing, score 91.5 -> -.\n")
        #expect(
            sandbox.run(["edit", "alan", "--age", "13"]).output
                == "Alan M. Turing already had those values; nothing changed.\n")
    }

    @Test("stats draws the scores with blocks in a UTF-8 locale and # otherwise, scaled to the largest bin")
    func histogram() throws {
        for (name, score) in [("A", "95"), ("B", "92"), ("C", "55")] {
            try sandbox.add(name, age: 12, ["--score", score])
        }
        let blocks = sandbox.run(["stats"], environment: ["LANG": "en_GB.UTF-8"]).output.split(
            separator: "\n")
        #expect(blocks.contains("  90-100  \(String(repeating: "█", count: 30)) 2"))
        #expect(blocks.contains("   50-59  \(String(repeating: "█", count: 15)) 1"))
        #expect(blocks.contains("   60-69  0"))
        let plain = sandbox.run(["stats"], environment: ["LANG": "C"]).output
        #expect(plain.contains("  90-100  \(String(repeating: "#", count: 30)) 2"))
        #expect(!plain.contains("█"))
        #expect(plain.contains("Range:     lowest 55, highest 95"))
        let json = sandbox.run(["stats", "--format", "json"]).output
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let bins = try #require((object["score"] as? [String: Any])?["bins"] as? [[String: Any]])
        #expect(bins.map { $0["count"] as? Int } == [0, 0, 0, 0, 0, 1, 0, 0, 0, 2])
    }

    @Test("the command line's advice is chosen by the error's number, not its wording")
    func adviceByErrno() {
        #expect(ErrorAdvice.advice(forSystemError: ENOSPC).hasPrefix("Free some disk space"))
        #expect(ErrorAdvice.advice(forSystemError: EACCES).hasPrefix("Check the permissions"))
        #expect(ErrorAdvice.advice(forSystemError: EROFS).hasPrefix("Its file system is mounted read-only"))
        #expect(ErrorAdvice.advice(forSystemError: ENOTDIR).hasPrefix("A part of the path is a file"))
        #expect(ErrorAdvice.advice(forSystemError: EFBIG).contains("ulimit -f"))
        let damaged = StorageError.damaged(path: "/x", reason: "the file is empty")
        // /x has no history: there is nothing to undo.
        #expect(ErrorAdvice.advice(for: damaged)?.hasPrefix("roster kept no earlier version of it") == true)
        #expect(
            ErrorAdvice.advice(for: LookupError.notFound(reference: "x", closest: []))?.contains(
                "'roster list'") == true)
    }

    @Test("a spreadsheet workbook is recognised by its bytes, whatever its name, with what to do instead")
    func workbooks() throws {
        for (name, bytes) in [
            ("class.xlsx", [0x50, 0x4B, 0x03, 0x04, 0x14]), ("class.ods", [0x50, 0x4B, 0x03, 0x04]),
            ("class.csv", [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0]),
        ] as [(String, [UInt8])] {
            let file = sandbox.folder.appendingPathComponent(name)
            try Data(bytes).write(to: file)
            let result = sandbox.run(["import", file.path])
            #expect(result.status == 1)
            #expect(result.errorOutput.split(separator: "\n").count == 1)
            #expect(
                result.errorLine.contains("is a spreadsheet workbook")
                    && result.errorLine.contains("\"CSV UTF-8\""))
        }
        #expect(throws: ImportError.self) {
            try RosterImporter.read(Data([0x50, 0x4B, 0x03, 0x04]), format: .csv)
        }
    }

    @Test("rows a spreadsheet cleared (,,,,) are skipped like blank lines")
    func clearedRows() throws {
        let file = sandbox.folder.appendingPathComponent("class.csv")
        try Data("name,age,grade,score\nAda,12,7,90\n,,,\n , , , \nAlan,13,,\n,,,\n".utf8).write(to: file)
        let result = sandbox.run(["import", file.path])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(try StorageHandler.load(from: sandbox.file).map(\.name) == ["Ada", "Alan"])
    }

    @Test(
        "first and last name columns, as spreadsheets keep them, are joined into the name",
        arguments: [
            "First Name,Last Name,Age", "given_name,FAMILY_NAME,age", "Firstname,Surname,Age",
        ])
    func splitNames(header: String) throws {
        let file = sandbox.folder.appendingPathComponent("class.csv")
        try Data("\(header)\nAda,Lovelace,12\nZoë,Martin,11\n".utf8).write(to: file)
        let result = sandbox.run(["import", file.path])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(try StorageHandler.load(from: sandbox.file).map(\.name) == ["Ada Lovelace", "Zoë Martin"])
    }

    @Test("a CSV of NUL bytes is refused as not text, before it is parsed")
    func zeros() throws {
        let file = sandbox.folder.appendingPathComponent("zeros.csv")
        try Data(count: 4 << 20).write(to: file)
        let result = sandbox.run(["import", file.path])
        #expect(result.status == 1)
        #expect(result.errorOutput.hasPrefix("\(file.path): The file is not text: it holds NUL bytes."))
        #expect(!FileManager.default.fileExists(atPath: sandbox.file.path))
    }

    @Test("a relative HOME is refused, not taken from the working folder")
    func relativeHome() {
        let output = CapturedOutput()
        let errorOutput = CapturedOutput()
        let status = CommandLineTool.run(
            arguments: ["add", "Ada", "--age", "12"], environment: ["HOME": "relative/home"], output: output,
            errorOutput: errorOutput)
        #expect(status == 64)
        #expect(errorOutput.text.hasPrefix("Error: HOME is 'relative/home', which is not an absolute path"))
        #expect(!FileManager.default.fileExists(atPath: "relative"))
    }

    @Test("delete-all's hint stays true after later changes")
    func deleteAllHint() throws {
        for name in ["Ada", "Alan", "Grace"] { try sandbox.add(name) }
        #expect(sandbox.run(["delete-all", "--yes"]).output.contains("Run 'roster undo'"))
        try sandbox.add("New Kid")
        try sandbox.add("Other Kid")
        for _ in 0..<3 { #expect(sandbox.run(["undo"]).status == 0) }
        #expect(try StorageHandler.load(from: sandbox.file).map(\.name) == ["Ada", "Alan", "Grace"])
    }
}

/// What a reader thread hands back to the test.
final class ReadBox: @unchecked Sendable {
    var data = Data()
    let done = DispatchSemaphore(value: 0)
}
