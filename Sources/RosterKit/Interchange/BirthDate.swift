/// A birth date as an import file gives it, which stands in for a student's age.
enum BirthDate {
    /// A person's age in whole years on `day`, from a birth date written `YYYY-MM-DD` (a time
    /// after it, as some systems write, is ignored), `DD.MM.YYYY`, or `D/M/YYYY` in `order`;
    /// `nil` for a date that is not one of these or is after `day`.
    static func age(bornOn text: String, on day: SchoolDay, order: DateOrder? = nil) -> Int? {
        // The usual `YYYY-MM-DD`, at once: a school's export gives thousands.
        let bytes = text.utf8
        if bytes.count >= 10, bytes[bytes.index(bytes.startIndex, offsetBy: 4)] == UInt8(ascii: "-") {
            return SchoolDay(String(text.prefix(10)), notAfter: day).map { day.years(since: $0) }
        }
        let kept = text.trimmingSpaces()
        if let order, let (first, second, year) = slashed(Array(kept.utf8)[...]) {
            let (dayOfMonth, month) = order == .dayFirst ? (first, second) : (second, first)
            let iso = "\(year)-\(month < 10 ? "0" : "")\(month)-\(dayOfMonth < 10 ? "0" : "")\(dayOfMonth)"
            return SchoolDay(iso, notAfter: day).map { day.years(since: $0) }
        }
        let parts = kept.split(separator: ".", omittingEmptySubsequences: false)
        let iso =
            parts.count == 3 && parts[0].utf8.count == 2 && parts[1].utf8.count == 2
                && parts[2].utf8.count == 4
            ? "\(parts[2])-\(parts[1])-\(parts[0])" : String(kept.prefix(10))
        return SchoolDay(iso, notAfter: day).map { day.years(since: $0) }
    }

    /// The example a message shows.
    static let example = "a date such as 2014-09-30, 30.09.2014 or 30/09/2014"

    /// The two numbers and the year of a date written `D/M/YYYY` or `M/D/YYYY` (one or two digits,
    /// a four-digit year), or `nil` for other text.
    static func slashed(_ bytes: ArraySlice<UInt8>) -> (Int, Int, Int)? {
        let parts = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard parts.count == 3, (1...2).contains(parts[0].count), (1...2).contains(parts[1].count),
            parts[2].count == 4, parts.allSatisfy({ $0.allSatisfy { (0x30...0x39).contains($0) } })
        else { return nil }
        let number = { (part: ArraySlice<UInt8>) in part.reduce(0) { $0 * 10 + Int($1 - 0x30) } }
        return (number(parts[0]), number(parts[1]), number(parts[2]))
    }

    /// The order a file's slashed dates are written in, as its dates show it: a first number over
    /// 12 is a day, a second one over 12 is too.
    ///
    /// - Returns: The order, `nil` when the file has no slashed date.
    /// - Throws: ``DateOrderError`` when the dates show both orders, or none (every one could be
    ///   either, such as 03/04/2015) and `given` is `nil`.
    static func order(in bytes: [UInt8], given: DateOrder?) throws(DateOrderError)
        -> DateOrder?
    {
        // Most files write no slash at all, and are not walked.
        guard let first = bytes.firstIndex(of: UInt8(ascii: "/")) else { return given }
        var (dayFirst, monthFirst, ambiguous): (String?, String?, String?) = (nil, nil, nil)
        var index = max(0, first - 2)
        while index > 0, (0x30...0x39).contains(bytes[index - 1]) { index -= 1 }
        while index < bytes.count {
            // A date starts at a digit with no digit before it, and runs over digits and slashes.
            guard (0x30...0x39).contains(bytes[index]),
                index == 0 || !(0x30...0x39).contains(bytes[index - 1])
            else {
                index += 1
                continue
            }
            var (end, slashes) = (index, 0)
            while end < bytes.count, (0x30...0x39).contains(bytes[end]) || bytes[end] == UInt8(ascii: "/") {
                if bytes[end] == UInt8(ascii: "/") { slashes += 1 }
                end += 1
            }
            if slashes == 2, let (first, second, _) = slashed(Array(bytes[index..<end])[...]) {
                let text = String(decoding: bytes[index..<end], as: UTF8.self)
                if first > 12 {
                    dayFirst = dayFirst ?? text
                } else if second > 12 {
                    monthFirst = monthFirst ?? text
                } else {
                    ambiguous = ambiguous ?? text
                }
            }
            index = end
        }
        if let given { return given }
        switch (dayFirst, monthFirst) {
        case (let day?, let month?): throw .bothOrders(dayFirst: day, monthFirst: month)
        case (.some, nil): return .dayFirst
        case (nil, .some): return .monthFirst
        case (nil, nil): if let ambiguous { throw .unknownOrder(example: ambiguous) }
        }
        return nil
    }
}

/// The order of the day and the month in a date written with slashes, `30/09/2014` or `09/30/2014`.
public enum DateOrder: String, Sendable, CaseIterable {
    /// Day first, as British and most European spreadsheets write dates: `30/09/2014`.
    case dayFirst = "dmy"
    /// Month first, as American spreadsheets write them: `09/30/2014`.
    case monthFirst = "mdy"
}

/// An import file whose slashed dates do not say which number is the day; nothing was imported.
public enum DateOrderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file has dates written day first and others month first.
    case bothOrders(dayFirst: String, monthFirst: String)
    /// Every slashed date could be either, such as `03/04/2015`.
    case unknownOrder(example: String)

    /// A sentence naming the dates.
    public var description: String {
        switch self {
        case .bothOrders(let day, let month):
            return "The file writes some dates day first (\(day)) and others month first (\(month))."
        case .unknownOrder(let example):
            return "The file's dates, such as \(example), could be written day first or month first."
        }
    }
}
