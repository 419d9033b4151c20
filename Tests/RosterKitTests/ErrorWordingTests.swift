import Foundation
import Testing

@testable import RosterKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// RosterKit's errors describe what happened; the advice that names roster's commands and flags
/// is the command line's (see `ErrorAdvice` in RosterCLI).
@Suite("Library errors in neutral words")
struct ErrorWordingTests {
    static let errors: [any Error & CustomStringConvertible] = [
        StorageError.damaged(path: "/c/s.plist", reason: "the file is empty"),
        StorageError.fileSystem(path: "/c/s.plist", action: "write", code: ENOSPC),
        StorageError.fileSystem(path: "/c/s.plist", action: "write", code: EACCES),
        StorageError.isDirectory(path: "/c"), StorageError.notAFile(path: "/c/p", kind: "a named pipe"),
        StorageError.brokenLink(path: "/c/s.plist", target: "x"), StorageError.linkLoop(path: "/c/s.plist"),
        StorageError.notOwnFile(path: "/c/s.plist.lock"), StorageError.readOnly(path: "/c/s.plist"),
        StorageError.tooLarge(path: "/c/s.plist", limit: 2 << 30),
        StorageError.busy(path: "/c/s.plist", seconds: 10),
        StorageError.nothingToUndo(path: "/c/s.plist"), StorageError.nothingToRedo(path: "/c/s.plist"),
        StorageError.changedWhileRead(path: "/c/s.plist"), StorageError.encodingFailed(reason: "x"),
        StorageError.otherHalfChanged(path: "/c/7A.plist", otherPath: "/c/7B.plist"),
        GroupingError.apartSetTooLarge(count: 5_000, limit: ClassGroups.largestApartSet),
        LookupError.notFound(reference: "ada", closest: ["Ada Lovelace"]),
        LookupError.ambiguous(reference: "a", candidates: ["1 A"], count: 2),
    ]

    @Test("no library error names a roster command or flag")
    func neutral() {
        for error in Self.errors {
            let text = error.description
            #expect(!text.contains("'roster ") && !text.contains("--"), "\(text)")
        }
    }

    @Test("sizes are said in the unit that shows them, and long lists of names are cut short")
    func sizesAndLists() {
        #expect(
            StorageError.tooLarge(path: "/p", limit: 1 << 20).description.contains(
                "the 1 MiB that roster reads"))
        #expect(StorageError.tooLarge(path: "/p", limit: 2 << 30).description.contains("the 2 GiB"))
        #expect(StorageError.size(1_500) == "1,500 bytes")
        let names = (1...5_000).map { "S\($0)" }
        let error = GroupingError.cannotKeepApart(names).description
        #expect(error.hasPrefix("S1, S2, S3, S4, S5, S6, S7, S8, S9, S10 and 4,990 more cannot"), "\(error)")
        #expect(SeatingError.frontRowFull(names, seats: 3).description.hasSuffix("S10 and 4,990 more."))
    }

    @Test("a file-system error carries the system's error number and says it in the system's words")
    func systemErrors() {
        let error = StorageError.fileSystem(path: "/c/s.plist", action: "write", code: ENOSPC)
        #expect(error.description == "Could not write '/c/s.plist': No space left on device.")
        // The file layer throws the library's own error: the last failed call, in one place.
        errno = EACCES
        #expect(
            StorageError.lastSystemError("/x", action: "read")
                == .fileSystem(path: "/x", action: "read", code: EACCES))
        errno = EISDIR
        #expect(StorageError.lastSystemError("/x", action: "read") == .isDirectory(path: "/x"))
    }
}
