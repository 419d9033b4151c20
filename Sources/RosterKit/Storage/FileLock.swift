#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive advisory lock on a sidecar file beside the roster, held across a read-modify-write.
///
/// Two `roster add` commands started at the same moment would otherwise both read the same roster
/// and the second rename would drop the first one's student. A lock taken is checked to be the
/// file that still has the lock's name, so a lock file removed by ``remove(besideRoster:)`` while a
/// command waited on it is never taken for the lock: the waiting command opens the name again.
struct FileLock: ~Copyable {
    /// How long a command waits for another one before giving up.
    static let defaultTimeout: Duration = .seconds(10)

    private let descriptor: Int32

    /// Takes the lock for the roster at `rosterPath`, waiting at most `timeout`.
    ///
    /// - Throws: ``StorageError/busy(path:seconds:)`` when the wait runs out, or a file-system error
    ///   when the lock file cannot be created.
    init(rosterPath: String, timeout: Duration = FileLock.defaultTimeout) throws {
        let folder = Path.folder(of: rosterPath)
        try FileSystem.createFolder(folder.isEmpty ? "." : folder)
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            let descriptor = try Self.openLockFile(besideRoster: rosterPath)
            guard descriptor >= 0 else {
                self.descriptor = -1
                return
            }
            while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                guard errno == EWOULDBLOCK || errno == EINTR, clock.now < deadline else {
                    close(descriptor)
                    throw StorageError.busy(path: rosterPath, seconds: Int(timeout.components.seconds))
                }
                // Polling keeps the wait bounded without signals; 5 ms is short next to any command.
                usleep(5_000)
            }
            if Self.isNamed(descriptor, lockPath: Self.path(besideRoster: rosterPath)) {
                self.descriptor = descriptor
                return
            }
            // The lock file was removed (its class renamed or deleted) while this command waited.
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
    }

    /// The lock file's path for the roster at `rosterPath`.
    static func path(besideRoster rosterPath: String) -> String {
        Path.beside(rosterPath, prefix: "", suffix: ".lock")
    }

    /// Removes the lock file of the roster at `rosterPath`, which the caller holds, once the roster
    /// has moved away: no file of the old name is left. A command waiting on it opens the name again.
    static func remove(besideRoster rosterPath: String) {
        unlink(path(besideRoster: rosterPath))
    }

    /// Opens (creating) the lock file of the roster at `rosterPath` and checks it is roster's own;
    /// -1 on a read-only file system where there is none, since nothing can change the roster there.
    private static func openLockFile(besideRoster rosterPath: String) throws -> Int32 {
        let folder = Path.folder(of: rosterPath)
        let lockPath = path(besideRoster: rosterPath)
        // Never through a link: a neighbour in a shared folder could otherwise plant a link that
        // makes roster create or open a file of the neighbour's choosing.
        var descriptor = open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, FileSystem.privateFileMode)
        if descriptor < 0 && (errno == EROFS || errno == EACCES) {
            // On a read-only file system nothing can change the roster: reading needs no lock
            // file, and a change fails at its write, saying the file system is read-only.
            descriptor = open(lockPath, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            if descriptor < 0 && errno == ENOENT { return -1 }
        }
        guard descriptor >= 0 else {
            if errno == ELOOP { throw StorageError.notOwnFile(path: lockPath) }
            throw FileSystem.failure(lockPath, action: "create the lock file")
        }
        var status = stat()
        // The lock must be roster's own, of one name; root's, when root made it, too.
        guard fstat(descriptor, &status) == 0, status.st_nlink == 1,
            FileSystem.isOwn(
                status, type: S_IFREG, owners: FileSystem.trustedOwners(ofRoster: rosterPath) + [0])
        else {
            close(descriptor)
            throw StorageError.notOwnFile(path: lockPath)
        }
        // A lock that root creates goes to the folder's owner, who must be able to open it later.
        if let owner = FileSystem.ownerForNewFiles(in: folder), status.st_uid == 0 {
            fchown(descriptor, owner.0, owner.1)
        }
        return descriptor
    }

    /// Whether the open lock file `descriptor` is still the file named `lockPath`.
    private static func isNamed(_ descriptor: Int32, lockPath: String) -> Bool {
        var (held, named) = (stat(), stat())
        guard fstat(descriptor, &held) == 0, lstat(lockPath, &named) == 0 else { return false }
        return held.st_dev == named.st_dev && held.st_ino == named.st_ino
    }

    /// Runs `body` holding the locks of every roster in `rosterPaths`, taken in one fixed order
    /// (their paths sorted), so that two commands that lock the same rosters never wait for each
    /// other in a circle.
    static func withLocks<Result>(_ rosterPaths: [String], _ body: () throws -> Result) throws -> Result {
        try lockInOrder(Array(Set(rosterPaths)).sorted()[...], body)
    }

    private static func lockInOrder<Result>(_ paths: ArraySlice<String>, _ body: () throws -> Result) throws
        -> Result
    {
        guard let first = paths.first else { return try body() }
        let lock = try FileLock(rosterPath: first)
        defer { withExtendedLifetime(lock) {} }
        return try lockInOrder(paths.dropFirst(), body)
    }

    deinit {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
