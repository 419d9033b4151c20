import Foundation
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterCLI

/// The comment bank and a student's comment from the command line, each change one undo step,
/// and the report that prints it.
@Suite("The comment bank and report comments")
struct CommentBankTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
        try sandbox.add("Ana Souza", ["--pronouns", "she/her"])
        try sandbox.add("Bo Chen", ["--pronouns", "he/him"])
        try sandbox.add("Cy Diaz")
    }

    @Test("comments add, list, edit, remove and limit; each is one undo step")
    func bank() throws {
        #expect(sandbox.run(["comments", "add", "{They} {is/are} a joy."]).output == "Added comment 1.\n")
        #expect(
            sandbox.run(["comments", "add", "{first} {works/work} hard.", "--when", "result>=70"]).status == 0
        )
        #expect(
            sandbox.run(["comments", "list"]).output
                == "1. {They} {is/are} a joy.\n2. {first} {works/work} hard. [when result >= 70]\n")
        #expect(sandbox.run(["comments", "edit", "1", "{They} {is/are} a delight."]).status == 0)
        #expect(sandbox.run(["comments", "edit", "2", "--when", ""]).status == 0)
        #expect(
            sandbox.run(["comments", "list"]).output
                == "1. {They} {is/are} a delight.\n2. {first} {works/work} hard.\n")
        #expect(sandbox.run(["undo"]).status == 0)
        #expect(sandbox.run(["comments", "list"]).output.contains("[when result >= 70]"))
        #expect(sandbox.run(["comments", "remove", "1"]).status == 0)
        #expect(
            sandbox.run(["comments", "list"]).output == "1. {first} {works/work} hard. [when result >= 70]\n")
        #expect(sandbox.run(["undo"]).status == 0)
        #expect(sandbox.run(["comments", "list"]).output.hasPrefix("1. {They} {is/are} a delight.\n"))
        let json = sandbox.run(["comments", "list", "--format", "json"]).output
        #expect(json.contains(#""number":2"#) && json.contains(#""when":"result >= 70""#))
    }

    @Test("refusals name the problem and leave the class as it was")
    func refusals() throws {
        try #require(sandbox.run(["comments", "add", "{first} tried."]).status == 0)
        let before = try Self.files(sandbox)
        let unknown = sandbox.run(["comments", "add", "{nmae} did well."])
        #expect(unknown.status != 0 && unknown.errorLine.contains("{nmae}"))
        #expect(
            sandbox.run(["comments", "add", "Fine.", "--when", "Homework < 50"]).errorLine.contains(
                "no category named 'Homework'"))
        #expect(
            sandbox.run(["comments", "edit", "9", "x"]).errorLine.contains(
                "no comment 9; it has comments 1 to 1"))
        #expect(sandbox.run(["comment", "ana", "2"]).errorLine.contains("no comment 2"))
        #expect(sandbox.run(["comments", "limit", "5000"]).status != 0)
        #expect(try Self.files(sandbox) == before)
        #expect(sandbox.run(["comments", "limit", "10"]).status == 0)
        let long = sandbox.run(["comment", "ana", "--text", "{name} worked hard all term."])
        #expect(long.errorLine.contains("over the class's limit of 10"))
        #expect(
            sandbox.run(["comments", "add", "Much too long."]).errorLine.contains(
                "over the class's limit of 10"))
    }

    @Test(
        "comment chooses from the bank or takes a text; show and report print it filled; undo takes it back")
    func choose() throws {
        try #require(sandbox.run(["comments", "add", "{They} {has/have} grown in confidence."]).status == 0)
        #expect(
            sandbox.run(["comment", "ana", "1"]).output
                == "Ana Souza's comment: She has grown in confidence.\n")
        #expect(
            sandbox.run(["comment", "cy", "1"]).output
                == "Cy Diaz's comment: They have grown in confidence.\n")
        #expect(
            sandbox.run(["comment", "bo", "--text", "{first} leads {their} group well."]).output
                == "Bo Chen's comment: Bo leads his group well.\n")
        #expect(sandbox.run(["show", "bo"]).output.contains("Comment:   Bo leads his group well.\n"))
        let report = sandbox.run(["report", "ana", "--teacher", "Ms Rahman"]).output
        #expect(report.contains("\nComment: She has grown in confidence.\n"))
        #expect(report.hasSuffix("Teacher: Ms Rahman\nSignature: ______________________________\n"))
        #expect(sandbox.run(["undo"]).status == 0)
        #expect(!sandbox.run(["show", "bo"]).output.contains("Comment:"))
        #expect(sandbox.run(["comment", "ana", "--clear"]).output == "Ana Souza has no comment now.\n")
        #expect(try StorageHandler.load(from: sandbox.file)[0].reportComment == nil)
    }

    @Test("--suggest lists the comments whose condition the student meets, then those without one")
    func suggest() throws {
        for arguments in [
            ["assessment", "add", "Quiz", "--out-of", "10", "--category", "Homework"],
            ["mark", "quiz", "ana", "9", "bo", "4"],
            ["comments", "add", "{first} {has/have} done well.", "--when", "result >= 70"],
            ["comments", "add", "{first} needs to hand in {their} homework.", "--when", "Homework < 50"],
            ["comments", "add", "{They} {is/are} kind."],
        ] {
            try #require(sandbox.run(arguments).status == 0, "\(arguments)")
        }
        #expect(
            sandbox.run(["comment", "ana", "--suggest"]).output
                == "1. Ana has done well. [when result >= 70]\n3. She is kind.\n")
        #expect(
            sandbox.run(["comment", "bo", "--suggest"]).output
                == "2. Bo needs to hand in his homework. [when Homework < 50]\n3. He is kind.\n")
        #expect(sandbox.run(["comment", "cy", "--suggest"]).output == "3. They are kind.\n")
    }

    @Test("report gives the absences by reason")
    func byReason() throws {
        for day in ["2026-11-30", "2026-12-01", "2026-12-02"] {
            try #require(
                sandbox.run([
                    "absent", "ana", "--date", day, "--reason", day == "2026-12-01" ? "dentist" : "ill",
                ]).status == 0)
        }
        let report = sandbox.run(["report", "ana", "--to", "2026-12-02"]).output
        #expect(report.contains("  By reason: ill 2, dentist 1\n"), "\(report)")
    }

    /// The files beside the roster, by name.
    static func files(_ sandbox: RosterSandbox) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.path) {
            files[name] = FileManager.default.contents(
                atPath: sandbox.folder.appendingPathComponent(name).path)
        }
        return files
    }
}
