import Foundation
import Testing

@testable import RosterKit

/// Report comments that agree with each student: pronouns, verb pairs, names, and the
/// placeholders refused.
@Suite("Comment templates and pronoun agreement")
struct CommentTemplateTests {
    static func student(_ name: String, pronouns: String?) -> Student {
        var student = Student(name: name, age: 12)
        student.pronouns = pronouns
        return student
    }

    static let template =
        "{They} {is/are} proud of {their} work; {first} {has/have} pushed {themself}, and the prize was {theirs}. Thank {them}."

    @Test(
        "each set of pronouns fills every placeholder and agrees with its verbs",
        arguments: [
            (
                "she/her",
                "She is proud of her work; Ana has pushed herself, and the prize was hers. Thank her."
            ),
            ("he/him", "He is proud of his work; Ana has pushed himself, and the prize was his. Thank him."),
            (
                "they/them",
                "They are proud of their work; Ana has pushed themself, and the prize was theirs. Thank them."
            ),
            (
                "",
                "They are proud of their work; Ana has pushed themself, and the prize was theirs. Thank them."
            ),
            (
                "She / Her",
                "She is proud of her work; Ana has pushed herself, and the prize was hers. Thank her."
            ),
            (
                "xe/xem/xyr/xyrs/xemself",
                "Xe is proud of xyr work; Ana has pushed xemself, and the prize was xyrs. Thank xem."
            ),
        ])
    func agreement(pronouns: String, expected: String) throws {
        let student = Self.student("Ana Souza", pronouns: pronouns.isEmpty ? nil : pronouns)
        #expect(try CommentTemplate(Self.template).filled(for: student) == expected)
    }

    @Test("a verb agrees with the subject before it: the name, or the pronoun")
    func verbFollowsSubject() throws {
        let they = Self.student("Cy Diaz", pronouns: nil)
        #expect(
            try CommentTemplate("{first} {works/work} hard; {they} {tries/try}.").filled(for: they)
                == "Cy works hard; they try.")
        let she = Self.student("Ana Souza", pronouns: "she/her")
        #expect(
            try CommentTemplate("{name} {does/do} well. {They} {was/were} kind.").filled(for: she)
                == "Ana Souza does well. She was kind.")
    }

    @Test("the first name is the name's part when the student has one, else the name's first word")
    func firstName() throws {
        var student = Self.student("María José García", pronouns: nil)
        #expect(try CommentTemplate("{first}").filled(for: student) == "María")
        student.firstName = "María José"
        #expect(try CommentTemplate("{first}").filled(for: student) == "María José")
    }

    @Test(
        "an unknown placeholder is refused, naming it",
        arguments: ["{nmae} did well.", "{he/she} did well.", "{THEY} did.", "{works/worked}", "{}"])
    func unknown(text: String) {
        let name = String(text.dropFirst().prefix { $0 != "}" })
        #expect(throws: CommentError.unknownPlaceholder(name)) { try CommentTemplate(text) }
    }

    @Test("an unclosed brace, an empty comment, two lines and one too long are refused")
    func refused() {
        #expect(throws: CommentError.self) { try CommentTemplate("{first did well") }
        #expect(throws: ValidationError.self) { try CommentTemplate("  ") }
        #expect(throws: ValidationError.self) { try CommentTemplate("one\nline") }
        #expect(throws: ValidationError.self) { try CommentTemplate(String(repeating: "a", count: 1_001)) }
    }

    @Test("a condition is read, written back and met as the figures say")
    func conditions() throws {
        let condition = try CommentCondition(parsing: "result>=70")
        #expect(condition.text == "result >= 70")
        #expect(condition.holds(for: 70) && !condition.holds(for: 69.9) && !condition.holds(for: nil))
        #expect(try CommentCondition(parsing: "attendance < 90%").text == "attendance < 90")
        #expect(try CommentCondition(parsing: "Homework <= 50").figure == .category("Homework"))
        for bad in ["result", "result >= lots", ">= 70", "result >= -1"] {
            #expect(throws: CommentError.self) { try CommentCondition(parsing: bad) }
        }
    }

    @Test("a crafted markbook's comment with an unknown placeholder is refused as the file is read")
    func craftedBank() throws {
        let json = #"{"comments":{"entries":[{"text":"{nmae}"}]}}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Markbook.self, from: Data(json.utf8)) }
        let good =
            #"{"comments":{"entries":[{"text":"{first} did well.","when":"result >= 70"}],"limit":300}}"#
        let book = try JSONDecoder().decode(Markbook.self, from: Data(good.utf8))
        #expect(book.comments?.entries.first?.condition?.text == "result >= 70")
        #expect(book.comments?.limit == 300)
        let tooLong = #"{"comments":{"entries":[],"limit":5000}}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Markbook.self, from: Data(tooLong.utf8))
        }
    }
}
