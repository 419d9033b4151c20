import Foundation
import Testing

@testable import RosterKit

@Suite("Finding a student")
struct LookupTests {
    let students = [
        Student(id: UUID(uuidString: "1A2B3C4D-0000-4000-8000-000000000001") ?? UUID(), name: "Ada", age: 12),
        Student(
            id: UUID(uuidString: "1A2B9999-0000-4000-8000-000000000002") ?? UUID(), name: "Alan", age: 12),
        Student(id: UUID(uuidString: "FFFF0000-0000-4000-8000-000000000003") ?? UUID(), name: "Zoë", age: 11),
        Student(
            id: UUID(uuidString: "EEEE0000-0000-4000-8000-000000000004") ?? UUID(), name: "Twin", age: 11),
        Student(
            id: UUID(uuidString: "DDDD0000-0000-4000-8000-000000000005") ?? UUID(), name: "twin", age: 13),
    ]

    @Test(
        "references that pick out one student",
        arguments: [
            ("1A2B3C4D-0000-4000-8000-000000000001", 0), ("1a2b3c4d-0000-4000-8000-000000000001", 0),
            ("1a2b3", 0), ("1A2B9", 1), ("ffff", 2), ("ada", 0), ("ZOË", 2), ("  Alan ", 1),
        ])
    func unique(reference: String, index: Int) throws {
        #expect(try RosterLookup.index(of: reference, in: students) == index)
    }

    @Test("a reference that matches nobody", arguments: ["Bob", "FFF", "0000", "Ad"])
    func notFound(reference: String) {
        #expect(throws: LookupError.notFound(reference: reference)) {
            try RosterLookup.index(of: reference, in: students)
        }
    }

    @Test("an ambiguous reference lists the candidates", arguments: ["1A2B", "twin"])
    func ambiguous(reference: String) throws {
        let error = try #require(throws: LookupError.self) {
            try RosterLookup.index(of: reference, in: students)
        }
        guard case .ambiguous(_, let candidates, let count) = error else {
            Issue.record("expected ambiguous, got \(error)")
            return
        }
        #expect(candidates.count == 2 && count == 2)
        #expect(error.description.contains("matches 2 students"))
    }

    @Test("short ids are at least 8 characters and unique")
    func shortIDs() throws {
        let ids = RosterLookup.shortIDs(for: students)
        #expect(ids[0] == "1A2B3C4D")
        #expect(ids[2] == "FFFF0000")
        let clash = [
            Student(
                id: UUID(uuidString: "12345678-9000-4000-8000-000000000001") ?? UUID(), name: "A", age: 1),
            Student(
                id: UUID(uuidString: "12345678-9100-4000-8000-000000000002") ?? UUID(), name: "B", age: 1),
        ]
        let clashIDs = RosterLookup.shortIDs(for: clash)
        #expect(clashIDs == ["12345678-90", "12345678-91"])
        for (index, short) in clashIDs.enumerated() {
            #expect(try RosterLookup.index(of: short, in: clash) == index)
        }
    }
}
