import RosterEngine
import RosterKit

/// `roster grades --explain <student>`: the arithmetic of one student's result, line by line,
/// in words a parent can follow.
enum GradeExplanation {
    static func text(_ student: Student, _ calculator: MarkbookCalculator) -> String {
        let result = calculator.result(for: student)
        var text = "\(VisibleText.of(student.name)): how the result is worked out\n"
        for category in result.categories {
            text += "\n" + heading(category, calculator.markbook) + "\n"
            let width = category.lines.map { DisplayWidth.of(VisibleText.of($0.assessment.name)) }.max() ?? 0
            for line in category.lines {
                text +=
                    "  " + DisplayWidth.padded(VisibleText.of(line.assessment.name), to: width) + "  "
                    + DisplayWidth.padded(given(line), to: 12) + "  " + reason(line) + "\n"
            }
            if let share = category.result {
                text += "  = \(category.points) of \(category.maximum) points: \(share.decimalText())%\n"
            } else if category.lines.contains(where: { $0.status != .outsideWeights }) {
                text += "  = no counted mark yet: the category is left out\n"
            }
        }
        text += "\n" + overall(result) + "\n"
        if let overall = result.overall, let scale = calculator.markbook.scale {
            text +=
                "Letter: \(result.letter ?? "-") (\(overall.decimalText(keepsZeros: true))% on the scale \(VisibleText.of(scale.text)))\n"
        }
        if !result.blanks.isEmpty {
            text += "Still blank: \(NameList.joined(result.blanks.map { VisibleText.of($0.name) })).\n"
        }
        if let scale = calculator.markbook.scale { text += nextLetter(student, result, calculator, scale) }
        if let note = MarkbookText.weightsNote(calculator.markbook) { text += "Note: \(note)\n" }
        return text
    }

    private static func heading(_ category: CategoryResult, _ book: Markbook) -> String {
        guard let name = category.name else { return "No category" }
        var details: [String] = []
        if let weight = category.weight { details.append("weight \(weight)") }
        if let drops = book.category(named: name)?.dropLowest, drops > 0 {
            details.append("drops the lowest \(drops)")
        }
        if book.isWeighted, category.weight == nil { details.append("no weight: does not count") }
        return VisibleText.of(name) + (details.isEmpty ? "" : " (" + details.joined(separator: ", ") + ")")
    }

    private static func given(_ line: MarkLine) -> String {
        switch line.mark {
        case .excused?: "EX"
        case .missing?: "MI (0/\(line.assessment.outOf))"
        case let mark?: "\(mark.points(outOf: line.assessment.outOf) ?? .zero)/\(line.assessment.outOf)"
        case nil: line.status == .projectedZero ? "0/\(line.assessment.outOf)" : "blank"
        }
    }

    private static func reason(_ line: MarkLine) -> String {
        switch line.status {
        case .counted: line.mark == .missing ? "missing: counts 0" : "counted"
        case .dropped: "dropped: without it the category's result is highest"
        case .excused: "excused: left out of the points and the maximum"
        case .blank: "not marked yet: left out"
        case .projectedZero: "blank after its date: counts 0 in a projected result"
        case .outsideWeights: "in no weighted category: does not count"
        }
    }

    private static func overall(_ result: StudentResult) -> String {
        guard let overall = result.overall else { return "Overall: no counted mark yet." }
        let counting = result.counting
        guard result.isWeighted else {
            let points = counting.reduce(Fraction.zero) { $0 + $1.points }
            let maximum = counting.reduce(Fraction.zero) { $0 + $1.maximum }
            return
                "Overall (no weights: all points over all maximums): \(points) of \(maximum) = \(overall.decimalText())%"
        }
        let terms = counting.map { "\($0.weight ?? .zero) × \(($0.result ?? .zero).decimalText())" }
        let weights = counting.map { "\($0.weight ?? .zero)" }
        return
            "Overall: (\(terms.joined(separator: " + "))) / (\(weights.joined(separator: " + "))) = \(overall.decimalText())%"
    }

    private static func nextLetter(
        _ student: Student, _ result: StudentResult, _ calculator: MarkbookCalculator, _ scale: LetterScale
    ) -> String {
        guard let overall = result.overall, let next = scale.nextStep(above: overall) else { return "" }
        guard !result.blanks.isEmpty else {
            return "Nothing is blank, so the letter stays \(result.letter ?? "-") unless a mark changes.\n"
        }
        let them = result.blanks.count == 1 ? "it" : "each of them"
        guard let needed = calculator.neededOnBlanks(for: student.marks, toReach: next.from) else {
            return "Even full marks on \(them) would not reach \(next.letter) (\(next.from)%).\n"
        }
        return "\(needed.decimalText())% or more on \(them) would reach \(next.letter) (\(next.from)%).\n"
    }
}
