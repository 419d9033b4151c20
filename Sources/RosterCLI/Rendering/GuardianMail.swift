import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The reports as mail for guardians: one `.eml` file per guardian's address, holding the report
/// of each of their children in the class, as plain text and as a page; never sent.
struct GuardianMail {
    let report: StudentReport
    let page: HTMLPage
    let sender: MailMessage.Mailbox
    /// The subject, filled for the first child of each mail.
    let subject: CommentTemplate

    /// The mails for `students` by address, in the order their first child comes, and the
    /// students without a guardian's address.
    func messages(for students: [Student], date: Date) -> (
        mails: [(file: String, bytes: [UInt8])], without: [Student]
    ) {
        var children: [String: [Student]] = [:]
        var order: [String] = []
        for student in students {
            guard let address = student.guardianEmail else { continue }
            let key = address.lowercased()
            if children[key] == nil { order.append(key) }
            children[key, default: []].append(student)
        }
        let mails = order.map { key in
            let family = children[key] ?? []
            return (file: Self.fileName(for: key), bytes: message(for: family, date: date).bytes)
        }
        return (mails, students.filter { $0.guardianEmail == nil })
    }

    /// The mail to the guardian of `family`, children of one address.
    private func message(for family: [Student], date: Date) -> MailMessage {
        let first = family[0]
        let guardian = family.lazy.compactMap(\.guardianName).first
        let greeting =
            "Dear \(guardian.map(VisibleText.of) ?? "parent or guardian"),\n\n"
            + (family.count == 1 ? "Here is the report for " : "Here are the reports for ")
            + NameList.joined(family.map { VisibleText.of($0.name) }) + ".\n\n"
        let separator = "\n" + String(repeating: "─", count: 40) + "\n\n"
        return MailMessage(
            from: sender, to: [MailMessage.Mailbox(name: guardian, address: first.guardianEmail ?? "")],
            subject: VisibleText.of(subject.filled(for: first)), date: date,
            text: greeting + family.map(report.text).joined(separator: separator),
            html: report.page(family, page), identity: UUID())
    }

    /// The file of the mail to `address`: the address with any character a file name could trip
    /// on written `_`, and `.eml`.
    static func fileName(for address: String) -> String {
        String(address.map { $0.isASCII && ($0.isLetter || $0.isNumber || "@.+-".contains($0)) ? $0 : "_" })
            + ".eml"
    }
}
