/// Names as a message lists them: the first few, then how many more, so that an error about a
/// class of thousands is still one readable line.
package enum NameList {
    /// The most names a message lists one by one.
    static let shown = 10

    /// `names` joined with commas, the first ``shown`` of them and then "and 4,990 more".
    static func sentence(_ names: [String]) -> String {
        guard names.count > shown else { return joined(names) }
        return joined(Array(names.prefix(shown))) + " and \(grouped(names.count - shown)) more"
    }

    /// `names` joined with commas, or with semicolons when a name holds a comma ("Hughes, Amelia"),
    /// so that a list always shows where each name ends: the one rule for every list of names.
    package static func joined(_ names: [String]) -> String {
        names.joined(separator: names.contains { $0.contains(",") } ? "; " : ", ")
    }

    /// A count with thousands separated by commas: `4,990`.
    package static func grouped(_ count: Int) -> String {
        let digits = String(count)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
