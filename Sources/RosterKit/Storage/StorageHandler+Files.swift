import RosterEngine

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

/// Files other than the roster: exports and imports.
extension StorageHandler {
    /// Writes any file, such as an export, with the same care as the roster: atomically, synced,
    /// private to its owner when new, keeping its mode when it exists.
    ///
    /// What is not a regular file, such as a pipe, a terminal or `/dev/null`, is written into as
    /// it is, as a shell's redirection would; it is never replaced.
    ///
    /// - Parameters:
    ///   - data: The file's new contents.
    ///   - url: The file.
    /// - Returns: Whether a regular file was written; `false` for a pipe, a terminal or a device.
    /// - Throws: ``StorageError`` when the file cannot be written; a regular file is unchanged then.
    @discardableResult
    package static func writeFile(_ data: some ContiguousBytes, to url: URL) throws -> Bool {
        if let kind = FileSystem.specialKind(url.path) {
            guard kind != "a folder" else { throw StorageError.notAFile(path: url.path, kind: kind) }
            try FileSystem.write(data, into: url.path)
            return false
        }
        try FileSystem.replace(FileSystem.rosterTarget(url.path), with: data)
        return true

    }

    /// Writes `files` into the folder `url`, made when it is missing, each file replaced whole:
    /// a OneRoster gradebook export.
    ///
    /// - Throws: ``StorageError`` when `url` is not a folder or a file cannot be written.
    package static func writeFiles(_ files: [(name: String, text: String)], intoFolder url: URL) throws {
        try FileSystem.createFolder(url.path)
        for file in files {
            _ = try writeFile(Array(file.text.utf8), to: url.appendingPathComponent(file.name))
        }
    }

    /// Whether `url` names a folder, such as a OneRoster export, following links.
    package static func isFolder(_ url: URL) -> Bool {
        FileSystem.isFolder(url.path)
    }

    /// Reads any file, such as one to import: a regular file, or a pipe read to its end, such as
    /// `/dev/stdin` or a shell's process substitution.
    ///
    /// Whatever the file claims, at most ``FileSystem/maximumFileSize`` bytes are read, and a
    /// file that says it is empty yet has bytes (such as one in `/proc`) is refused.
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - allowingPipes: Whether a named pipe or a socket is read; when `false`, as for the files
    ///     inside a folder the user did not name one by one, only a regular file is, and anything
    ///     else is refused before it is opened.
    /// - Returns: Its bytes.
    /// - Throws: ``StorageError`` when it does not exist, cannot be read, is a folder or a
    ///   device, or is larger than roster reads.
    package static func readFile(at url: URL, allowingPipes: Bool = true) throws -> Data {
        let path = url.path
        if allowingPipes, let kind = FileSystem.specialKind(path) {
            guard kind == "a named pipe" || kind == "a socket" else {
                throw StorageError.notAFile(path: path, kind: kind)
            }
            return try FileSystem.readPipe(path)
        }
        guard let data = try FileSystem.read(path) else {
            throw StorageError.fileSystem(path: path, action: "read", code: ENOENT)
        }
        return data

    }
}
