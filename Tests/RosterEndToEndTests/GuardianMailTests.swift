import Foundation
import RosterKit
import RosterTestSupport
import Testing

/// The reports as mail for guardians, read back by a real mail parser: Python's `email` with its
/// strict policy, with names made to break headers.
@Suite("Reports as mail for guardians")
struct GuardianMailTests {
    /// Reads each `.eml` file of a folder with Python's `email` and prints what it found as JSON.
    static let parser = """
        import email, email.policy, glob, json, sys
        out = []
        for path in sorted(glob.glob(sys.argv[1] + '/*.eml')):
            with open(path, 'rb') as f:
                raw = f.read()
            m = email.message_from_bytes(raw, policy=email.policy.strict)
            out.append({
                'file': path.split('/')[-1], 'keys': list(m.keys()), 'to': str(m['To']),
                'to_address': m['To'].addresses[0].addr_spec, 'to_name': m['To'].addresses[0].display_name,
                'from': m['From'].addresses[0].addr_spec, 'subject': str(m['Subject']),
                'defects': [str(d) for d in m.defects] + [str(d) for p in m.walk() for d in p.defects],
                'parts': [p.get_content_type() for p in m.iter_parts()],
                'plain': m.get_body(('plain',)).get_content(), 'html': m.get_body(('html',)).get_content(),
                'ascii': all(b < 128 for b in raw), 'crlf': b'\\n' not in raw.replace(b'\\r\\n', b''),
            })
        print(json.dumps(out))
        """

    @Test(
        "one mail per guardian's address, parsed by Python's email; hostile names stay in their header",
        .enabled(if: ExternalToolTests.tool("python3") != nil))
    func parsed() throws {
        let sandbox = try RosterSandbox()
        let hostile = "Rita \"R\" Souza, Bcc: spy@example.org"
        try sandbox.add(
            "Ana Souza",
            ["--pronouns", "she/her", "--guardian", hostile, "--guardian-email", "rita@example.org"])
        try sandbox.add("Zoë Souza", ["--guardian-email", "RITA@example.org"])
        try sandbox.add("Bo Chen", ["--guardian", "Wei Chen", "--guardian-email", "wei@example.org"])
        try sandbox.add("Cy Diaz")
        try #require(sandbox.run(["comments", "add", "{They} {is/are} a delight."]).status == 0)
        try #require(sandbox.run(["comment", "ana", "1"]).status == 0)
        let folder = sandbox.folder.appendingPathComponent("mail")
        let result = sandbox.run([
            "report", "--all", "--mail-to-guardians", folder.path, "--sender", "teacher@school.example",
            "--teacher", "Ms Ngozi Okafor", "--subject", "Report for {first}: Bcc: x@example.org",
        ])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.hasPrefix("Wrote 2 mails to "))
        #expect(
            result.errorOutput
                == "Note: no guardian's address for Cy Diaz; 'roster edit <student> --guardian-email <address>' gives one.\n"
        )
        let script = sandbox.folder.appendingPathComponent("parse.py")
        try Data(Self.parser.utf8).write(to: script)
        let (status, output) = try ExternalToolTests.run(
            try #require(ExternalToolTests.tool("python3")), [script.path, folder.path])
        try #require(status == 0, "\(output)")
        let mails = try #require(
            try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        try #require(mails.count == 2)
        let rita = try #require(mails.first { $0["file"] as? String == "rita@example.org.eml" })
        #expect(
            rita["keys"] as? [String] == [
                "Date", "From", "To", "Subject", "Message-ID", "MIME-Version", "Content-Type",
            ])
        #expect(rita["to_address"] as? String == "rita@example.org")
        #expect(rita["to_name"] as? String == hostile)
        #expect(rita["from"] as? String == "teacher@school.example")
        #expect(rita["subject"] as? String == "Report for Ana: Bcc: x@example.org")
        #expect((rita["defects"] as? [String])?.isEmpty == true)
        #expect(rita["parts"] as? [String] == ["text/plain", "text/html"])
        #expect(rita["ascii"] as? Bool == true && rita["crlf"] as? Bool == true)
        let plain = try #require(rita["plain"] as? String)
        // Both children of the one address are in the one mail, each with their report.
        #expect(plain.contains("Here are the reports for Ana Souza, Zoë Souza."))
        #expect(plain.contains("Comment: She is a delight.") && plain.contains("Teacher: Ms Ngozi Okafor"))
        #expect((rita["html"] as? String)?.contains("<h2 dir=\"auto\">Zoë Souza</h2>") == true)
        let wei = try #require(mails.first { $0["file"] as? String == "wei@example.org.eml" })
        #expect(wei["to"] as? String == "Wei Chen <wei@example.org>")
    }

    @Test("without --sender, or with a bad one, nothing is written")
    func refused() throws {
        let sandbox = try RosterSandbox()
        try sandbox.add("Ana", ["--guardian-email", "rita@example.org"])
        let folder = sandbox.folder.appendingPathComponent("mail")
        #expect(
            sandbox.run(["report", "--all", "--mail-to-guardians", folder.path]).errorLine.contains(
                "needs --sender"))
        let bad = sandbox.run([
            "report", "--all", "--mail-to-guardians", folder.path, "--sender", "me\r\nBcc: x@y.z",
        ])
        #expect(bad.status == 64 && bad.errorLine.hasPrefix("Error: The sender 'me"))
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }
}
