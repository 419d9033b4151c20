import Testing

@testable import RosterEngine

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
