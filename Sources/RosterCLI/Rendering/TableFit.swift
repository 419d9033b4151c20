import RosterEngine
import RosterKit

/// How a report's table fits the terminal: its name column shrinks, names cut with `…`; its other
/// columns take short titles before a name is cut below 16 columns, and some of them are left out
/// before a name is cut below 12, so that two students stay told apart however narrow the
/// terminal.
struct TableFit {
    /// The fewest columns a name is cut to while the long titles are used.
    static let shortestCutName = 16
    /// The fewest columns a name is cut to while a column can still be left out: 12 characters
    /// and the `…`.
    static let shortestName = 13

    /// The width of the name column.
    let nameWidth: Int
    /// Whether the other columns take their short titles.
    let usesShortTitles: Bool
    /// Which of the other columns are shown.
    let shows: [Bool]

    /// The fit of names `names` wide beside other columns, each `wide` wide with its long title
    /// and `narrow` with its short one (gaps included), in a terminal `width` wide; the columns
    /// in `dropOrder` are left out in that order while the names would be cut below 12.
    init(names: [Int], wide: [Int], narrow: [Int], width: Int, dropOrder: [Int] = []) {
        let longest = max(4, names.max() ?? 0)
        usesShortTitles = width - wide.reduce(0, +) < min(Self.shortestCutName, longest)
        let columns = usesShortTitles ? narrow : wide
        var shows = [Bool](repeating: true, count: columns.count)
        var used = columns.reduce(0, +)
        for column in dropOrder where width - used < min(Self.shortestName, longest) {
            shows[column] = false
            used -= columns[column]
        }
        self.shows = shows
        nameWidth = max(4, min(longest, width - used))
    }

    /// Appends a name `width` wide as the column shows it, cut with `…` when it is wider, and
    /// padded to the column; a name that fits is copied as it is, with no string made.
    func append(_ name: String, width: Int, to text: inout [UInt8]) {
        guard width > nameWidth else {
            text.append(contentsOf: name.utf8)
            text.append(contentsOf: repeatElement(0x20, count: nameWidth - width))
            return
        }
        text.append(
            contentsOf: DisplayWidth.padded(DisplayWidth.truncated(name, to: nameWidth), to: nameWidth).utf8)
    }
}
