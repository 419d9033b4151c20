#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A mail as an RFC 5322 message, to be saved as an `.eml` file that a mail program opens as a
/// draft: UTF-8 throughout, the body as plain text and HTML alternatives (RFC 2046).
///
/// Nothing a student's or guardian's name holds can add a header or a part: every name and the
/// subject are written as RFC 2047 encoded words (base64 of their UTF-8), which hold no line
/// break, colon or angle bracket; addresses are written only once ``StudentValidator/emailAddress(_:field:)``
/// has checked them; the bodies are base64 too, and the boundary is made of characters base64
/// never uses.
package struct MailMessage: Sendable {
    /// A mailbox: a name to show and a checked address.
    package struct Mailbox: Sendable {
        package let name: String?
        package let address: String

        package init(name: String?, address: String) {
            (self.name, self.address) = (name, address)
        }
    }

    package var from: Mailbox
    package var to: [Mailbox]
    package var subject: String
    package var date: Date
    package var text: String
    package var html: String
    /// A value unique to the message, such as a UUID, for its `Message-ID` and its boundary.
    package var identity: UUID

    package init(
        from: Mailbox, to: [Mailbox], subject: String, date: Date, text: String, html: String, identity: UUID
    ) {
        (self.from, self.to, self.subject, self.date, self.text, self.html, self.identity) = (
            from, to, subject, date, text, html, identity
        )
    }

    /// The message's bytes, lines ended CRLF.
    package var bytes: [UInt8] {
        let boundary = "roster-" + identity.uuidString
        let domain = from.address.split(separator: "@").last.map(String.init) ?? "roster.invalid"
        var lines = [
            "Date: " + Self.dateText(date),
            "From: " + Self.mailbox(from),
            "To: " + to.map(Self.mailbox).joined(separator: ",\r\n "),
            "Subject: " + Self.encodedWords(subject),
            "Message-ID: <\(identity.uuidString.lowercased())@\(domain)>",
            "MIME-Version: 1.0",
            "Content-Type: multipart/alternative; boundary=\"\(boundary)\"",
            "",
        ]
        for (type, body) in [("text/plain", text), ("text/html", html)] {
            lines += [
                "--" + boundary, "Content-Type: \(type); charset=UTF-8", "Content-Transfer-Encoding: base64",
                "",
            ]
            lines += Self.base64Lines(Array(body.utf8))
        }
        lines += ["--" + boundary + "--", ""]
        return Array(lines.joined(separator: "\r\n").utf8)
    }

    /// A mailbox as a header writes it: `=?UTF-8?B?…?= <address>`, or the address alone.
    private static func mailbox(_ mailbox: Mailbox) -> String {
        guard let name = mailbox.name, !name.isEmpty else { return mailbox.address }
        return encodedWords(name) + " <" + mailbox.address + ">"
    }

    /// `text` as RFC 2047 encoded words of at most 75 characters each, folded onto lines of
    /// their own; a character's bytes are never split between two words.
    static func encodedWords(_ text: String) -> String {
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in text {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > 45, !chunk.isEmpty {
                words.append(word(chunk))
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty || words.isEmpty { words.append(word(chunk)) }
        return words.joined(separator: "\r\n ")
    }

    private static func word(_ bytes: [UInt8]) -> String {
        "=?UTF-8?B?" + Data(bytes).base64EncodedString() + "?="
    }

    /// `bytes` as base64 in lines of 76 characters.
    private static func base64Lines(_ bytes: [UInt8]) -> [String] {
        let encoded = Array(Data(bytes).base64EncodedString().utf8)
        return stride(from: 0, to: encoded.count, by: 76).map {
            String(decoding: encoded[$0..<min($0 + 76, encoded.count)], as: UTF8.self)
        }
    }

    /// A date as RFC 5322 writes it, in UTC: `Mon, 07 Dec 2026 17:05:00 +0000`.
    static func dateText(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        // The calendar's arithmetic is the property list's dates' own.
        let (year, month, day) = PlistDate.civil(fromDaysSince1970: Int64(days))
        let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let weekday = weekdays[((days % 7) + 7) % 7]
        return "\(weekday), \(two(Int(day))) \(months[Int(month) - 1]) \(year) "
            + "\(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60)) +0000"
    }
}
