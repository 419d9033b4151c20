import RosterEngine
import RosterKit

/// One word of the form `name=value`, as `move --map` (`Quiz 1=Fractions quiz`) and `watch --set`
/// (`absences=4`) take it: a name and its typed value.
struct NamedValue<Value: Sendable & Equatable>: Sendable, Equatable {
    let name: String
    let value: Value
}

extension OptionParse {
    /// `name=value`, both sides trimmed, the name not empty and the value one `value` makes;
    /// any other text is refused with `hint`.
    static func namedValue<Given>(hint: String, value: @escaping @Sendable (String) -> Given?) -> Self
    where Value == NamedValue<Given> {
        OptionParse(
            convert: { text in
                let parts = text.split(separator: "=", maxSplits: 1).map { String($0.trimmingWhitespace()) }
                guard parts.count == 2, !parts[0].isEmpty, let given = value(parts[1]) else {
                    throw UnusableText()
                }
                return NamedValue(name: parts[0], value: given)
            }, hint: hint)
    }
}
