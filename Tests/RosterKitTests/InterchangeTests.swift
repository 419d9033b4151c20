import Foundation
import RosterEngine
import Testing

@testable import RosterKit

@Suite("CSV, JSON and plist interchange")
struct InterchangeTests {
    @Test(
        "a CSV file of more lines than an import takes is refused before a row is read; one at the limit is read"
    )
    func rowLimit() throws {
        var text = "name,age\n" + String(repeating: "A,9\n", count: RosterImporter.maximumRows)
        #expect(
            try RosterImporter.read(Data(text.utf8), format: .csv).students.count
                == RosterImporter.maximumRows)
        text += "B,9\n"
        #expect {
            try RosterImporter.read(Data(text.utf8), format: .csv)
        } throws: { error in
            (error as? ImportError)?.problems.first?.message.contains("at most 1,000,000 students") == true
        }
    }

    @Test("CSV export: header, CRLF, quoting, doubled quotes, absent optionals")
    func csvWriter() throws {
        let id = try #require(UUID(uuidString: "0F8E2A34-5B6C-4D7E-8F90-A1B2C3D4E5F6"))
        let text = CSVRosterWriter.text(for: [
            Student(id: id, name: "Smith, \"Jo\"", age: 9, grade: 3, score: 77.25),
            Student(id: id, name: "Zoë", age: 10),
        ])
        #expect(
            text
                == "id,name,age,grade,score\r\n0F8E2A34-5B6C-4D7E-8F90-A1B2C3D4E5F6,\"Smith, \"\"Jo\"\"\",9,3,77.25\r\n"
                + "0F8E2A34-5B6C-4D7E-8F90-A1B2C3D4E5F6,Zoë,10,,\r\n")
    }

    @Test("JSON export reads back with JSONDecoder, control characters and quotes included")
    func jsonRoundTrip() throws {
        var generator = SeededRandom(seed: 9)
        var students = RandomRoster.make(count: 25_000, using: &generator)
        let awkward = [
            "tab\there", "line\nbreak", "back\\slash", "\"quoted\"", "bell\u{7}\u{1F}", "\r\u{0}", "",
        ]
        for (index, name) in awkward.enumerated() { students[index * 1_000].name = name }
        students[1].score = -.greatestFiniteMagnitude
        students[2].age = Int.min
        let decoded = try JSONDecoder().decode(
            [Student].self, from: Data(JSONRosterWriter.array(students).utf8))
        #expect(decoded == students)
        for student in students.prefix(50) {
            let object = try JSONDecoder().decode(
                Student.self, from: Data(JSONRosterWriter.object(student).utf8))
            #expect(object == student)
        }
    }

    @Test("numbers written digit by digit read exactly as String prints them")
    func decimalText() {
        var generator = SeededRandom(seed: 42)
        var scores: [Double] = [
            0, -0.0, 0.5, -0.5, 88.5, 100, 0.1, 0.30000000000000004, 1e-7, 999_999.9, 1e6, 1e300,
        ]
        scores += [.nan, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        for _ in 0..<5000 {
            scores.append(Double(Int.random(in: -10_000...10_000, using: &generator)) / 10)
            scores.append(Double(Int.random(in: 0...100_000, using: &generator)) / 100)
            scores.append(Double(bitPattern: generator.next()))
        }
        for score in scores {
            var bytes: [UInt8] = []
            DecimalText.append(score: score, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == JSONRosterWriter.number(score), "\(score)")
            #expect(DecimalText.width(ofScore: score) == bytes.count, "\(score)")
        }
        for value in [0, 7, -7, 10, 99, 100, -100, 123_456_789, Int.max, Int.min] {
            var bytes: [UInt8] = []
            DecimalText.append(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
            #expect(DecimalText.width(of: value) == String(value).utf8.count)
        }
    }

    @Test(
        "fields a spreadsheet would run as a formula are guarded with a leading '",
        arguments: [
            ("=HYPERLINK(\"http://evil\")", "\"'=HYPERLINK(\"\"http://evil\"\")\""), ("+1", "'+1"),
            ("-1", "'-1"),
            ("@SUM(A1)", "'@SUM(A1)"), ("\tTab", "'\tTab"), ("'quoted", "''quoted"), ("Ada", "Ada"),
            ("a=b", "a=b"),
        ])
    func formulaGuard(name: String, field: String) {
        #expect(CSVRosterWriter.field(name) == field)
    }

    @Test("CSV import: BOM, CRLF, quotes, a newline in a quoted field, blank lines, an unknown column")
    func csvAwkward() throws {
        let result = try RosterImporter.read(Fixtures.data("import/bom-crlf-quotes.csv"), format: .csv)
        #expect(
            result.students.map(\.name) == [
                "Lovelace, Ada", "Dwayne \"The Rock\" Jones", "Zoë Martin",
            ])
        #expect(result.students.map(\.age) == [12, 13, 11])
        #expect(result.students.map(\.score) == [91.5, nil, 88])
        #expect(result.sources.map(\.line) == [2, 4, 5])
        #expect(result.notes == ["ignoring the column 'Email', which roster does not keep"])
        #expect(result.sources.allSatisfy { !$0.hasFileID })
    }

    @Test(
        "headers as colleagues' spreadsheets name the name's columns",
        arguments: [
            "Forename,Surname,Age", "Vorname;Nachname;Alter;age", "Prénom,Nom,age", "Student Name,Age",
            "Pupil,age", "given_name,family_name,AGE",
        ])
    func colleagueHeaders(header: String) throws {
        let separator = header.contains(";") ? ";" : ","
        let split = !header.lowercased().hasPrefix("student") && !header.lowercased().hasPrefix("pupil")
        let row =
            (split ? ["Zoë", "Martin"] : ["Zoë Martin"]) + (header.contains("Alter") ? ["x"] : []) + ["11"]
        let text = header + "\n" + row.joined(separator: separator) + "\n"
        let result = try RosterImporter.read(Data(text.utf8), format: .csv)
        #expect(result.students.map(\.name) == ["Zoë Martin"] && result.students.map(\.age) == [11])
    }

    @Test("a table pasted from a spreadsheet, tab-separated, is read with its decimal commas")
    func tabSeparated() throws {
        let text = "name\tage\tscore\nLovelace, Ada\t12\t91,5\nZoë Martin\t11\t88\n"
        let result = try RosterImporter.read(Data(text.utf8), format: .csv)
        #expect(result.students.map(\.name) == ["Lovelace, Ada", "Zoë Martin"])
        #expect(result.students.map(\.score) == [91.5, 88])
    }

    @Test("a CSV file large enough to be checked on both cores keeps file order, ids and every problem")
    func csvLarge() throws {
        let count = 100_000
        var text = "name,age,score\n"
        for row in 0..<count { text += "Student \(row),\(row % 20 + 1),\(row % 101)\n" }
        let result = try RosterImporter.read(Data(text.utf8), format: .csv)
        #expect(result.students.map(\.name) == (0..<count).map { "Student \($0)" })
        #expect(result.sources.map(\.line) == (0..<count).map { $0 + 2 })
        #expect(Set(result.students.map(\.id)).count == count)
        // Bad rows in both halves of a batch and in several batches, each reported at its line.
        let bad = [5, 20_001, 39_999, 40_000, 77_777, 99_999]
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for row in bad { lines[row + 1] = "Student \(row),old,1" }
        let error = try #require(throws: ImportError.self) {
            try RosterImporter.read(Data(lines.joined(separator: "\n").utf8), format: .csv)
        }
        #expect(error.problems.map(\.line) == bad.map { $0 + 2 })
    }

    @Test(
        "a large file read in two halves gives what reading it whole gives, whatever its line ends",
        arguments: [false, true])
    func csvHalvesMatchWhole(withProblems: Bool) throws {
        var generator = SeededRandom(seed: 77)
        var text = "\u{FEFF}\r\nname,age\r\n"
        for row in 0..<60_000 {
            let age = withProblems && row % 9_973 == 0 ? "old" : String(row % 20 + 1)
            let ends = ["\r\n", "\n", "\r", "\r\n\r\n", "\n\n"]
            text += "Student \(row),\(age)" + ends[Int.random(in: 0..<5, using: &generator)]
        }
        // A quote anywhere makes the file be read whole, since a line break may then be in a field.
        let whole = text + "\"Last, Student\",9\n"
        func read(_ text: String) -> Swift.Result<RosterImporter.Result, ImportError> {
            Swift.Result { () throws(ImportError) in try RosterImporter.read(Data(text.utf8), format: .csv) }
        }
        switch (read(text), read(whole)) {
        case (.success(let halves), .success(let wholly)):
            #expect(!withProblems)
            #expect(halves.students.map(\.name) == wholly.students.dropLast().map(\.name))
            #expect(halves.sources.map(\.line) == wholly.sources.dropLast().map(\.line))
        case (.failure(let halves), .failure(let wholly)):
            #expect(withProblems)
            #expect(halves.problems.count == 7)
            #expect(halves.problems == wholly.problems)
        default:
            Issue.record("the two readings disagree")
        }
    }

    @Test("CSV import with ; separators reads decimal commas")
    func csvSemicolon() throws {
        let result = try RosterImporter.read(
            Fixtures.data("import/semicolon-decimal-comma.csv"), format: .csv)
        #expect(result.students.map(\.name) == ["Jürgen Müller", "Émile Durand", "Smith; Jo"])
        #expect(result.students.map(\.score) == [77.5, 64, nil])
    }

    @Test("every bad row is reported with its line, and nothing is returned")
    func csvBadRows() throws {
        let error = try #require(throws: ImportError.self) {
            try RosterImporter.read(Fixtures.data("import/bad-rows.csv"), format: .csv)
        }
        #expect(error.problems.map(\.line) == [5, 6, 7, 8, 9, 10])
        #expect(error.problems[2].message == "The age 'seventeen' is not a whole number.")
        #expect(error.problems[3].message.contains("appears twice in the file (first at line 2)"))
        #expect(
            error.problems[4].message.contains("grade 14") && error.problems[4].message.contains("score 101"))
    }

    @Test(
        "a CSV header without a name, an id or a school id is refused",
        arguments: ["age,score\n", "grade;note\n", ""])
    func csvHeader(text: String) {
        #expect(throws: ImportError.self) { try RosterImporter.read(Data(text.utf8), format: .csv) }
    }

    @Test("JSON import: optional id, age as a string, line numbers for problems")
    func json() throws {
        let result = try RosterImporter.read(Fixtures.data("import/class.json"), format: .json)
        #expect(result.students.map(\.name) == ["Ada Lovelace", "Zoë Martin", "李华"])
        #expect(result.students.map(\.age) == [12, 11, 12])
        #expect(result.students.map(\.score) == [91.5, nil, 0.1])
        #expect(result.sources.map(\.line) == [2, 3, 4])
        #expect(result.sources.map(\.hasFileID) == [true, false, false])
        let error = try #require(throws: ImportError.self) {
            try RosterImporter.read(Fixtures.data("import/bad.json"), format: .json)
        }
        // "Nobody", without an age, is refused only if the import would add them (see ImportChanges).
        #expect(error.problems.map(\.line) == [4, 5])
    }

    @Test("the iOS app's plist imports")
    func iOSPlist() throws {
        let result = try RosterImporter.read(Fixtures.data("ios-app-students.plist"), format: .plist)
        #expect(result.students.count == 4)
        #expect(result.sources.allSatisfy { $0.hasFileID })
    }

    @Test("writing in pieces gives the same bytes as writing at once", arguments: InterchangeFormat.allCases)
    func pieces(format: InterchangeFormat) throws {
        var generator = SeededRandom(seed: 7)
        let students = RandomRoster.make(count: 20_000, using: &generator)
        let order = Array(students.indices.reversed())
        var pieces: [[UInt8]] = []
        try format.write(students, order: order) { pieces.append($0) }
        #expect(pieces.joined().elementsEqual(try format.bytes(for: students, order: order)))
        #expect(format == .plist ? pieces.count == 1 : pieces.count > 1)
        var empty: [[UInt8]] = []
        try format.write(students, order: []) { empty.append($0) }
        #expect(empty.joined().elementsEqual(try format.bytes(for: students, order: [])))
    }

    @Test("export then import reproduces the same students", arguments: InterchangeFormat.allCases)
    func roundTrip(format: InterchangeFormat) throws {
        var generator = SeededRandom(seed: 99)
        var students = RandomRoster.make(count: 400, using: &generator)
        let awkward = [
            "=1+1", "+SUM(A1)", "-5", "@me", "'=quoted", "''", "a,b", "\"q\"", "Zoë, \"李\"", "-Tab",
        ]
        for (index, name) in awkward.enumerated() { students[index].name = name }
        let data = try format.data(for: students)
        let read = try RosterImporter.read(data, format: format)
        #expect(read.students.count == students.count)
        let mismatch = zip(read.students, students).first { $0 != $1 }
        #expect(mismatch == nil)
        #expect(read.sources.allSatisfy { $0.hasFileID })
    }
}
