import RosterEngine

/// The rules a student's fields follow, shared by every way a student gets onto a roster.
///
/// Adding, editing and importing all validate through these functions, so a value refused by
/// `roster add` is also refused in a CSV file. Each function returns the cleaned-up value or throws
/// a ``ValidationError`` whose message says what would be accepted.
public enum StudentValidator {
    /// The longest name accepted, in characters.
    public static let maximumNameLength = 100
    /// The most combining marks one character may carry: Unicode's stream-safe limit.
    public static let maximumMarks = 30
    /// The ages accepted, in whole years.
    public static let ages = 1...120
    /// The school grades accepted.
    public static let grades = 0...13
    /// The scores accepted.
    public static let scores = 0.0...100.0
    /// The longest free text accepted, such as an absence's reason, in characters.
    public static let maximumTextLength = 200
    /// ``scores`` as messages write it: `0 to 100`.
    public static let scoreRangeText = "\(Int(scores.lowerBound)) to \(Int(scores.upperBound))"

    /// Trims the name of surrounding whitespace and checks its length and characters.
    ///
    /// - Parameter name: The name as typed.
    /// - Returns: The trimmed name.
    /// - Throws: ``ValidationError`` when the name is empty, too long or holds control characters.
    public static func name(_ name: String) throws -> String {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return try asciiName(name) }
        var trimmed = trimmed(name)
        guard !trimmed.isEmpty else { throw ValidationError.emptyName }
        if let scalar = forbiddenScalar(trimmed) {
            guard scalar.properties.generalCategory == .control else {
                throw ValidationError.nameHasLayoutCharacter(scalar: scalar.value)
            }
            throw ValidationError.nameHasControlCharacter
        }
        trimmed = collapsingSpaces(trimmed)
        let shape = shape(of: trimmed)
        guard shape.mostMarks <= maximumMarks else {
            throw ValidationError.nameHasTooManyMarks(count: shape.mostMarks)
        }
        guard shape.showsSomething else { throw ValidationError.nameHasNoVisibleCharacter }
        // A name has at least as many bytes as characters, so only long ones need counting.
        if trimmed.utf8.count > maximumNameLength {
            let length = trimmed.count
            guard length <= maximumNameLength else { throw ValidationError.nameTooLong(length: length) }
        }
        return trimmed
    }

    /// A name read from an import file: as ``name(_:)`` makes it, or exactly as it is when only
    /// its control, text-direction or line-separator characters keep `add` from taking it and a
    /// roster file may hold it (the rules a roster file's names are read by), so that every roster comes back
    /// from its own export. Such a name is shown escaped (see `VisibleText`), and `edit` can fix it.
    ///
    /// - Parameter name: The name as the file has it.
    /// - Returns: The name to keep.
    /// - Throws: ``ValidationError`` for a name no roster may hold.
    public static func importedName(_ name: String) throws -> String {
        do {
            return try self.name(name)
        } catch let error as ValidationError {
            switch error {
            case .nameHasControlCharacter, .nameHasLayoutCharacter:
                guard problem(withStoredName: name) == nil else { throw error }
                return name
            default: throw error
            }
        }
    }

    /// Trims a free text, such as the reason for an absence, and checks it: one line of at most
    /// ``maximumTextLength`` characters.
    ///
    /// - Parameters:
    ///   - text: The text as typed.
    ///   - field: What the text is, for the message: `reason`.
    /// - Returns: The trimmed text, or `nil` when nothing is left.
    /// - Throws: ``ValidationError`` when the text is too long or holds control characters.
    public static func freeText(_ text: String, field: String) throws -> String? {
        // One line of visible ASCII, as a school's ids are, is checked at once.
        let bytes = text.utf8
        if let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20,
            bytes.count <= maximumTextLength,
            bytes.allSatisfy({ (0x20..<0x7F).contains($0) })
        {
            return text
        }
        let kept = trimmed(text)
        guard !kept.isEmpty else { return nil }
        if let problem = problem(withText: kept) {
            throw problem == .tooLong
                ? ValidationError.textTooLong(field: field, length: kept.count)
                : ValidationError.textHasControlCharacter(field: field)
        }
        return kept
    }

    /// What is wrong with a free text read from a file, in words that follow "is", or `nil`.
    static func problem(withReason text: String) -> String? {
        switch problem(withText: text) {
        case .tooLong: return "longer than \(maximumTextLength) characters"
        case .hasControlCharacter: return "not one line of text"
        case nil: return nil
        }
    }

    private enum TextProblem { case tooLong, hasControlCharacter }

    private static func problem(withText text: String) -> TextProblem? {
        if forbiddenScalar(text) != nil { return .hasControlCharacter }
        if text.utf8.count > maximumTextLength, text.count > maximumTextLength { return .tooLong }
        return nil
    }

    /// The same rules for a name that is all ASCII, byte by byte, as most names on most rosters are.
    private static func asciiName(_ name: String) throws -> String {
        let bytes = Array(name.utf8)
        let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }),
            let last = bytes.lastIndex(where: { !isSpace($0) })
        else { throw ValidationError.emptyName }
        let kept = bytes[first...last]
        guard !kept.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
            throw ValidationError.nameHasControlCharacter
        }
        let collapsed = collapsingSpaces(kept)
        guard collapsed.count <= maximumNameLength else {
            throw ValidationError.nameTooLong(length: collapsed.count)
        }
        return collapsed.count == bytes.count ? name : String(decoding: collapsed, as: UTF8.self)
    }

    /// An ASCII name's bytes with each run of spaces inside it made one space, so that
    /// `Priya   Patel` and `Priya Patel` are one name. (Tabs and other controls are refused before.)
    private static func collapsingSpaces(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard zip(bytes, bytes.dropFirst()).contains(where: { $0 == 0x20 && $1 == 0x20 }) else {
            return bytes
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for byte in bytes where byte != 0x20 || result.last != 0x20 { result.append(byte) }
        return result[...]
    }

    /// A name with each run of two or more white space characters inside it made one space; a
    /// single one, such as a thin space, is kept.
    private static func collapsingSpaces(_ name: String) -> String {
        // Control characters are refused before, so a space is the only ASCII white space here.
        let isSpace = { (value: UInt32) in
            value == 0x20 || (value > 0x7F && VisibleText.isWhitespace(value))
        }
        // Most names have no run at all: found by one look along their bytes, without a copy.
        let hasRun = UTF16Encoding.withUTF8(of: name) { bytes in
            var (index, afterSpace) = (0, false)
            while index < bytes.count {
                let (value, length) = UTF8Decoding.scalar(in: bytes, at: index)
                index += length
                let space = isSpace(value)
                if space && afterSpace { return true }
                afterSpace = space
            }
            return false
        }
        guard hasRun else { return name }
        var result = String.UnicodeScalarView()
        var run: [Unicode.Scalar] = []
        for scalar in name.unicodeScalars {
            if isSpace(scalar.value) {
                run.append(scalar)
                continue
            }
            result.append(contentsOf: run.count > 1 ? [" "] : run)
            run.removeAll()
            result.append(scalar)
        }
        return String(result)
    }

    /// Checks that an age is within ``ages``.
    ///
    /// - Parameter age: The age in years.
    /// - Returns: The same age.
    /// - Throws: ``ValidationError/outOfRange(field:text:range:)`` otherwise.
    public static func age(_ age: Int) throws -> Int {
        try checked(age, in: ages, field: StudentField.age.field)
    }

    /// Reads an age from text such as `"17"`, `" 17"`, `"+17"` or `"017"`.
    ///
    /// - Parameter text: The age as typed.
    /// - Returns: The age in years.
    /// - Throws: ``ValidationError`` when the text is not a whole number from 1 to 120.
    public static func age(text: String) throws -> Int {
        try age(wholeNumber(text, field: StudentField.age.field))
    }

    /// Checks that a grade is within ``grades``.
    ///
    /// - Parameter grade: The school grade.
    /// - Returns: The same grade.
    /// - Throws: ``ValidationError/outOfRange(field:text:range:)`` otherwise.
    public static func grade(_ grade: Int) throws -> Int {
        try checked(grade, in: grades, field: StudentField.grade.field)
    }

    /// Reads a grade from text such as `"7"`.
    ///
    /// - Parameter text: The grade as typed.
    /// - Returns: The grade.
    /// - Throws: ``ValidationError`` when the text is not a whole number from 0 to 13.
    public static func grade(text: String) throws -> Int {
        try grade(wholeNumber(text, field: StudentField.grade.field))
    }

    /// Checks that a score is a finite number within ``scores``.
    ///
    /// - Parameter score: The score.
    /// - Returns: The same score.
    /// - Throws: ``ValidationError/outOfRange(field:text:range:)`` otherwise.
    public static func score(_ score: Double) throws -> Double {
        guard score.isFinite, scores.contains(score) else {
            throw ValidationError.outOfRange(
                field: StudentField.score.field, text: "\(score)", range: scoreRangeText)
        }
        return score
    }

    /// Reads a score from text such as `"88.5"`.
    ///
    /// - Parameter text: The score as typed, with a decimal point or, as much of Europe writes
    ///   it, a decimal comma followed by one or two digits (`7,5`).
    /// - Returns: The score.
    /// - Throws: ``ValidationError`` when the text is not a number from 0 to 100.
    public static func score(text: String) throws -> Double {
        var trimmed = trimmed(text)
        if trimmed.utf8.contains(0x2C) {
            let parts = trimmed.utf8.split(separator: 0x2C, omittingEmptySubsequences: false)
            if parts.count == 2, !parts[0].isEmpty, (1...2).contains(parts[1].count),
                !trimmed.utf8.contains(0x2E),
                parts[1].allSatisfy(isDigit)
            {
                trimmed =
                    String(decoding: parts[0], as: UTF8.self) + "."
                    + String(decoding: parts[1], as: UTF8.self)
            }
        }
        let isDecimal =
            !trimmed.isEmpty && trimmed.utf8.allSatisfy { isDigit($0) || $0 == 0x2E || $0 == 0x2B }
        guard isDecimal, let value = Double(trimmed) else {
            throw ValidationError.notANumber(
                field: StudentField.score.field, text: text, expected: "a number such as 88.5")
        }
        guard value.isFinite, scores.contains(value) else {
            throw ValidationError.outOfRange(
                field: StudentField.score.field, text: trimmed, range: scoreRangeText)
        }
        return value
    }

    private static func wholeNumber(_ text: String, field: String) throws -> Int {
        // Most numbers are a few plain digits: read those without making substrings.
        if text.utf8.count <= 9, !text.isEmpty, text.utf8.allSatisfy(isDigit) {
            return text.utf8.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        var digits = Substring(trimmed(text))
        if digits.first == "+" { digits = digits.dropFirst() }
        let isWhole = !digits.isEmpty && digits.utf8.allSatisfy(isDigit)
        guard isWhole else {
            throw ValidationError.notANumber(field: field, text: text, expected: "a whole number")
        }
        let significant = digits.drop { $0 == "0" }
        guard significant.count <= 9, let value = Int(significant.isEmpty ? "0" : significant) else {
            throw ValidationError.outOfRange(
                field: field, text: String(digits),
                range: describe(field == StudentField.age.field ? ages : grades))
        }
        return value
    }

    private static func checked(_ value: Int, in range: ClosedRange<Int>, field: String) throws -> Int {
        guard range.contains(value) else {
            throw ValidationError.outOfRange(field: field, text: "\(value)", range: describe(range))
        }
        return value
    }

    /// How a range reads in a message: `1 to 120`.
    private static func describe(_ range: ClosedRange<Int>) -> String {
        "\(range.lowerBound) to \(range.upperBound)"
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte)
    }
}

/// The rules of a name's characters: white space at its ends, refused characters, and the marks
/// and visible characters it must have, read with `VisibleText`'s classes of characters.
extension StudentValidator {
    /// The text without white space at either end; the text itself when it has none.
    static func trimmed(_ text: String) -> String {
        let isTrimmed = UTF16Encoding.withUTF8(of: text) { bytes in
            !bytes.isEmpty && !VisibleText.isWhitespace(UTF8Decoding.scalar(in: bytes, at: 0).value)
                && !VisibleText.isWhitespace(UTF8Decoding.lastScalar(in: bytes))
        }
        return isTrimmed ? text : trimmedSlowly(text)
    }

    /// The first scalar of the text that `VisibleText.isForbidden`, read from its UTF-8 bytes.
    static func forbiddenScalar(_ text: String) -> Unicode.Scalar? {
        UTF16Encoding.withUTF8(of: text) { bytes in
            var index = 0
            while index < bytes.count {
                let (value, length) = UTF8Decoding.scalar(in: bytes, at: index)
                index += length
                if let scalar = Unicode.Scalar(value), VisibleText.isForbidden(scalar) { return scalar }
            }
            return nil
        }
    }

    /// Why a name read from a file could not have been typed into `add`, in words that follow
    /// "has", or `nil` when it could have. Control and layout characters are let through: they
    /// are shown escaped (see `VisibleText`) and `edit` can fix them.
    static func problem(withStoredName name: String) -> String? {
        // Most names: short ASCII, which only needs one character that shows.
        if name.utf8.count <= maximumNameLength, name.utf8.allSatisfy({ $0 < 0x80 }) {
            if name.utf8.contains(where: { $0 > 0x20 && $0 != 0x7F }) { return nil }
            return name.isEmpty ? "an empty name" : "a name with no visible character"
        }
        let kept = trimmed(name)
        guard !kept.isEmpty else { return "an empty name" }
        if kept.utf8.count > maximumNameLength, kept.count > maximumNameLength {
            return "a name longer than \(maximumNameLength) characters"
        }
        let shape = shape(of: kept)
        guard shape.mostMarks <= maximumMarks else {
            return "a name with more than \(maximumMarks) marks on one character"
        }
        return shape.showsSomething ? nil : "a name with no visible character"
    }

    /// In one pass over the text: the most combining marks in a row (what one character carries
    /// at most), and whether any character shows (see `VisibleText.isVisible`).
    static func shape(of text: String) -> (mostMarks: Int, showsSomething: Bool) {
        UTF16Encoding.withUTF8(of: text) { bytes in
            var (most, run, showsSomething, index) = (0, 0, false, 0)
            while index < bytes.count {
                let (value, length) = UTF8Decoding.scalar(in: bytes, at: index)
                index += length
                // ASCII has no marks, and shows everything above the space. The plain blocks' only
                // marks are the combining diacritics and Cyrillic's; every other scalar of them is
                // a letter that shows, known without a lookup.
                if value < 0x80 {
                    run = 0
                    if value > 0x20 { showsSomething = true }
                } else if VisibleText.isPlainLetter(value) && !VisibleText.isPlainMark(value) {
                    (run, showsSomething) = (0, true)
                } else if let scalar = Unicode.Scalar(value), VisibleText.isMark(scalar) {
                    run += 1
                    most = max(most, run)
                } else {
                    run = 0
                    if !showsSomething, let scalar = Unicode.Scalar(value) {
                        showsSomething = VisibleText.isVisible(scalar)
                    }
                }
            }
            return (most, showsSomething)
        }
    }

    static func trimmedSlowly(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
