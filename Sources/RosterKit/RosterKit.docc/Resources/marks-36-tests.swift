// Tests for marks-35-markbook-tab.swift
import Testing

@testable import Markbook

// The rules of a result, each case worked out by hand in its comment.
@Suite("Marks that add up")
struct MarksThatAddUpTests {
    // A markbook of these assessments (name, maximum, category); each one's id is its name.
    func markbook(_ assessments: [(String, Int, String?)], categories: [MarkCategory] = []) -> Markbook {
        Markbook(
            assessments: assessments.map {
                Assessment(id: $0.0, name: $0.0, outOf: Fraction($0.1), category: $0.2)
            },
            categories: categories)
    }

    @Test("an excused mark is left out of the points and the maximum")
    func excused() {
        let book = markbook([("Q1", 10, nil), ("Q2", 10, nil)])
        // Q1 alone counts: 8 of 10.
        let result = book.result(for: ["Q1": .points(Fraction(8)), "Q2": .excused])
        #expect(result.overall == Fraction(80))
    }

    @Test("a missing mark counts 0 of its maximum")
    func missing() {
        let book = markbook([("Q1", 10, nil), ("Q2", 30, nil)])
        // 8 + 0 of 10 + 30.
        let result = book.result(for: ["Q1": .points(Fraction(8)), "Q2": .missing])
        #expect(result.overall == Fraction(20))
    }

    @Test("a blank mark is left out until it is marked")
    func blank() {
        let book = markbook([("Q1", 10, nil), ("Q2", 10, nil)])
        let result = book.result(for: ["Q1": .points(Fraction(8))])
        #expect(result.overall == Fraction(80))
        #expect(result.categories[0].lines.map(\.status) == [.counted, .blank])
    }

    @Test("the dropped mark is the one whose removal leaves the highest result, whatever its maximum")
    func droppedWithAnotherMaximum() {
        let book = markbook(
            [("H1", 10, "Homework"), ("H2", 100, "Homework"), ("H3", 100, "Homework")],
            categories: [MarkCategory(name: "Homework", dropLowest: 1)])
        let result = book.result(
            for: ["H1": .points(Fraction(2)), "H2": .points(Fraction(30)), "H3": .points(Fraction(90))])
        // H1 is the lowest percentage (20%), but dropping H2 leaves 92 of 110, dropping H1 only 120 of 200.
        #expect(result.categories[0].lines.map(\.status) == [.counted, .dropped, .counted])
        #expect(result.overall == Fraction(920, over: 11))
    }

    @Test("with weights, the overall result is Σ(weight × result) / Σ(weight) over the categories marked")
    func weights() {
        let book = markbook(
            [("T1", 50, "Tests"), ("H1", 20, "Homework"), ("P1", 10, "Project")],
            categories: [
                MarkCategory(name: "Tests", weight: Fraction(3)),
                MarkCategory(name: "Homework", weight: Fraction(1)),
                MarkCategory(name: "Project", weight: Fraction(2)),
            ])
        // Tests 90, Homework 85; the project is not marked yet: (3 × 90 + 1 × 85) / 4.
        let result = book.result(for: ["T1": .points(Fraction(45)), "H1": .points(Fraction(17))])
        #expect(result.overall == Fraction(355, over: 4))
        #expect(result.overall?.description == "88.75")
    }
}
