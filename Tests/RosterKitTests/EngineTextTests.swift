import Foundation
import Testing

@testable import RosterEngine
@testable import RosterKit

/// The engine's text helpers that stand in for Foundation's, so the binary needs no ICU.
@Suite("Text without Foundation")
struct EngineTextTests {
    @Test(
        "folding ignores case, accents and width as people compare names",
        arguments: [
            ("É", "e"), ("ë", "e"), ("Ａ", "a"), ("ß", "ss"), ("й", "и"), ("Ё", "е"), ("ά", "α"), ("Ω", "ω"),
            ("ệ", "e"), ("Ł", "l"), ("田", "田"),
        ])
    func folding(letter: String, folded: String) throws {
        let scalar = try #require(letter.unicodeScalars.first).value
        #expect(UnicodeFolding.fold(scalar) == folded.unicodeScalars.map(\.value))
    }

    @Test(
        "numbers are written in plain decimals and read back as the same number",
        arguments: [0.00001, 1.5e20, -2.5e-7, 88.5, 0.1, 1e-300, 123_456.789])
    func plainDecimals(number: Double) {
        let text = DecimalText.plain(number)
        #expect(!text.contains("e"), "\(text)")
        #expect(Double(text) == number, "\(text)")
    }

    @Test("paths split as the system splits them")
    func paths() {
        #expect(Path.folder(of: "/a/b/c.plist") == "/a/b")
        #expect(Path.folder(of: "c.plist") == "")
        #expect(Path.folder(of: "/c.plist") == "/")
        #expect(Path.folder(of: "/") == "/")
        #expect(Path.name(of: "/a/b/c.plist") == "c.plist")
        #expect(Path.name(of: "c.plist") == "c.plist")
        #expect(Path.name(of: "/a/b/") == "b")
    }

    @Test("trimming and padding")
    func trimming() {
        #expect(" \tAda Lovelace \t".trimmingSpaces() == "Ada Lovelace")
        #expect("\n 12 \r\n".trimmingWhitespace() == "12")
        #expect("   ".trimmingSpaces().isEmpty)
        #expect("add".padded(to: 6) == "add   ")
    }
}

@Suite("Scores in plain decimals")
struct PlainScoreTests {
    @Test(
        "every score roster accepts is written without an exponent and reads back",
        arguments: [
            0.00001, 0.5, 88.25, 99.99999999, 1e-10, 100, 0, .leastNonzeroMagnitude, .leastNormalMagnitude,
        ])
    func plain(score: Double) throws {
        let text = DecimalText.shortest(score)
        #expect(!text.contains("e"), "\(text)")
        #expect(Double(text) == score)
        let csv = CSVRosterWriter.text(for: [Student(name: "Ada", age: 12, score: score)])
        let read = try RosterImporter.read(Data(csv.utf8), format: .csv)
        #expect(read.students.first?.score == score)
        let json = JSONRosterWriter.array([Student(name: "Ada", age: 12, score: score)])
        #expect(json.contains("\"score\":\(text)}"))
    }

    @Test(
        "name-based UUIDs are RFC 9562 version 5, as Python's uuid.uuid5 makes them",
        arguments: [
            ("python.org", "886313E1-3B8A-5372-9B90-0C9AEE199E5D"),
            (String(repeating: "x", count: 100), "897F5B43-A3C8-582D-9C8D-9CFE358A534D"),
        ])
    func nameBasedUUID(name: String, expected: String) throws {
        let dns = try #require(UUID(uuidString: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8"))
        #expect(NameBasedUUID.uuid(namespace: dns, name: name).uuidString == expected)
    }
}
