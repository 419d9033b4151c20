import Foundation
import Testing

@testable import RosterKit

/// Picking students fairly, across runs, with students added, removed and absent.
@Suite("Picking students fairly")
struct FairPickerTests {
    let folder: TemporaryFolder
    let file: URL

    init() throws {
        folder = try TemporaryFolder()
        file = folder.file()
        try StorageHandler.save((0..<10).map { Student(name: "S\($0)", age: 12) }, to: file)
    }

    @Test(
        "nobody repeats within a round, over many rounds with students added and removed",
        arguments: [1, 7, 42])
    func fairRounds(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var round: Set<UUID> = []
        var lastOfRound: UUID?
        var rounds = 0
        for step in 0..<60 {
            if step == 13 { try StorageHandler.write(Student(name: "Late", age: 12), to: file) }
            if step == 27 {
                let unpicked = try StorageHandler.load(from: file).first { !round.contains($0.id) }
                try StorageHandler.update(at: file) { $0.removeAll { $0.id == unpicked?.id } }
            }
            let onRoll = Set(try StorageHandler.load(from: file).map(\.id))
            let pick = try ClassroomIntents.pick(at: file, using: &random)
            let id = try #require(pick.students.first?.id)
            #expect(onRoll.contains(id))
            if round.isSuperset(of: onRoll) {
                // Everyone had a turn: a new round, which does not start with the last pick.
                #expect(id != lastOfRound)
                round = []
                rounds += 1
            }
            #expect(!round.contains(id), "picked twice in one round at step \(step)")
            round.insert(id)
            lastOfRound = id
            #expect(pick.leftInRound == onRoll.subtracting(round).count)
        }
        #expect(rounds >= 4)
    }

    @Test("a student skipped today keeps their turn, into the next round", arguments: [1, 2, 3, 4, 5, 6])
    func skipped(seed: UInt64) throws {
        let names = ["Ada", "Alan", "Grace", "Kofi", "Noor", "Priya"]
        try StorageHandler.save(names.map { Student(name: $0, age: 12) }, to: file)
        var random = SeededRandom(seed: seed)
        let first = try ClassroomIntents.pick(5, skipping: ["ada"], at: file, using: &random)
        #expect(Set(first.students.map(\.name)) == Set(names.dropFirst()))
        #expect(first.leftInRound == 1)
        // Ada is absent again as the round ends: she is owed a turn in the next one.
        let next = try ClassroomIntents.pick(skipping: ["Ada"], at: file, using: &random)
        #expect(next.students.first?.name != "Ada")
        #expect(try ClassroomIntents.pick(at: file, using: &random).students.map(\.name) == ["Ada"])
    }

    @Test("the same seed picks the same students; a pick is no change to undo")
    func repeatable() throws {
        let history = try StorageHandler.history(at: file).count
        var first = SeededRandom(seed: 9)
        let one = try ClassroomIntents.pick(4, at: file, using: &first)
        try FileManager.default.removeItem(atPath: folder.url.path + "/.students.plist.picks")
        var second = SeededRandom(seed: 9)
        #expect(try ClassroomIntents.pick(4, at: file, using: &second) == one)
        #expect(try StorageHandler.history(at: file).count == history)
        #expect(
            try permissions(of: URL(fileURLWithPath: folder.url.path + "/.students.plist.picks")) == 0o600)
    }

    @Test("too many, or everyone skipped, is refused")
    func refused() throws {
        var random = SeededRandom(seed: 1)
        #expect(throws: PickError(requested: 11, available: 10)) {
            try ClassroomIntents.pick(11, at: file, using: &random)
        }
        let everyone = (0..<10).map { "S\($0)" }
        #expect(throws: PickError(requested: 1, available: 0)) {
            try ClassroomIntents.pick(skipping: everyone, at: file, using: &random)
        }
    }

    @Test("passing when nobody else can be picked names who passed")
    func passingAlone() throws {
        var random = SeededRandom(seed: 2)
        let others = (1..<10).map { "S\($0)" }
        let picked = try ClassroomIntents.pick(skipping: others, at: file, using: &random)
        #expect(picked.students.map(\.name) == ["S0"])
        #expect {
            try ClassroomIntents.pick(skipping: others, again: true, at: file, using: &random)
        } throws: { error in
            "\(error)" == "Nobody else can be picked: S0 passed and is the only student who can be."
        }
    }
}
