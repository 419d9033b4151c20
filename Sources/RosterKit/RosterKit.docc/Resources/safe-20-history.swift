import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Step 6: the history behind undo. Before a change replaces the roster, the roster as it is gets
// a second name in a private folder: a hard link costs nothing, and it is safe because the roster
// is never changed in place. The version is *pending* until the change is on disk; a command
// killed in between leaves a pending version that is still the roster itself, which the next
// command drops, so `undo` never "undoes" a change that did not happen.
struct History {
    let roster: String
    var folder: String { (roster as NSString).deletingLastPathComponent + "/.students.plist.history" }

    func keepPending(number: Int) throws -> String {
        mkdir(folder, 0o700)
        let pending = folder + "/" + String(format: "%08d", number) + "-p.plist"
        guard link(roster, pending) == 0 else { throw CocoaError(.fileWriteUnknown) }
        return pending
    }

    func settle(_ pending: String) {
        rename(pending, pending.replacingOccurrences(of: "-p.plist", with: "-u.plist"))
    }

    /// A pending version that is still the roster itself was kept for a change that never
    /// reached the disk.
    func isLeftover(_ pending: String) -> Bool {
        var (version, current) = (stat(), stat())
        return stat(pending, &version) == 0 && stat(roster, &current) == 0 && version.st_ino == current.st_ino
            && version.st_dev == current.st_dev
    }
}
