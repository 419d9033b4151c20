/// A birth date as an import file gives it, which stands in for a student's age.
enum BirthDate {
    /// A person's age in whole years on `day`, from a birth date written `YYYY-MM-DD` (a time
    /// after it, as some systems write, is ignored) or `DD.MM.YYYY`; `nil` for a date that is not
    /// one of these or is after `day`.
    static func age(bornOn text: String, on day: SchoolDay) -> Int? {
        // The usual `YYYY-MM-DD`, at once: a school's export gives thousands.
        let bytes = text.utf8
        if bytes.count >= 10, bytes[bytes.index(bytes.startIndex, offsetBy: 4)] == UInt8(ascii: "-") {
            return SchoolDay(String(text.prefix(10)), notAfter: day).map { day.years(since: $0) }
        }
        let kept = text.trimmingSpaces()
        let parts = kept.split(separator: ".", omittingEmptySubsequences: false)
        let iso =
            parts.count == 3 && parts[0].utf8.count == 2 && parts[1].utf8.count == 2
                && parts[2].utf8.count == 4
            ? "\(parts[2])-\(parts[1])-\(parts[0])" : String(kept.prefix(10))
        return SchoolDay(iso, notAfter: day).map { day.years(since: $0) }
    }

    /// The example a message shows.
    static let example = "a date such as 2014-09-30 or 30.09.2014"
}
