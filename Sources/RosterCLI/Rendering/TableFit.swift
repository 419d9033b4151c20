import RosterEngine
import RosterKit

/// How a report's table fits the terminal: its name column shrinks, names cut with `…`, and its
/// other columns take short titles before a name is cut below 16 columns.
struct TableFit {
    /// The fewest columns a name is cut to while the long titles are used.
    static let shortestCutName = 16

    /// The width of the name column.
    let nameWidth: Int
    /// Whether the other columns take their short titles.
    let usesShortTitles: Bool

    /// The fit of names `names` wide beside other columns `wide` wide with long titles and
    /// `narrow` wide with short ones, in a terminal `width` wide.
    init(names: [Int], wide: Int, narrow: Int, width: Int) {
        let longest = max(4, names.max() ?? 0)
        usesShortTitles = width - wide < min(Self.shortestCutName, longest)
        nameWidth = max(4, min(longest, width - (usesShortTitles ? narrow : wide)))
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
