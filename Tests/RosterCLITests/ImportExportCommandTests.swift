import Foundation
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterCLI

@Suite("import and export commands")
struct ImportExportCommandTests {
    let sandbox: RosterSandbox
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    init() throws {
        sandbox = try RosterSandbox()
    }

    private func fixture(_ name: String) -> String {
        Self.fixtures.appendingPathComponent(name).path
    }

    @Test(
        "every name a roster file may hold comes back from its export into an empty class, in every format",
        arguments: ["csv", "json", "plist"])
    func hostileNamesRoundTrip(format: String) throws {
        let names = [
            "Tab\tName", "Ev\u{1B}[2Jil", "Rtl\u{202E}gnp", "Line\u{2028}Sep", "'quoted", "=SUM(A1)",
            "C1\u{9B}x",
        ]
        try StorageHandler.save(names.map { Student(name: $0, age: 12) }, to: sandbox.file)
        let exported = sandbox.folder.appendingPathComponent("out." + format)
        #expect(sandbox.run(["export", "--format", format, "--output", exported.path]).status == 0)
        let empty = sandbox.folder.appendingPathComponent("empty.plist")
        let imported = sandbox.run(["--file", empty.path, "import", exported.path])
        #expect(imported.status == 0, "\(imported.errorOutput)")
        #expect(try StorageHandler.load(from: empty).map(\.name) == names)
        // What a terminal is shown is escaped; a binary plist is not shown at all.
        let (output, errorOutput) = (CapturedOutput(isTerminal: true), CapturedOutput())
        let status = CommandLineTool.run(
            arguments: ["export", "--format", format], environment: sandbox.environment, output: output,
            errorOutput: errorOutput)
        #expect(status == (format == "plist" ? 64 : 0), "\(errorOutput.text)")
        #expect(
            !output.text.unicodeScalars.contains { VisibleText.isControl($0) && $0 != "\n" && $0 != "\r" })
    }

    @Test(
        "a CSV export imported with --replace gives back the same roster",
        arguments: ["csv", "json", "plist"])
    func roundTrip(format: String) throws {
        #expect(sandbox.run(["import", fixture("sample-class.plist")]).status == 0)
        try sandbox.add("=HYPERLINK(\"http://x\",\"y\")", age: 12, ["--score", "33.333333333333336"])
        try sandbox.add("Smith, \"Jo\"", age: 9)
        let before = try StorageHandler.load(from: sandbox.file)
        let exported = sandbox.folder.appendingPathComponent("class.\(format)")
        let export = sandbox.run(["export", "--output", exported.path])
        #expect(export.output == "Exported 32 students to \(exported.path) as \(format).\n")
        #expect(sandbox.run(["delete-all", "--yes"]).status == 0)
        let imported = sandbox.run(["import", exported.path, "--replace"])
        #expect(
            imported.output.hasPrefix(
                "Replaced the roster with 32 students from \(exported.path): 32 added, 0 leaving, 0 changed, "
                    + "0 unchanged.\nAdded:\n"))
        #expect(try StorageHandler.load(from: sandbox.file) == before)
    }

    @Test(
        "an export to a workbook's extension is refused with exit 64, writing nothing",
        arguments: [["--output", "class.xlsx"], ["--format", "csv", "--output", "Class.ODS"]])
    func workbookRefused(arguments: [String]) throws {
        try sandbox.add("Ann Lee")
        let result = sandbox.run(
            ["export"] + arguments.map { $0.contains(".") ? sandbox.folder.path + "/" + $0 : $0 })
        #expect(result.status == 64)
        #expect(result.errorLine.hasPrefix("Error: roster does not write ."), "\(result.errorOutput)")
        #expect(result.errorLine.contains("Export to a .csv file"))
        let written = try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.path)
        #expect(!written.contains { $0.lowercased().hasSuffix("xlsx") || $0.lowercased().hasSuffix("ods") })
    }

    @Test("--age gives CSV rows without an age theirs, so a list of names alone imports")
    func csvDefaultAge() throws {
        let names = sandbox.folder.appendingPathComponent("names.csv")
        try Data("Pupil\nAva Smith\nLiam Jones\n".utf8).write(to: names)
        #expect(sandbox.run(["import", names.path]).status == 1)
        let imported = sandbox.run(["import", names.path, "--age", "12"])
        #expect(imported.status == 0, "\(imported.errorOutput)")
        #expect(try StorageHandler.load(from: sandbox.file).map(\.age) == [12, 12])
        let mixed = sandbox.folder.appendingPathComponent("mixed.csv")
        try Data("name,age\nBo Chen,\nCy Diaz,13\n".utf8).write(to: mixed)
        #expect(sandbox.run(["import", mixed.path, "--age", "11"]).status == 0)
        #expect(try StorageHandler.load(from: sandbox.file).suffix(2).map(\.age) == [11, 13])
        let json = sandbox.folder.appendingPathComponent("x.json")
        try Data("[]".utf8).write(to: json)
        #expect(sandbox.run(["import", json.path, "--age", "11"]).status == 64)
    }

    @Test("a file of school ids and scores updates the students it finds, and cannot add one")
    func scoresBySchoolID() throws {
        let roster = sandbox.folder.appendingPathComponent("roster.csv")
        try Data("name,age,school id\nAva Smith,12,S1\nLiam Jones,11,S2\n".utf8).write(to: roster)
        #expect(sandbox.run(["import", roster.path]).status == 0)
        let scores = sandbox.folder.appendingPathComponent("scores.csv")
        try Data("student id,score\nS2,88\n".utf8).write(to: scores)
        let updated = sandbox.run(["import", scores.path])
        #expect(updated.status == 0, "\(updated.errorOutput)")
        let students = try StorageHandler.load(from: sandbox.file)
        #expect(students.map(\.name) == ["Ava Smith", "Liam Jones"])
        #expect(students.map(\.score) == [nil, 88])
        let stranger = sandbox.folder.appendingPathComponent("stranger.csv")
        try Data("student id,score\nS9,70\n".utf8).write(to: stranger)
        let refused = sandbox.run(["import", stranger.path])
        #expect(refused.status == 1)
        #expect(
            refused.errorOutput.contains(
                "No student on the roster has this row's id or school id, and adding one needs a name."),
            "\(refused.errorOutput)")
        #expect(try StorageHandler.load(from: sandbox.file) == students)
    }

    @Test("a header without the columns roster needs says which it has, in one problem")
    func headerWithoutNeededColumns() throws {
        let sheet = sandbox.folder.appendingPathComponent("sheet.csv")
        try Data("Pupil Ref,Year\n1,7\n".utf8).write(to: sheet)
        let result = sandbox.run(["import", sheet.path])
        #expect(result.status == 1)
        #expect(
            result.errorOutput.contains(
                "The header has no 'name' column (it has 'Pupil Ref', 'Year'); it needs name"),
            "\(result.errorOutput)")
        #expect(
            result.errorOutput.contains("the file has 1 problem. Fix it and import again."),
            "\(result.errorOutput)")
    }

    @Test("import is all or nothing and reports every bad row as file:line:")
    func badRows() throws {
        try sandbox.add("Existing")
        let before = sandbox.bytes()
        let path = fixture("import/bad-rows.csv")
        let result = sandbox.run(["import", path])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        let lines = result.errorOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 7)
        #expect(lines[2] == "\(path):7: The age 'seventeen' is not a whole number.")
        #expect(
            lines.last == "Error: Nothing was imported: the file has 6 problems. Fix them and import again.")
        #expect(sandbox.bytes() == before)
    }

    @Test("a file imported twice matches its students, by id or by name and age, and doubles nobody")
    func importedTwice() throws {
        let path = fixture("import/class.json")
        #expect(sandbox.run(["import", path]).output.hasPrefix("Imported 3 students from \(path): 3 added,"))
        let ids = try StorageHandler.load(from: sandbox.file).map(\.id)
        for arguments in [["import", path], ["import", path, "--replace"], ["import", path, "--dry-run"]] {
            let again = sandbox.run(arguments)
            #expect(again.status == 0)
            #expect(again.output.contains(": 0 added, "), "\(arguments)")
            #expect(again.output.contains("0 changed, 3 unchanged"), "\(arguments)")
            #expect(try StorageHandler.load(from: sandbox.file).map(\.id) == ids)
        }
        let exported = sandbox.folder.appendingPathComponent("with-ids.json").path
        #expect(sandbox.run(["export", "--output", exported]).status == 0)
        let withIDs = sandbox.run(["import", exported])
        #expect(withIDs.output == "Imported 3 students from \(exported): 0 added, 0 changed, 3 unchanged.\n")
        #expect(try StorageHandler.load(from: sandbox.file).count == 3)
        #expect(sandbox.run(["import", path, "--replace"]).status == 0)
        #expect(try StorageHandler.load(from: sandbox.file).count == 3)
    }

    @Test("--dry-run shows what would be imported and writes nothing")
    func dryRun() throws {
        let result = sandbox.run(["import", fixture("import/bom-crlf-quotes.csv"), "--dry-run"])
        #expect(result.status == 0)
        #expect(result.output.contains("Would import 3 students"))
        #expect(result.output.contains("  Dwayne \"The Rock\" Jones, age 13\n"))
        #expect(result.errorOutput == "Note: ignoring the column 'Email', which roster does not keep.\n")
        #expect(sandbox.bytes() == nil)
    }

    @Test("the format follows the extension unless given")
    func formats() throws {
        let copy = sandbox.folder.appendingPathComponent("class.data")
        try FileManager.default.copyItem(
            atPath: fixture("import/semicolon-decimal-comma.csv"), toPath: copy.path)
        let unknown = sandbox.run(["import", copy.path])
        #expect(unknown.status == 64)
        #expect(unknown.errorLine.hasPrefix("Error: Cannot tell the format of '\(copy.path)' from its name"))
        #expect(sandbox.run(["import", copy.path, "--format", "csv"]).status == 0)
        #expect(try StorageHandler.load(from: sandbox.file).map(\.score) == [77.5, 64, nil])
    }

    @Test("a missing import file exits 1 naming it")
    func missingFile() {
        let result = sandbox.run(["import", "/nonexistent/class.csv"])
        #expect(result.status == 1)
        #expect(
            result.errorLine.hasPrefix(
                "Error: Could not read '/nonexistent/class.csv': No such file or directory."))
    }

    @Test("export writes CSV to standard output by default, in file order")
    func exportStdout() throws {
        try sandbox.add("Zoë", age: 11)
        try sandbox.add("Ada", age: 12, ["--grade", "7"])
        let lines = sandbox.run(["export"]).output.components(separatedBy: "\r\n")
        #expect(lines.first == "id,name,age,grade,score")
        #expect(lines[1].hasSuffix(",Zoë,11,,") && lines[2].hasSuffix(",Ada,12,7,"))
        #expect(lines.last == "")
    }

    @Test("list --format csv and plist follow the listing order")
    func listFormats() throws {
        try sandbox.add("Zoë", age: 11)
        try sandbox.add("Ada", age: 12)
        #expect(sandbox.run(["list", "--format", "csv"]).output.contains(",Ada,12,,\r\n"))
        let csvLines = sandbox.run(["list", "--format", "csv"]).output.components(separatedBy: "\r\n")
        #expect(csvLines[1].contains("Ada") && csvLines[2].contains("Zoë"))
        let plist = sandbox.run(["list", "--format", "plist", "--sort", "age"]).output
        #expect(plist.hasPrefix("<?xml"))
        let students = try PropertyListDecoder().decode([Student].self, from: Data(plist.utf8))
        #expect(students.map(\.name) == ["Zoë", "Ada"])
    }

    @Test("an export file is private and replaced atomically")
    func exportFile() throws {
        try sandbox.add("Ada")
        let output = sandbox.folder.appendingPathComponent("out.json")
        #expect(sandbox.run(["export", "--output", output.path]).status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: output.path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        let decoded = try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [[String: Any]]
        #expect(decoded?.first?["name"] as? String == "Ada")
    }

    @Test("export --bom starts a CSV with a UTF-8 byte order mark that import reads back")
    func exportByteOrderMark() throws {
        try sandbox.add("Zoë", age: 11)
        let plain = sandbox.run(["export"]).output
        #expect(!plain.hasPrefix("\u{FEFF}"))
        #expect(sandbox.run(["export", "--bom"]).output == "\u{FEFF}" + plain)
        let file = sandbox.folder.appendingPathComponent("excel.csv")
        #expect(sandbox.run(["export", "--bom", "--output", file.path]).status == 0)
        let bytes = [UInt8](try Data(contentsOf: file))
        #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]))
        #expect(sandbox.run(["import", file.path, "--replace"]).status == 0)
        #expect(sandbox.run(["export"]).output == plain)
        let refused = sandbox.run(["export", "--bom", "--format", "json"])
        #expect(refused.status == 64 && refused.errorLine.hasPrefix("Error: --bom is for CSV exports"))
    }

    @Test("export --delimiter semicolon writes ; and decimal commas, and imports back to the same roster")
    func semicolonExport() throws {
        try sandbox.add("Müller; Jo", age: 11, ["--score", "7.5", "--grade", "5"])
        try sandbox.add("Smith, Al", age: 12, ["--score", "0.00001"])
        try sandbox.add("Lee", age: 13, ["--score", "12.25"])
        let before = try StorageHandler.load(from: sandbox.file)
        let semicolon = sandbox.run(["export", "--delimiter", "semicolon", "--bom"]).output
        let lines = semicolon.split(separator: "\r\n").map(String.init)
        #expect(lines[0] == "\u{FEFF}id;name;age;grade;score")
        #expect(lines[1].hasSuffix(";\"Müller; Jo\";11;5;7,5"))
        #expect(lines[2].hasSuffix(";\"Smith, Al\";12;;0,00001"))
        #expect(lines[3].hasSuffix(";Lee;13;;12,25"))
        let file = sandbox.folder.appendingPathComponent("german.csv")
        try Data(semicolon.utf8).write(to: file)
        #expect(sandbox.run(["delete-all", "--yes"]).status == 0)
        #expect(sandbox.run(["import", file.path]).status == 0)
        #expect(try StorageHandler.load(from: sandbox.file) == before)
        let refused = sandbox.run(["export", "--delimiter", "semicolon", "--format", "plist"])
        #expect(refused.status == 64 && refused.errorLine.hasPrefix("Error: --delimiter is for CSV exports"))
    }

    @Test("a name decoded twice (ZoÃ« for Zoë) is a bad row with the fix; real accents import")
    func doubleEncodedNames() throws {
        let file = sandbox.folder.appendingPathComponent("class.csv")
        let rows = "name,age\nJoão,12\nÁlvaro,13\nZoÃ« Martin,11\nOâ€™Brien,12\nSøren,12\n"
        try Data(rows.utf8).write(to: file)
        let result = sandbox.run(["import", file.path])
        #expect(result.status == 1)
        #expect(
            result.errorOutput.contains("class.csv:4: The name 'ZoÃ« Martin' reads as UTF-8 decoded twice"))
        #expect(result.errorOutput.contains("probably from 'Zoë Martin'"))
        #expect(result.errorOutput.contains("class.csv:5: The name 'Oâ€™Brien'"))
        #expect(!result.errorOutput.contains(":2:") && !result.errorOutput.contains(":3:"))
        #expect(!result.errorOutput.contains(":6:"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.file.path))
        let fixed = "name,age\nJoão,12\nÁlvaro,13\nZoë Martin,11\nO’Brien,12\nSøren,12\n"
        try Data(fixed.utf8).write(to: file)
        #expect(sandbox.run(["import", file.path]).status == 0)
        #expect(try StorageHandler.load(from: sandbox.file).count == 5)
    }
}
