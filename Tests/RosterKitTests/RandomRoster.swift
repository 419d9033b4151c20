import Foundation

@testable import RosterKit

/// Random but realistic rosters for differential tests.
enum RandomRoster {
    static let nameParts = [
        "Ada", "Zoë", "Émile", "李华", "佐藤", "김민준", "محمد", "Ольга", "José", "Nguyễn", "Søren", "👩‍🔬",
        "O'Brien", "Smith & Sons", "<b>bold</b>", "\"quoted\"", "Student 10", "ß", "Ångström", "a  b",
    ]

    static func make(count: Int, using generator: inout SeededRandom) -> [Student] {
        (0..<count).map { _ in
            let parts = Int.random(in: 1...3, using: &generator)
            var name = (0..<parts).map { _ in nameParts.randomElement(using: &generator) ?? "x" }.joined(
                separator: " ")
            if Int.random(in: 0..<20, using: &generator) == 0 { name = String(repeating: "x", count: 100) }
            let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let id = UUID(
                uuid: (
                    bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
                    bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                ))
            let grade = Bool.random(using: &generator) ? Int.random(in: 0...13, using: &generator) : nil
            let score: Double? =
                Bool.random(using: &generator)
                ? (Bool.random(using: &generator)
                    ? Double(Int.random(in: 0...100, using: &generator))
                    : Double.random(in: 0...100, using: &generator)) : nil
            return Student(
                id: id, name: name, age: Int.random(in: 1...120, using: &generator), grade: grade,
                score: score)
        }
    }
}
