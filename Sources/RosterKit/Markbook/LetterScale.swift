/// The letters a class's overall results are given, each from its lower bound up.
///
/// Written as `A:90 B:80 C:70 D:60 E:0`: a result of 80 or more and under 90 is a B. The lowest
/// bound is 0, so every result has a letter. A result is compared once rounded to two decimals
/// (see ``letter(for:)``).
public struct LetterScale: Sendable, Hashable, Codable {
    /// One letter and the lowest result that earns it.
    public struct Step: Sendable, Hashable, Codable {
        /// The letter, such as `A` or `B+`.
        public let letter: String
        /// The lowest result, from 0 to 100, that earns it.
        public let from: Fraction
    }

    /// The steps, highest bound first.
    public let steps: [Step]

    /// Reads a scale as a teacher writes it: `letter:bound` pairs separated by spaces.
    ///
    /// - Throws: ``LetterScaleError`` when a pair cannot be read, a letter or a bound appears
    ///   twice, a bound is outside 0 to 100, or no letter starts at 0.
    public init(parsing text: String) throws(LetterScaleError) {
        var steps: [Step] = []
        for pair in text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }) {
            let parts = pair.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, parts[0].count <= 4,
                parts[0].unicodeScalars.allSatisfy({
                    $0.properties.isAlphabetic || "+-*".unicodeScalars.contains($0)
                })
            else { throw .notAPair(String(pair.prefix(40))) }
            guard let bound = Fraction(decimal: parts[1], places: 2), bound <= .hundred else {
                throw .badBound(String(pair.prefix(40)))
            }
            guard !steps.contains(where: { $0.letter == parts[0] || $0.from == bound }) else {
                throw .repeated(String(pair.prefix(40)))
            }
            steps.append(Step(letter: String(parts[0]), from: bound))
        }
        guard steps.contains(where: { $0.from == .zero }) else { throw .noLowestLetter }
        self.steps = steps.sorted { $0.from > $1.from }
    }

    /// The letter of `result` (a percentage), compared once rounded to two decimals so that an
    /// exact 89.995 is an A on a scale whose A starts at 90.
    public func letter(for result: Fraction) -> String {
        let rounded = result.rounded(toDecimalPlaces: 2)
        return steps.first { rounded >= $0.from }?.letter ?? steps.last?.letter ?? ""
    }

    /// The step above the one `result` earns, for "what it takes to reach the next letter";
    /// `nil` at the top.
    public func nextStep(above result: Fraction) -> Step? {
        let rounded = result.rounded(toDecimalPlaces: 2)
        return steps.last { $0.from > rounded }
    }

    /// The scale as it is written: `A:90 B:80 C:70 D:60 E:0`.
    public var text: String {
        steps.map { "\($0.letter):\($0.from)" }.joined(separator: " ")
    }
}
