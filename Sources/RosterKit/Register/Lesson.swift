/// One lesson the register is taken for: a day, and which lesson of that day when a class has
/// several (`2`, `maths`).
///
/// A lesson is written `2026-12-01` for the day's only lesson, or `2026-12-01/2` for a named one,
/// which is also how the roster file keys it.
public struct Lesson: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The day.
    public let day: SchoolDay
    /// The lesson's name within the day, or `nil` for the day's one lesson.
    public let name: String?

    /// The longest a lesson's name may be.
    public static let maximumNameLength = 16

    /// The lesson as a sentence says it: `2026-11-30`, or `2026-11-30, lesson 2`.
    public var spoken: String {
        name.map { "\(day), lesson \($0)" } ?? day.text
    }

    /// The lesson called `name` on `day`; `nil` when the name is not 1 to
    /// ``maximumNameLength`` letters, digits and hyphens. Names are kept in lower case, so
    /// `Maths` and `maths` are one lesson; a number is kept without leading zeros (`02` is `2`),
    /// and lesson 1 is the day's first lesson, whether or not it was given its number.
    public init?(day: SchoolDay, name: String? = nil) {
        self.day = day
        guard let name else {
            self.name = nil
            return
        }
        var lowered = name.lowercased()
        guard Self.isName(lowered) else { return nil }
        if lowered.allSatisfy({ $0.isASCII && $0.isNumber }) {
            let digits = lowered.drop { $0 == "0" }
            lowered = digits.isEmpty ? "0" : String(digits)
        }
        self.name = lowered == "1" ? nil : lowered
    }

    /// The lesson a file's key names (`2026-12-01` or `2026-12-01/2`), or `nil` when the key
    /// is not one.
    init?(key: String) {
        guard key.utf8.count >= 10 else { return nil }
        let dayText = String(key.utf8.prefix(10)) ?? ""
        guard let day = SchoolDay(dayText, notAfter: SchoolDay.latestStored) else { return nil }
        guard key.utf8.count > 10 else {
            self.init(day: day)
            return
        }
        guard key.utf8.dropFirst(10).first == UInt8(ascii: "/"), let name = String(key.utf8.dropFirst(11))
        else {
            return nil
        }
        // A stored name is already in lower case; any other is no key roster wrote. A number is
        // read as the lesson it names (an earlier version kept `1` and `02` as written).
        self.init(day: day, name: name)
        if self.name != name, !name.allSatisfy({ $0.isASCII && $0.isNumber }) { return nil }
    }

    /// The key the lesson is stored under, as ``description`` writes it.
    public var description: String { name.map { "\(day.text)/\($0)" } ?? day.text }

    /// Whether `text` can name a lesson: lower-case letters, digits and hyphens.
    private static func isName(_ text: String) -> Bool {
        (1...maximumNameLength).contains(text.count)
            && text.unicodeScalars.allSatisfy {
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-"
            }
            && text.unicodeScalars.allSatisfy { !$0.properties.isUppercase }
    }

    /// Lessons in order of their days, a day's one lesson first, then named ones by name.
    public static func < (lhs: Lesson, rhs: Lesson) -> Bool {
        if lhs.day != rhs.day { return lhs.day < rhs.day }
        return (lhs.name ?? "") < (rhs.name ?? "")
    }
}

extension AttendanceEntry {
    private enum CodingKeys: String, CodingKey {
        case mark, reason
    }

    /// Decodes a mark written as text, or as a dictionary with a reason.
    public init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            guard let mark = AttendanceMark(rawValue: text) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "'\(text)' is not a mark"))
            }
            self.init(mark)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .mark)
        guard let mark = AttendanceMark(rawValue: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: .mark, in: container, debugDescription: "'\(text)' is not a mark")
        }
        self.init(mark, reason: try container.decodeIfPresent(String.self, forKey: .reason))
    }

    /// Encodes the mark as text, or as a dictionary when there is a reason.
    public func encode(to encoder: any Encoder) throws {
        guard let reason else {
            var container = encoder.singleValueContainer()
            try container.encode(mark.rawValue)
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(mark.rawValue, forKey: .mark)
        try container.encode(reason, forKey: .reason)
    }
}
