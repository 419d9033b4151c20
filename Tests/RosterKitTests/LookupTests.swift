import Foundation
import RosterEngine
import Testing

@testable import RosterKit

@Suite("Finding a student")
struct LookupTests {
    let students = [
        Student(id: UUID(uuidString: "1A2B3C4D-0000-4000-8000-000000000001") ?? UUID(), name: "Ada", age: 12),
        Student(
            id: UUID(uuidString: "1A2B9999-0000-4000-8000-000000000002") ?? UUID(), name: "Alan", age: 12),
        Student(id: UUID(uuidString: "FFFF0000-0000-4000-8000-000000000003") ?? UUID(), name: "Zoë", age: 11),
        Student(
            id: UUID(uuidString: "EEEE0000-0000-4000-8000-000000000004") ?? UUID(), name: "Twin", age: 11),
        Student(
            id: UUID(uuidString: "DDDD0000-0000-4000-8000-000000000005") ?? UUID(), name: "twin", age: 13),
    ]

    @Test(
        "references that pick out one student",
        arguments: [
            ("1A2B3C4D-0000-4000-8000-000000000001", 0), ("1a2b3c4d-0000-4000-8000-000000000001", 0),
            ("1a2b3", 0), ("1A2B9", 1), ("ffff", 2), ("ada", 0), ("ZOË", 2), ("  Alan ", 1),
        ])
    func unique(reference: String, index: Int) throws {
        #expect(try RosterLookup.index(of: reference, in: students) == index)
    }

    @Test(
        "letters and apostrophes as a teacher types them find the student, on every path",
        arguments: [
            ("yilmaz", "Ayşe Yılmaz"), ("o’connor", "Seán O'Connor"), ("O'Connor", "Mary O’Connor"),
            ("lukasz", "Łukasz Nowak"), ("soren", "Søren Ørsted"), ("aebleskiver", "Æbleskiver"),
            ("grosse", "Größe Oeuvre"), ("oeuvre", "Œuvre Dupont"), ("thora", "Þóra Guðmundsdóttir"),
        ])
    func typedLetters(reference: String, name: String) throws {
        let others = ["Ada Lovelace", "Zoë Martin", "Bo Chen"].map { Student(name: $0, age: 12) }
        let roster = others + [Student(name: name, age: 12)]
        #expect(try RosterLookup.index(of: reference, in: roster) == 3)
        // The same through a file read for a change, whose names stay bytes until they could match.
        let folder = try TemporaryFolder()
        try StorageHandler.save(roster, to: folder.file())
        let edit = try ClassroomIntents.edit(reference, StudentChanges(age: 13), at: folder.file())
        #expect(edit.after.name == name)
    }

    @Test("a reference that matches nobody", arguments: ["Bob", "FFF", "0000", "Xy"])
    func notFound(reference: String) {
        #expect(throws: LookupError.notFound(reference: reference, closest: [])) {
            try RosterLookup.index(of: reference, in: students)
        }
    }

    static let classroom = ["Ada Lovelace", "Adam Smith", "Zoë Martin", "Alan Turing", "Mary-Jane Watson"]
        .map { Student(name: $0, age: 12) }

    @Test(
        "students by the names teachers use: words, first names, no accents; whole words win",
        arguments: [
            ("lovelace", 0), ("a love", 0), ("zoe martin", 2), ("ZOE", 2), ("ada", 0), ("adam", 1),
            ("turing alan", 3),
            ("al", 3), ("jane", 4), ("mary watson", 4), ("Ada Lovelace", 0),
        ])
    func byWords(reference: String, index: Int) throws {
        #expect(try RosterLookup.index(of: reference, in: Self.classroom) == index)
    }

    @Test(
        "starts of words that fit several students are refused with the candidates", arguments: ["ad", "a"])
    func ambiguousStarts(reference: String) throws {
        let error = try #require(throws: LookupError.self) {
            try RosterLookup.index(of: reference, in: Self.classroom)
        }
        guard case .ambiguous(_, let candidates, _) = error else {
            Issue.record("expected ambiguous, got \(error)")
            return
        }
        #expect(
            candidates.contains { $0.hasSuffix("Ada Lovelace") }
                && candidates.contains { $0.hasSuffix("Adam Smith") })
    }

    @Test("a reference that matches nobody suggests the closest names")
    func suggestions() throws {
        let error = try #require(throws: LookupError.self) {
            try RosterLookup.index(of: "martn", in: Self.classroom)
        }
        #expect(error == .notFound(reference: "martn", closest: ["Zoë Martin"]))
        #expect(error.description == "No student matches 'martn'. Did you mean 'Zoë Martin'?")
        let three = try #require(throws: LookupError.self) {
            try RosterLookup.index(of: "Adan", in: Self.classroom)
        }
        #expect(three.description.hasSuffix("Did you mean 'Ada Lovelace', 'Adam Smith' or 'Alan Turing'?"))
    }

    @Test("an ambiguous reference lists the candidates", arguments: ["1A2B", "twin"])
    func ambiguous(reference: String) throws {
        let error = try #require(throws: LookupError.self) {
            try RosterLookup.index(of: reference, in: students)
        }
        guard case .ambiguous(_, let candidates, let count) = error else {
            Issue.record("expected ambiguous, got \(error)")
            return
        }
        #expect(candidates.count == 2 && count == 2)
        #expect(error.description.contains("matches 2 students"))
    }

    @Test("short ids are at least 8 characters and unique")
    func shortIDs() throws {
        let ids = RosterLookup.shortIDs(for: students)
        #expect(ids[0] == "1A2B3C4D")
        #expect(ids[2] == "FFFF0000")
        let clash = [
            Student(
                id: UUID(uuidString: "12345678-9000-4000-8000-000000000001") ?? UUID(), name: "A", age: 1),
            Student(
                id: UUID(uuidString: "12345678-9100-4000-8000-000000000002") ?? UUID(), name: "B", age: 1),
        ]
        let clashIDs = RosterLookup.shortIDs(for: clash)
        #expect(clashIDs == ["12345678-90", "12345678-91"])
        for (index, short) in clashIDs.enumerated() {
            #expect(try RosterLookup.index(of: short, in: clash) == index)
        }
    }

    @Test(
        "short ids are the shortest unique prefixes, also for ids that share most digits",
        arguments: [300, 30_000])
    func shortIDsAgainstAnOracle(count: Int) {
        var generator = SeededRandom(seed: UInt64(count))
        // Clusters of ids that agree on 4 to 31 leading hex digits, among plain random ones.
        var texts: [String] = []
        while texts.count < count {
            let base = (0..<32).map { _ in String(Int.random(in: 0..<16, using: &generator), radix: 16) }
            let shared = Int.random(in: 0...31, using: &generator)
            for _ in 0..<(shared < 4 ? 1 : Int.random(in: 2...4, using: &generator)) {
                let digits =
                    base.prefix(shared)
                    + (shared..<32).map { _ in
                        String(Int.random(in: 0..<16, using: &generator), radix: 16)
                    }
                texts.append(digits.joined().uppercased())
            }
        }
        let unique = Array(Set(texts)).sorted().shuffled(using: &generator)
        let students = unique.map { text in
            let hyphenated = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
                String(text.dropFirst(range.lowerBound).prefix(range.count))
            }.joined(separator: "-")
            return Student(id: UUID(uuidString: hyphenated) ?? UUID(), name: "S", age: 10)
        }
        // The oracle: sort the texts, and each id needs one digit more than it shares with a neighbour.
        let order = unique.indices.sorted { unique[$0] < unique[$1] }
        var expected = [Int](repeating: 8, count: unique.count)
        for (left, right) in zip(order, order.dropFirst()) {
            let shared = zip(unique[left], unique[right]).prefix { $0 == $1 }.count
            expected[left] = max(expected[left], shared + 1)
            expected[right] = max(expected[right], shared + 1)
        }
        let withHyphens = expected.map { digits in digits + [8, 12, 16, 20].filter { digits > $0 }.count }
        #expect(RosterLookup.shortIDLengths(for: students) == withHyphens)
    }

    @Test(
        "ids are read as UUID reads them, in either case, and nothing else is an id",
        arguments: [
            "1A2B3C4D-0000-4000-8000-00000000000F", "1a2b3c4d-0000-4000-8000-00000000000f",
            "1A2B3C4G-0000-4000-8000-000000000001", "1A2B3C4D-0000-4000-8000-00000000000",
            "1A2B3C4D00000-4000-8000-000000000001",
            "1A2B3C4D-0000-4000-8000-00000000000/", "1A2B3C4D-0000-4000-8000-00000000000:",
            "1A2B3C4D-0000-4000-8000-00000000000@", "1A2B3C4D-0000-4000-8000-00000000000`",
        ])
    func idText(text: String) {
        #expect(UUIDText.uuid(from: text) == UUID(uuidString: text))
    }
}

/// Every place that asks whether two names are the same name asks the one rule, so they agree.
@Suite("One rule for the same name")
struct SameNameRuleTests {
    static let spellings: [(stored: String, typed: String)] = [
        ("Zoë Martin", "zoe martin"), ("Straße Ölz", "STRASSE olz"), ("Ａda Lovelace", "ada lovelace"),
        ("Ada\u{200B} Byron", "ada byron"), ("Jose\u{0301} Luis", "josé luis"),
    ]

    @Test("lookup, add's namesake note, an import's duplicate check and --search agree", arguments: spellings)
    func agree(stored: String, typed: String) throws {
        let student = Student(name: stored, age: 12)
        let roster = [Student(name: "Someone Else", age: 12), student]
        #expect(try RosterLookup.index(of: typed, in: roster) == 1)
        var folder = ScalarFolder()
        #expect(SameName(typed).matches(stored, folder: &folder))
        let imported = RosterImporter.Result(
            students: [Student(name: typed, age: 12)], sources: [ImportSource(line: 2, hasFileID: false)])
        #expect(ImportMatching(imported, roster: roster).students(of: roster).map(\.id) == [student.id])
        #expect(StudentFilter(search: typed).apply(to: roster, in: [0, 1]) == [1])
    }

    @Test("names that differ by more than case, accents and invisible characters are not the same")
    func differ() {
        var folder = ScalarFolder()
        #expect(!SameName("Ada Lovelace").matches("Ada Lovelac", folder: &folder))
        #expect(!SameName("Ana").matches("Anna", folder: &folder))
        let imported = RosterImporter.Result(
            students: [Student(name: "Zoe Martin", age: 13)],
            sources: [ImportSource(line: 2, hasFileID: false)])
        let roster = [Student(name: "Zoë Martin", age: 12)]
        #expect(ImportMatching(imported, roster: roster).students(of: roster).map(\.id) != roster.map(\.id))
    }

    @Test("one edit distance, for letters and for words")
    func editDistance() {
        #expect(EditDistance.between(Array("kitten"), Array("sitting")) == 3)
        #expect(EditDistance.between([UInt32](), [1, 2]) == 2)
        #expect(EditDistance.between(Array("lsit"), Array("list")) == 2)
    }
}
