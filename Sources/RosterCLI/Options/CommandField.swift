import RosterKit

/// One option, flag or positional argument of a command, declared once: what the parser and
/// the help are told about it, and where its typed value lands in the command.
///
/// A command lists its fields beside its properties, as swift-argument-parser's `@Option`,
/// `@Flag` and `@Argument` do, so its `run` reads typed values and never looks an option up by
/// name:
///
/// ```swift
/// static let fields: [CommandField<ListCommand>] = [
///     .flag("reverse", \.reverse, help: "Show the list in reverse order."),
///     .option("limit", \.limit, valueName: "n", help: "…", parse: .positiveNumber),
/// ]
/// var reverse = false
/// var limit: Int?
/// ```
struct CommandField<Command>: Sendable {
    /// What the field is on the command line.
    enum Kind: Sendable {
        case option(OptionSpec)
        /// A positional argument; a repeated one takes every word from its place on.
        case argument(ArgumentSpec, position: Int)
    }

    let kind: Kind
    /// Puts the words the parser read for the field into the command, converted.
    let store: @Sendable (inout Command, _ words: [String]) throws -> Void

    /// The option's spec, or `nil` for an argument.
    var option: OptionSpec? {
        if case .option(let spec) = kind { return spec }
        return nil
    }

    /// The argument's spec, or `nil` for an option.
    var argument: ArgumentSpec? {
        if case .argument(let spec, _) = kind { return spec }
        return nil
    }
}

extension CommandField {
    /// A flag such as `--reverse`: `true` when given.
    static func flag(
        _ name: String, _ keyPath: WritableKeyPath<Command, Bool> & Sendable, short: Character? = nil,
        help: String
    ) -> Self {
        CommandField(kind: .option(OptionSpec(name: name, shortName: short, help: help))) { command, words in
            command[keyPath: keyPath] = !words.isEmpty
        }
    }

    /// An option with one value, such as `--age 12`: the last value given wins; `nil` when absent.
    static func option<Value>(
        _ name: String, _ keyPath: WritableKeyPath<Command, Value?> & Sendable, valueName: String,
        help: String, isRequired: Bool = false, parse: OptionParse<Value>
    ) -> Self {
        let spec = OptionSpec(
            name: name, valueName: valueName, help: help, isRequired: isRequired, choices: parse.choices,
            defaultValue: parse.defaultValue)
        return CommandField(kind: .option(spec)) { command, words in
            guard let text = words.last else { return }
            command[keyPath: keyPath] = try parse.value(text, label: spec.label)
        }
    }

    /// An option that may be given again and again, such as `--skip ada --skip zoe`, each value
    /// in the order given.
    static func repeated<Value>(
        _ name: String, _ keyPath: WritableKeyPath<Command, [Value]> & Sendable, valueName: String,
        help: String, parse: OptionParse<Value>
    ) -> Self {
        let spec = OptionSpec(name: name, valueName: valueName, help: help, choices: parse.choices)
        return CommandField(kind: .option(spec)) { command, words in
            command[keyPath: keyPath] = try words.map { try parse.value($0, label: spec.label) }
        }
    }

    /// The positional argument at `position`, such as `<student>`.
    static func argument(
        _ spec: ArgumentSpec, _ keyPath: WritableKeyPath<Command, String?> & Sendable, position: Int = 0
    ) -> Self {
        CommandField(kind: .argument(spec, position: position)) { command, words in
            command[keyPath: keyPath] = words.first
        }
    }

    /// The positional argument at `position` that the command cannot run without (the parser
    /// refuses its absence), such as `<student>`.
    static func argument(
        _ spec: ArgumentSpec, _ keyPath: WritableKeyPath<Command, String> & Sendable, position: Int = 0
    ) -> Self {
        CommandField(kind: .argument(spec, position: position)) { command, words in
            if let word = words.first { command[keyPath: keyPath] = word }
        }
    }

    /// The positional arguments from `position` on, read together into one typed value by
    /// `parse`, such as `classes rename <old> <new>`; `nil` when none are given.
    static func arguments<Value>(
        _ spec: ArgumentSpec, _ keyPath: WritableKeyPath<Command, Value?> & Sendable, position: Int = 0,
        parse: @escaping @Sendable ([String]) throws -> Value
    ) -> Self {
        var repeated = spec
        repeated.isRepeated = true
        return CommandField(kind: .argument(repeated, position: position)) { command, words in
            guard !words.isEmpty else { return }
            command[keyPath: keyPath] = try parse(words)
        }
    }

    /// The positional arguments from `position` on, such as `<student> ...`.
    static func arguments(
        _ spec: ArgumentSpec, _ keyPath: WritableKeyPath<Command, [String]> & Sendable, position: Int = 0
    ) -> Self {
        var repeated = spec
        repeated.isRepeated = true
        return CommandField(kind: .argument(repeated, position: position)) { command, words in
            command[keyPath: keyPath] = words
        }
    }
}

/// How an option's text becomes its typed value, and the hint an unusable text is refused with.
///
/// A malformed number becomes swift-argument-parser's "The value … is invalid" error (exit 64);
/// ranges are left to ``StudentValidator``, which names the field.
struct OptionParse<Value>: Sendable {
    /// The only texts accepted, for a choice; the parser refuses others before converting.
    var choices: [String] = []
    /// The value used when the option is absent, as help shows it.
    var defaultValue: String? = nil
    /// The text's value; throws `ValidationError.notANumber` or ``UnusableText`` for text that
    /// is not a value of the option (refused with ``hint``), or ``UsageError``.
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
            // The text is quoted back to a terminal: its controls are shown escaped, never sent.
            throw UsageError.invalidValue(VisibleText.of(text), label: label, reason: hint)
        } catch is UnusableText {
            throw UsageError.invalidValue(VisibleText.of(text), label: label, reason: hint)
        }
    }
}

/// Thrown by an ``OptionParse`` for text that is not a value of its option, which is then refused
/// with the option's hint.
struct UnusableText: Error {}

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

    /// A whole number in `range`, such as how many marks to drop.
    static func wholeNumber(in range: ClosedRange<Int>) -> Self {
        let expected = "a whole number from \(range.lowerBound) to \(range.upperBound)"
        return OptionParse(
            convert: { text in
                guard let number = Int(text), range.contains(number) else {
                    throw ValidationError.notANumber(field: "number", text: text, expected: expected)
                }
                return number
            }, hint: "Use \(expected).")
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

/// The ranges a roster accepts, as help and errors write them (`1 to 120`), taken from
/// ``StudentValidator`` so that the one rule is stated in one place.
enum RangeText {
    /// The ages, as `1 to 120`.
    static let ages = text(StudentValidator.ages)
    /// The grades, as `0 to 13`.
    static let grades = text(StudentValidator.grades)
    /// The scores, as `0 to 100`.
    static let scores = StudentValidator.scoreRangeText

    private static func text(_ range: ClosedRange<Int>) -> String {
        "\(range.lowerBound) to \(range.upperBound)"
    }
}

/// How a command prints what it shows: `--format table|json|csv|plist|html`, each command
/// accepting those it can write; `canvas` and `oneroster` give the markbook as Canvas's gradebook
/// and a school system's OneRoster 1.2 gradebook take it.
enum OutputFormat: String, CaseIterable, Sendable {
    case table, json, csv, plist, html, canvas, oneroster

    /// The extension a file of this format is named with: `txt` for a table, `csv` for Canvas,
    /// none for OneRoster's folder.
    var fileExtension: String {
        switch self {
        case .table: "txt"
        case .canvas: "csv"
        case .oneroster: ""
        default: rawValue
        }
    }
}

extension CommandField {
    /// `--format`, accepting `allowed`, `table` when absent.
    static func format(
        _ keyPath: WritableKeyPath<Command, OutputFormat?> & Sendable, _ allowed: [OutputFormat],
        help: String
    ) -> Self {
        .option(
            "format", keyPath, valueName: "format", help: help,
            parse: .choice(among: allowed, default: .table))
    }
}
