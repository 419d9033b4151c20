import Testing

@testable import RosterKit

/// The tutorial's tests of a markbook, *Marks that add up*, run against RosterKit's own types:
/// the learner's model and the library agree on every rule.
@Suite("Marks that add up, with RosterKit")
struct MarksThatAddUpTests {
    /// A markbook of these assessments (name, maximum, category) and categories.
    func markbook(_ assessments: [(String, Int, String?)], categories: [MarkCategory] = []) throws -> Markbook
    {
        var book = Markbook()
        book.categories = categories
        for (name, outOf, category) in assessments {
            try book.add(Assessment(name: name, outOf: Fraction(outOf), category: category))
        }
        return book
    }

    /// The result of marks given by assessment name.
    func resultOf(_ book: Markbook, _ marks: [String: Mark]) throws -> StudentResult {
        let byID = try marks.map { (try book.assessment(named: $0.key).id, $0.value) }
        return MarkbookCalculator(markbook: book).result(for: Dictionary(uniqueKeysWithValues: byID))
    }

    @Test("an excused mark is left out of the points and the maximum")
    func excused() throws {
        let book = try markbook([("Q1", 10, nil), ("Q2", 10, nil)])
        // Q1 alone counts: 8 of 10.
        let result = try resultOf(book, ["Q1": .points(Fraction(8)), "Q2": .excused])
        #expect(result.overall == Fraction(80))
    }

    @Test("a missing mark counts 0 of its maximum")
    func missing() throws {
        let book = try markbook([("Q1", 10, nil), ("Q2", 30, nil)])
        // 8 + 0 of 10 + 30.
        let result = try resultOf(book, ["Q1": .points(Fraction(8)), "Q2": .missing])
        #expect(result.overall == Fraction(20))
    }

    @Test("a blank mark is left out until it is marked")
    func blank() throws {
        let book = try markbook([("Q1", 10, nil), ("Q2", 10, nil)])
        let result = try resultOf(book, ["Q1": .points(Fraction(8))])
        #expect(result.overall == Fraction(80))
        #expect(result.categories[0].lines.map(\.status) == [.counted, .blank])
    }

    @Test("the dropped mark is the one whose removal leaves the highest result, whatever its maximum")
    func droppedWithAnotherMaximum() throws {
        let book = try markbook(
            [("H1", 10, "Homework"), ("H2", 100, "Homework"), ("H3", 100, "Homework")],
            categories: [MarkCategory(name: "Homework", dropLowest: 1)])
        let result = try resultOf(
            book, ["H1": .points(Fraction(2)), "H2": .points(Fraction(30)), "H3": .points(Fraction(90))])
        // H1 is the lowest percentage (20%), but dropping H2 leaves 92 of 110, dropping H1 only 120 of 200.
        #expect(result.categories[0].lines.map(\.status) == [.counted, .dropped, .counted])
        #expect(result.overall == Fraction(920, over: 11))
    }

    @Test("with weights, the overall result is Σ(weight × result) / Σ(weight) over the categories marked")
    func weights() throws {
        let book = try markbook(
            [("T1", 50, "Tests"), ("H1", 20, "Homework"), ("P1", 10, "Project")],
            categories: [
                MarkCategory(name: "Tests", weight: Fraction(3)),
                MarkCategory(name: "Homework", weight: Fraction(1)),
                MarkCategory(name: "Project", weight: Fraction(2)),
            ])
        // Tests 90, Homework 85; the project is not marked yet: (3 × 90 + 1 × 85) / 4.
        let result = try resultOf(book, ["T1": .points(Fraction(45)), "H1": .points(Fraction(17))])
        #expect(result.overall == Fraction(355, over: 4))
        #expect(result.overall?.description == "88.75")
    }
}
