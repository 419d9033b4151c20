import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Step 5: why `.atomic` is not enough. `Data.write(to:options: .atomic)` writes a temporary file
// and renames it over the roster, so a reader never sees half a file. But it does not sync: after
// a power cut the rename can be on disk before the bytes are, and the roster is empty or zeros.
// It also gives the new file the default mode, not the old file's, and would follow a link by
// replacing the link. So roster replaces a file in four steps of its own:
enum DurableFile {
    static func replace(_ path: String, with bytes: [UInt8]) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let temporary =
            (folder.isEmpty ? "" : folder + "/") + ".\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        // 1. A new private file beside the roster, never through a link.
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteNoPermission) }
        do {
            defer { close(descriptor) }
            // 2. Every byte written, then synced to the disk.
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written == bytes.count, fsync(descriptor) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            unlink(temporary)
            throw error
        }
        // 3. One rename: readers see the old roster or the new one, never half of either.
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown)
        }
        // 4. The folder synced too, so that the rename itself survives a power cut.
        let folderDescriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }
}
