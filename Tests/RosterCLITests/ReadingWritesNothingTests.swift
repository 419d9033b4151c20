import Foundation
import RosterKit
import RosterTestSupport
import Testing

/// Commands that only read create no file beside the roster, not even a lock: a checkout of
/// fixtures stays clean, and a read-only folder can be read.
@Suite("Reading writes nothing")
struct ReadingWritesNothingTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
        try sandbox.add("Ada Lovelace")
        try sandbox.add("Alan Turing", age: 13)
        for command in [
            ["assessment", "add", "Quiz 1", "--out-of", "10"], ["mark", "q1", "ada", "8"],
            ["absent", "alan", "--date", "2026-11-30"], ["apart", "ada", "alan"],
        ] {
            let result = sandbox.run(command)
            #expect(result.status == 0, "\(command): \(result.errorOutput)")
        }
    }

    /// Every file and folder below the sandbox, with its size.
    private func listing() throws -> [String: Int] {
        var found: [String: Int] = [:]
        let walker = FileManager.default.enumerator(atPath: sandbox.folder.path)
        while let name = walker?.nextObject() as? String {
            let attributes = try FileManager.default.attributesOfItem(
                atPath: sandbox.folder.path + "/" + name)
            found[name] = (attributes[.size] as? Int) ?? 0
        }
        return found
    }

    @Test("list, show, stats, history, register, grades, report, apart --list and path create no file")
    func readsCreateNothing() throws {
        try FileManager.default.removeItem(at: sandbox.folder.appendingPathComponent("students.plist.lock"))
        let before = try listing()
        for command in [
            ["list"], ["show", "ada"], ["stats"], ["history"], ["register", "--date", "2026-11-30"],
            ["grades"],
            ["report", "ada"], ["apart", "--list"], ["path"], ["assessment", "list"], ["scale", "show"],
        ] {
            let result = sandbox.run(command)
            #expect(result.status == 0, "\(command): \(result.errorOutput)")
            #expect(try listing() == before, "\(command) wrote beside the roster")
        }
        #expect(StorageHandler.historyCount(sandbox) == 5)
    }
}

extension StorageHandler {
    fileprivate static func historyCount(_ sandbox: RosterSandbox) -> Int {
        (try? history(at: sandbox.file).count) ?? -1
    }
}
