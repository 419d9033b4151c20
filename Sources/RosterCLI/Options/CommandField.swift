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
