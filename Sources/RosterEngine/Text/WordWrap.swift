/// Text broken into lines at spaces so that each fits a width in terminal columns.
///
/// Widths are counted by ``DisplayWidth``, so a line of Chinese names or emoji fits as well as one
/// of Latin letters. Words joined by ``keptTogether(_:)``, such as a name's, stay on one line
/// where they fit on one.
package enum WordWrap {
    /// The space that joins the words of ``keptTogether(_:)``.
    private static let joiner: Character = "\u{A0}"

    /// `text` with its spaces made ones that a line does not break at unless it must: a name
    /// in a list, so that `Ada Lovelace` is not split across two lines.
    package static func keptTogether(_ text: String) -> String {
        String(text.map { $0 == " " ? joiner : $0 })
    }

    /// `text` broken at spaces into lines `width` columns wide at most; every line after the
    /// first starts with `indent` spaces, which count towards its width, and the first line is
    /// taken to start at column `start`, after text already written. A word too wide for an
    /// indented line starts further left unless `keepsIndent`, as help's columns do; a word wider
    /// than the whole width stands alone on its line.
    package static func wrapped(
        _ text: String, width: Int, indent: Int, start: Int = 0, keepsIndent: Bool = false
    ) -> String {
        var lines: [String] = []
        var line = ""
        var used = start
        var startsLine = true
        for word in words(of: text, fitting: width - indent) {
            let wordWidth = DisplayWidth.of(word)
            if !startsLine && used + 1 + wordWidth > width {
                lines.append(line)
                let shift = keepsIndent ? indent : min(indent, max(0, width - wordWidth))
                line = String(repeating: " ", count: shift)
                used = shift
                startsLine = true
            }
            line += (startsLine ? "" : " ") + word
            used += (startsLine ? 0 : 1) + wordWidth
            startsLine = false
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// The words of `text` between its spaces, the words kept together as one unless they are
    /// wider than `room`, with plain spaces again.
    private static func words(of text: String, fitting room: Int) -> [String] {
        text.split(separator: " ").flatMap { word -> [String] in
            guard word.contains(joiner) else { return [String(word)] }
            let whole = String(word.map { $0 == joiner ? " " : $0 })
            guard DisplayWidth.of(whole) > room else { return [whole] }
            return word.split(separator: joiner).map(String.init)
        }
    }
}
