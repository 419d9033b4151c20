import Testing

@testable import RosterKit

/// The markbook's arithmetic, case by case, each worked out by hand in its comment.
@Suite("Markbook arithmetic")
struct MarkbookArithmeticTests {
    /// A markbook with these assessments (name, maximum, category) and categories.
    func markbook(
        _ assessments: [(String, Int, String?)], categories: [MarkCategory] = [], scale: String? = nil,
        dates: [String: String] = [:]
    ) throws -> Markbook {
        var markbook = Markbook()
        markbook.categories = categories
        for (name, outOf, category) in assessments {
            try markbook.add(
                Assessment(
                    name: name, outOf: Fraction(outOf), category: category,
                    date: dates[name].flatMap(SchoolDay.init)))
        }
        markbook.scale = try scale.map { try LetterScale(parsing: $0) }
        return markbook
    }

    /// Marks by assessment name, typed as a teacher types them.
    func marks(_ typed: [String: String], in markbook: Markbook) throws -> [String: Mark] {
        var marks: [String: Mark] = [:]
        for (name, text) in typed {
            let assessment = try markbook.assessment(named: name)
            marks[assessment.id] = try Mark(typed: text, outOf: assessment.outOf)
        }
        return marks
    }

    @Test("excused leaves a mark out of points and maximum; missing counts 0; blank is left out")
    func excusedMissingBlank() throws {
        let book = try markbook([("Q1", 10, nil), ("Q2", 10, nil), ("Q3", 20, nil), ("Q4", 10, nil)])
        let result = MarkbookCalculator(markbook: book).result(
            for: try marks(["Q1": "8", "Q2": "ex", "Q3": "missing"], in: book))
        // Q1 8/10 and Q3 0/20 count: 8/30 = 26.67%. Q2 is excused, Q4 blank.
        #expect(result.overall == Fraction(80, over: 3))
        #expect(result.overall?.decimalText() == "26.67")
        #expect(result.lines.map(\.status) == [.counted, .excused, .counted, .blank])
        #expect(result.blanks.map(\.name) == ["Q4"])
    }

    @Test("a projected result counts a blank as 0 once its date has passed, not before")
    func projected() throws {
        let book = try markbook(
            [("Q1", 10, nil), ("Q2", 10, nil), ("Q3", 10, nil)],
            dates: ["Q2": "2026-11-01", "Q3": "2026-12-20"])
        let typed = try marks(["Q1": "9"], in: book)
        let today = try #require(SchoolDay("2026-12-03"))
        let current = MarkbookCalculator(markbook: book, today: today).result(for: typed)
        let projected = MarkbookCalculator(markbook: book, projected: true, today: today).result(for: typed)
        #expect(current.overall == Fraction(90))
        // Q2 is past and blank: 9/20 = 45%. Q3 is not due yet and stays out.
        #expect(projected.overall == Fraction(45))
        #expect(projected.lines.map(\.status) == [.counted, .projectedZero, .blank])
    }

    @Test(
        "drop-lowest with different maximums drops the mark whose removal helps most, not the lowest percentage"
    )
    func dropWithDifferentMaximums() throws {
        let book = try markbook(
            [("A", 2, "Quizzes"), ("B", 100, "Quizzes"), ("C", 10, "Quizzes")],
            categories: [MarkCategory(name: "Quizzes", dropLowest: 1)])
        let result = MarkbookCalculator(markbook: book).result(
            for: try marks(["A": "1", "B": "80", "C": "9"], in: book))
        // A is the lowest percentage (50%), but dropping it leaves 89/110 = 80.91%;
        // dropping B (80%) leaves 10/12 = 83.33%.
        #expect(result.lines.map(\.status) == [.counted, .dropped, .counted])
        #expect(result.overall == Fraction(250, over: 3))
        #expect(result.categories[0].points == Fraction(10))
        #expect(result.categories[0].maximum == Fraction(12))
    }

    @Test("the last counted mark is never dropped, and equal choices drop the earlier assessment")
    func dropLimits() throws {
        let book = try markbook(
            [("A", 10, "H"), ("B", 10, "H"), ("C", 10, "H")],
            categories: [MarkCategory(name: "H", dropLowest: 5)])
        let one = MarkbookCalculator(markbook: book).result(for: try marks(["B": "4"], in: book))
        #expect(one.lines.map(\.status) == [.blank, .counted, .blank])
        let tied = MarkbookCalculator(markbook: book).result(
            for: try marks(["A": "5", "B": "5", "C": "5"], in: book))
        #expect(tied.lines.map(\.status) == [.dropped, .dropped, .counted])
    }

    @Test("weights that do not add up to 100 are used as they stand")
    func weightsNotHundred() throws {
        let book = try markbook(
            [("H1", 10, "Homework"), ("T1", 50, "Tests")],
            categories: [
                MarkCategory(name: "Homework", weight: Fraction(30)),
                MarkCategory(name: "Tests", weight: Fraction(60)),
            ])
        let result = MarkbookCalculator(markbook: book).result(
            for: try marks(["H1": "10", "T1": "25"], in: book))
        // (30 × 100 + 60 × 50) / 90 = 6000 / 90 = 66.67.
        #expect(result.overall == Fraction(200, over: 3))
        #expect(result.weightsCounted == Fraction(90))
    }

    @Test("with weights set, an assessment outside every weighted category does not count")
    func outsideWeights() throws {
        let book = try markbook(
            [("H1", 10, "Homework"), ("Extra", 10, nil)],
            categories: [MarkCategory(name: "Homework", weight: Fraction(100))])
        let result = MarkbookCalculator(markbook: book).result(
            for: try marks(["H1": "6", "Extra": "10"], in: book))
        #expect(result.overall == Fraction(60))
        #expect(result.lines.map(\.status) == [.counted, .outsideWeights])
    }

    @Test("a result's line at a position is the assessment added there, whatever its category")
    func lineAtPosition() throws {
        let book = try markbook(
            [("T1", 50, "Tests"), ("Extra", 10, nil), ("H1", 10, "Homework"), ("T2", 50, "Tests")],
            categories: [MarkCategory(name: "Homework"), MarkCategory(name: "Tests")])
        let result = MarkbookCalculator(markbook: book).result(
            for: try marks(["T1": "20", "Extra": "5", "H1": "7"], in: book))
        let names = (0..<4).map { result.line(at: $0).assessment.name }
        #expect(names == ["T1", "Extra", "H1", "T2"])
        #expect((0..<4).map(result.line(at:)) == result.lines)
        var student = Student(name: "Ada", age: 12)
        student.marks = try marks(["T1": "20", "Extra": "5", "H1": "7"], in: book)
        #expect(MarkbookCalculator(markbook: book).result(for: student) == result)
    }

    @Test(
        "a category without a counted mark leaves the weights; no weights means all points over all maximums")
    func emptyCategoryAndUnweighted() throws {
        let weighted = try markbook(
            [("H1", 10, "Homework"), ("T1", 50, "Tests")],
            categories: [
                MarkCategory(name: "Homework", weight: Fraction(40)),
                MarkCategory(name: "Tests", weight: Fraction(60)),
            ])
        #expect(
            MarkbookCalculator(markbook: weighted).result(for: try marks(["H1": "7"], in: weighted)).overall
                == Fraction(70))
        let plain = try markbook(
            [("H1", 10, "Homework"), ("T1", 50, "Tests")], categories: [MarkCategory(name: "Homework")])
        // 7 + 20 over 10 + 50 = 45%, not the mean of 70% and 40%.
        #expect(
            MarkbookCalculator(markbook: plain).result(for: try marks(["H1": "7", "T1": "20"], in: plain))
                .overall == Fraction(45))
    }

    @Test("a result on a letter's boundary gets that letter, decided on the result rounded to two decimals")
    func letterBoundary() throws {
        let book = try markbook(
            [("T", 200_000, nil)], scale: "A:90 B:80 C:70 D:60 E:0")
        let calculator = MarkbookCalculator(markbook: book)
        // 159,990 / 200,000 = 79.995%, which is 80.00 to two decimals: a B.
        #expect(calculator.result(for: try marks(["T": "159990"], in: book)).letter == "B")
        // 159,989 / 200,000 = 79.9945%, which is 79.99: a C.
        #expect(calculator.result(for: try marks(["T": "159989"], in: book)).letter == "C")
        // An exact 80 and a third of a hundred are never float noise.
        let thirds = try markbook([("A", 3, nil), ("B", 3, nil), ("C", 3, nil)], scale: "P:50 F:0")
        let sum = MarkbookCalculator(markbook: thirds).result(
            for: try marks(["A": "1", "B": "1.5", "C": "2"], in: thirds))
        #expect(sum.overall == Fraction(50))
        #expect(sum.letter == "P")
    }

    @Test("typed marks: points, a comma, points out of the maximum, percentages; bad ones named")
    func typedMarks() throws {
        let ten = Fraction(10)
        #expect(try Mark(typed: "8,5", outOf: ten) == .points(Fraction(17, over: 2)))
        #expect(try Mark(typed: "8/10", outOf: ten) == .points(Fraction(8)))
        #expect(try Mark(typed: "67%", outOf: ten).points(outOf: ten) == Fraction(67, over: 10))
        #expect(try Mark(typed: "EX", outOf: ten) == .excused)
        #expect(throws: MarkError.overMaximum("11", outOf: ten)) { try Mark(typed: "11", outOf: ten) }
        #expect(throws: MarkError.otherMaximum("8/9", outOf: ten)) { try Mark(typed: "8/9", outOf: ten) }
        #expect(throws: MarkError.percentOverHundred("101%")) { try Mark(typed: "101%", outOf: ten) }
        #expect(throws: MarkError.belowZero("-1")) { try Mark(typed: "-1", outOf: ten) }
        #expect(throws: MarkError.notAMark("eight")) { try Mark(typed: "eight", outOf: ten) }
    }

    @Test("assessments are found by name ignoring case and accents, by a unique start, or by initials")
    func findingAssessments() throws {
        let book = try markbook([("Quiz 1", 10, nil), ("Quiz 2", 10, nil), ("Écrit final", 40, nil)])
        #expect(try book.assessment(named: "quiz 2").name == "Quiz 2")
        #expect(try book.assessment(named: "q2").name == "Quiz 2")
        #expect(try book.assessment(named: "ecrit").name == "Écrit final")
        #expect(throws: MarkbookError.ambiguousAssessment("quiz", matches: ["Quiz 1", "Quiz 2"])) {
            try book.assessment(named: "quiz")
        }
        #expect(throws: MarkbookError.unknownAssessment("Quix 2", closest: ["Quiz 1", "Quiz 2"])) {
            try book.assessment(named: "Quix 2")
        }
        var taken = book
        #expect(throws: MarkbookError.nameTaken("Quiz 1")) {
            try taken.add(Assessment(name: "QUIZ 1", outOf: Fraction(5)))
        }
    }

    @Test("Kane and Kane's choice is the best of every possible choice", arguments: [3, 11, 29])
    func dropMatchesEveryChoice(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        for _ in 0..<300 {
            let count = Int.random(in: 2...7, using: &random)
            let items = (0..<count).map { _ in
                let maximum = Int64([1, 2, 5, 10, 20, 50, 100].randomElement(using: &random) ?? 10)
                return DropLowest.Item(
                    points: Int64.random(in: 0...maximum, using: &random), maximum: maximum)
            }
            let dropping = Int.random(in: 1...3, using: &random)
            let chosen = DropLowest.choose(dropping, of: items)
            let best =
                subsets(of: Array(items.indices), size: min(dropping, count - 1))
                .map { result(of: items, without: $0) }.max() ?? .zero
            #expect(result(of: items, without: chosen) == best)
        }
    }

    @Test("a score becomes points when they fit two decimals, else a percentage; no score is left out")
    func markFromScore() {
        #expect(ClassroomIntents.mark(fromScore: 87.5, outOf: Fraction(40)) == .points(Fraction(35)))
        // 33.33% of 7 is 2.3331 points, more decimals than a mark keeps: the percentage is kept.
        #expect(
            ClassroomIntents.mark(fromScore: 33.33, outOf: Fraction(7)) == .percent(Fraction(3333, over: 100))
        )
        // A score may have more decimals than a mark: it is rounded to two, never dropped.
        #expect(
            ClassroomIntents.mark(fromScore: 88.333, outOf: Fraction(100))
                == .points(Fraction(8833, over: 100)))
    }

    private func result(of items: [DropLowest.Item], without dropped: [Int]) -> Fraction {
        let kept = items.indices.filter { !dropped.contains($0) }
        return Fraction(
            Int128(kept.reduce(0) { $0 + items[$1].points }),
            over: Int128(kept.reduce(0) { $0 + items[$1].maximum }))
    }

    private func subsets(of indices: [Int], size: Int) -> [[Int]] {
        guard size > 0 else { return [[]] }
        guard let first = indices.first else { return [] }
        let rest = Array(indices.dropFirst())
        return subsets(of: rest, size: size - 1).map { [first] + $0 } + subsets(of: rest, size: size)
    }
}
