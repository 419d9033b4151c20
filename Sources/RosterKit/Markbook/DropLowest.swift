/// Chooses which marks a category drops: the ones whose removal leaves its result highest.
///
/// With equal maximums these are the lowest marks. With different maximums they need not be:
/// of 1/2 (50%), 80/100 (80%) and 9/10 (90%), dropping the lowest percentage leaves 89/110
/// (80.91%), but dropping the 80/100 leaves 10/12 (83.33%), because a mark weighs as much as its
/// maximum. No rule on single marks is right every time. Kane and Kane's method (*Dropping
/// Lowest Grades*, Mathematics Magazine 79(3), 2006), which Canvas uses, is: take a result q,
/// keep the marks with the largest `points − q × maximum`, take their result as the next q, and
/// stop when it no longer rises. Each step is exact, and it ends at the best choice.
enum DropLowest {
    /// One counted mark, in whole millionths of a point.
    struct Item: Sendable, Equatable {
        let points: Int64
        let maximum: Int64
    }

    /// The positions in `items` of the marks to drop: at most `count`, never the last one; of
    /// equally good choices, the earlier assessment is dropped.
    static func choose(_ count: Int, of items: [Item]) -> [Int] {
        let dropping = min(count, items.count - 1)
        guard dropping > 0 else { return [] }
        var best = (
            points: items.reduce(Int128(0)) { $0 + Int128($1.points) },
            maximum: items.reduce(Int128(0)) { $0 + Int128($1.maximum) }
        )
        var dropped: [Int] = []
        while true {
            // Ascending by what each mark adds at the current result; ties, the earlier first.
            let values = items.map { value($0, at: best) }
            let order = items.indices.sorted { first, second in
                values[first] != values[second] ? values[first] < values[second] : first < second
            }
            let choice = Array(order.prefix(dropping))
            var kept = (points: Int128(0), maximum: Int128(0))
            for index in items.indices where !choice.contains(index) {
                kept.points += Int128(items[index].points)
                kept.maximum += Int128(items[index].maximum)
            }
            let rises = kept.points * best.maximum > best.points * kept.maximum
            if dropped.isEmpty || rises { (best, dropped) = (kept, choice) }
            // The result rises at every step until it is the best.
            if !rises { break }
        }
        return dropped.sorted()
    }

    /// What `item` adds to a sum at the result `points / maximum`, scaled by `maximum`.
    private static func value(_ item: Item, at result: (points: Int128, maximum: Int128)) -> Int128 {
        Int128(item.points) * result.maximum - result.points * Int128(item.maximum)
    }
}
