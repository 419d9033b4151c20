import RosterKit

/// How an option's text becomes its typed value, and the hint an unusable text is refused with.
///
/// A malformed number becomes swift-argument-parser's "The value … is invalid" error (exit 64);
/// ranges are left to ``StudentValidator``, which names the field.
struct OptionParse<Value>: Sendable {
    /// The only texts accepted, for a choice; the parser refuses others before converting.
    var choices: [String] = []
    /// The value used when the option is absent, as help shows it.
    var defaultValue: String? = nil
    /// The text's value; throws `ValidationError.notANumber` or ``UsageError`` for unusable text.
    let convert: @Sendable (String) throws -> Value
    /// The sentence that follows "The value … is invalid" for a malformed number.
    var hint = ""

    /// The value of `text`, given for the option written as `label`.
    ///
    /// - Throws: ``UsageError/invalidValue(_:label:reason:)`` for text that is not a number.
    func value(_ text: String, label: String) throws -> Value {
        do {
            return try convert(text)
        } catch ValidationError.notANumber {
            throw UsageError.invalidValue(text, label: label, reason: hint)
        }
    }
}

extension OptionParse where Value == String {
    /// Text as it was typed.
    static var text: Self { OptionParse(convert: { $0 }) }
}

extension OptionParse where Value == Int {
    /// An age, such as `12`.
    static var age: Self {
        OptionParse(convert: StudentValidator.age(text:), hint: "Use a whole number from \(RangeText.ages).")
    }

    /// A school grade, such as `7`.
    static var grade: Self {
        OptionParse(
            convert: StudentValidator.grade(text:), hint: "Use a whole number from \(RangeText.grades).")
    }

    /// A whole number of 1 or more, such as a count or a size.
    static var positiveNumber: Self {
        OptionParse(
            convert: { text in
                guard let number = Int(text), number >= 1 else {
                    throw ValidationError.notANumber(
                        field: "number", text: text, expected: "a whole number of 1 or more")
                }
                return number
            }, hint: "Use a whole number of 1 or more.")
    }
}

extension OptionParse where Value == Double {
    /// A score, such as `88.5` or `88,5`.
    static var score: Self {
        OptionParse(
            convert: StudentValidator.score(text:),
            hint: "Use a number from \(RangeText.scores), such as 88.5.")
    }
}

extension OptionParse where Value == [String] {
    /// Students separated by commas, such as `ada,zoe`.
    static var studentList: Self {
        OptionParse(convert: { $0.split(separator: ",").map(String.init) })
    }
}

extension OptionParse where Value: CaseIterable & RawRepresentable & Sendable, Value.RawValue == String {
    /// One of the values of a choice, such as `--format json`.
    static func choice(default fallback: Value? = nil) -> Self {
        choice(among: Array(Value.allCases), default: fallback)
    }
}

extension OptionParse where Value: RawRepresentable & Sendable, Value.RawValue == String {
    /// One of `allowed`, such as `--format json` where a command prints a table or JSON.
    static func choice(among allowed: [Value], default fallback: Value? = nil) -> Self {
        OptionParse(
            choices: allowed.map(\.rawValue), defaultValue: fallback?.rawValue,
            convert: { text in
                guard let value = Value(rawValue: text) else {
                    throw UsageError.invalidValue(text, label: "", reason: "")
                }
                return value
            })
    }
}
