import Foundation
import Testing

@testable import RosterKit

/// The mail for guardians as RFC 5322 writes it: its date, and names as encoded words.
@Suite("Mail messages")
struct MailMessageTests {
    @Test(
        "the date is written in UTC with its weekday",
        arguments: [
            (1_796_663_100.0, "Mon, 07 Dec 2026 17:05:00 +0000"),
            (1_709_164_809.0, "Thu, 29 Feb 2024 00:00:09 +0000"),
            (0.0, "Thu, 01 Jan 1970 00:00:00 +0000"),
        ])
    func date(seconds: Double, text: String) {
        #expect(MailMessage.dateText(Date(timeIntervalSince1970: seconds)) == text)
    }

    @Test("a long name is folded into encoded words of at most 75 characters that decode to it whole")
    func encodedWords() throws {
        let name = String(repeating: "Zoë Ñúñez-Øster, Bcc: x@example.org ", count: 4)
        let folded = MailMessage.encodedWords(name)
        let words = folded.components(separatedBy: "\r\n ")
        #expect(
            words.count > 1
                && words.allSatisfy { $0.count <= 75 && $0.hasPrefix("=?UTF-8?B?") && $0.hasSuffix("?=") })
        let decoded = try words.map { word in
            let base64 = String(word.dropFirst(10).dropLast(2))
            return try #require(Data(base64Encoded: base64))
        }
        #expect(String(decoding: decoded.reduce(Data(), +), as: UTF8.self) == name)
        #expect(decoded.allSatisfy { String(data: $0, encoding: .utf8) != nil }, "no character is split")
        #expect(!folded.contains(":"), "no colon of the name reaches the header")
    }
}
