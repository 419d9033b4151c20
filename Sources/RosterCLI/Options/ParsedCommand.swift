import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the parser read from the command line for one command.
struct ParsedCommand: Sendable {
    /// The last value given for each option, by long name.
    var values: [String: String] = [:]
    /// Every value given for each option, in order, for options that may be repeated
    /// (`--skip Ada --skip Alan`).
    var allValues: [String: [String]] = [:]
    /// The flags given, by long name.
    var flags: Set<String> = []
    /// The positional arguments, in order.
    var positionals: [String] = []

    /// Whether a flag was given.
    func has(_ flag: String) -> Bool {
        flags.contains(flag)
    }

    /// Each value of a repeatable option that lists students separated by commas
    /// (`--apart ada,ben --apart cleo,dev`), as its list of references.
    func studentLists(_ option: String) -> [[String]] {
        (allValues[option] ?? []).map { $0.split(separator: ",").map(String.init) }
    }
}

/// Reads typed option values, turning a malformed number into swift-argument-parser's
/// "The value … is invalid" error and leaving range checks to ``StudentValidator``.
extension ParsedCommand {
    /// The age given with `--age` (or another option holding an age), if any.
    func age(_ option: String = "age", in spec: CommandSpec) throws -> Int? {
        try read(
            option, in: spec, hint: "Use a whole number from \(RangeText.ages).", StudentValidator.age(text:))
    }

    /// A whole number of 1 or more given with `option`, if any.
    func positiveNumber(_ option: String, in spec: CommandSpec) throws -> Int? {
        try read(option, in: spec, hint: "Use a whole number of 1 or more.") { text in
            guard let number = Int(text), number >= 1 else {
                throw ValidationError.notANumber(
                    field: option, text: text, expected: "a whole number of 1 or more")
            }
            return number
        }
    }

    /// The grade given with `--grade`, if any.
    func grade(in spec: CommandSpec) throws -> Int? {
        try read(
            "grade", in: spec, hint: "Use a whole number from \(RangeText.grades).",
            StudentValidator.grade(text:))
    }

    /// The score given with `--score`, if any.
    func score(in spec: CommandSpec) throws -> Double? {
        try read(
            "score", in: spec, hint: "Use a number from \(RangeText.scores), such as 88.5.",
            StudentValidator.score(text:))
    }

    /// The value of a choice option, or its default.
    func choice<Choice: RawRepresentable>(_ name: String, default fallback: Choice) -> Choice
    where Choice.RawValue == String {
        values[name].flatMap(Choice.init(rawValue:)) ?? fallback
    }

    private func read<Value>(
        _ name: String, in spec: CommandSpec, hint: String, _ convert: (String) throws -> Value
    ) throws -> Value? {
        guard let text = values[name] else { return nil }
        do {
            return try convert(text)
        } catch ValidationError.notANumber {
            let label = spec.allOptions.first { $0.name == name }?.label ?? "--\(name)"
            throw UsageError.invalidValue(text, label: label, reason: hint)
        }
    }
}
