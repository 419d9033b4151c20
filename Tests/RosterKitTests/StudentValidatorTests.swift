import Testing

@testable import RosterKit

@Suite("Validation")
struct StudentValidatorTests {
    @Test(
        "names are trimmed and accepted",
        arguments: [
            ("Ada", "Ada"), ("  Ada Lovelace  ", "Ada Lovelace"), ("李华", "李华"), ("Zoë", "Zoë"),
            (String(repeating: "a", count: 100), String(repeating: "a", count: 100)), ("👩‍🔬 Marie", "👩‍🔬 Marie"),
            ("\u{3000}李华\u{A0}", "李华"), ("Zoë\u{2003}", "Zoë"), ("\u{A0}Zoë", "Zoë"), ("Zoë 👩‍🔬", "Zoë 👩‍🔬"),
            (String(repeating: "é", count: 100), String(repeating: "é", count: 100)),
            ("  Priya   Patel ", "Priya Patel"), ("Zoë \u{3000} Martin", "Zoë Martin"),
            ("A\u{2009}B", "A\u{2009}B"),
            ("Mary  Jane   Smith", "Mary Jane Smith"),
            ("Ad" + String(repeating: " ", count: 200) + "a", "Ad a"),
        ])
    func goodNames(typed: String, stored: String) throws {
        #expect(try StudentValidator.name(typed) == stored)
    }

    @Test(
        "bad names are refused with a reason",
        arguments: [
            ("", ValidationError.emptyName), ("   ", .emptyName),
            (String(repeating: "a", count: 101), .nameTooLong(length: 101)),
            ("Ada\nLovelace", .nameHasControlCharacter), ("Ada\tL", .nameHasControlCharacter),
            ("evil\u{202E}gnp.exe", .nameHasLayoutCharacter(scalar: 0x202E)),
            ("nul\u{0}", .nameHasControlCharacter),
            ("Zoë\u{7}", .nameHasControlCharacter), ("李\u{200B}华", .nameHasLayoutCharacter(scalar: 0x200B)),
            ("Zoë\u{2028}Martin", .nameHasLayoutCharacter(scalar: 0x2028)), ("\u{3000}\u{A0}", .emptyName),
            ("a\u{2066}b", .nameHasLayoutCharacter(scalar: 0x2066)),
            ("e" + String(repeating: "\u{301}", count: 31), .nameHasTooManyMarks(count: 31)),
            (String(repeating: "é", count: 101), .nameTooLong(length: 101)),
        ])
    func badNames(typed: String, error: ValidationError) {
        #expect(throws: error) { try StudentValidator.name(typed) }
    }

    @Test(
        "ages people type",
        arguments: [("17", 17), (" 17", 17), ("+17", 17), ("017", 17), ("1", 1), ("120", 120)])
    func goodAges(text: String, age: Int) throws {
        #expect(try StudentValidator.age(text: text) == age)
    }

    @Test(
        "ages that are refused",
        arguments: ["0", "121", "-1", "abc", "17.5", "1e3", "", "99999999999999999999"])
    func badAges(text: String) {
        #expect(throws: ValidationError.self) { try StudentValidator.age(text: text) }
    }

    @Test("grades from 0 to 13", arguments: [("0", 0), ("13", 13), ("7", 7)])
    func goodGrades(text: String, grade: Int) throws {
        #expect(try StudentValidator.grade(text: text) == grade)
    }

    @Test("grades that are refused", arguments: ["14", "-1", "seven", "7.0"])
    func badGrades(text: String) {
        #expect(throws: ValidationError.self) { try StudentValidator.grade(text: text) }
    }

    @Test("scores from 0 to 100", arguments: [("0", 0.0), ("100", 100.0), ("88.5", 88.5), ("+5", 5.0)])
    func goodScores(text: String, score: Double) throws {
        #expect(try StudentValidator.score(text: text) == score)
    }

    @Test("scores that are refused", arguments: ["100.01", "-1", "nan", "inf", "1e309", "abc", "", "0x10"])
    func badScores(text: String) {
        #expect(throws: ValidationError.self) { try StudentValidator.score(text: text) }
    }

    @Test("a non-finite score number is refused")
    func nonFiniteScore() {
        #expect(throws: ValidationError.self) { try StudentValidator.score(.nan) }
        #expect(throws: ValidationError.self) { try StudentValidator.score(.infinity) }
    }

    @Test("messages say what would be accepted")
    func messages() {
        #expect(
            ValidationError.outOfRange(field: "age", text: "130", range: "1 to 120").description
                == "The age 130 is out of range; use a number from 1 to 120.")
        #expect(ValidationError.emptyName.description.contains("Give the student's name"))
    }

    @Test("the blocks checked without a lookup hold no space, control, format or unassigned scalar")
    func plainLetters() {
        let refused: [Unicode.GeneralCategory] = [
            .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .surrogate, .unassigned,
        ]
        for value in UInt32(0)..<0x1_0000 where VisibleText.isPlainLetter(value) {
            guard let scalar = Unicode.Scalar(value) else {
                Issue.record("U+\(String(value, radix: 16)) is not a scalar")
                continue
            }
            #expect(!refused.contains(scalar.properties.generalCategory), "U+\(String(value, radix: 16))")
            #expect(!scalar.properties.isWhitespace, "U+\(String(value, radix: 16))")
        }
    }
}

@Suite("Names that show nothing")
struct InvisibleNameTests {
    @Test(
        "a name with no visible character is refused",
        arguments: [
            "\u{3164}", "\u{2800}", "\u{FFA0}", "\u{301}", "\u{301}\u{302}", "\u{200D}", " \u{3164} ",
        ])
    func blank(name: String) {
        #expect(throws: ValidationError.nameHasNoVisibleCharacter) { try StudentValidator.name(name) }
    }

    @Test(
        "a letter with marks, or with an invisible joiner, is a name",
        arguments: ["e\u{301}", "Ada\u{200D}", "Zoë"])
    func visible(name: String) throws {
        #expect(try StudentValidator.name(name) == name)
    }

    @Test("names equal but for invisible characters are one name to a lookup")
    func sameName() throws {
        let students = [Student(name: "Ada", age: 12), Student(name: "Ada\u{200D}", age: 12)]
        #expect(throws: LookupError.self) { try RosterLookup.index(of: "ada", in: students) }
        let alone = [Student(name: "Ada\u{FE0F}", age: 12)]
        #expect(try RosterLookup.index(of: "ADA", in: alone) == 0)
    }

    @Test(
        "a score takes a decimal point or a decimal comma, never a thousands comma",
        arguments: [("7,5", 7.5), ("88,25", 88.25), ("7.5", 7.5), (" 100 ", 100)])
    func decimalComma(typed: String, score: Double) throws {
        #expect(try StudentValidator.score(text: typed) == score)
    }

    @Test(
        "a comma that is not a decimal comma is refused", arguments: ["1,000", "7,5,1", ",5", "7,", "7.5,1"])
    func notADecimalComma(typed: String) {
        #expect(throws: ValidationError.self) { try StudentValidator.score(text: typed) }
    }
}
