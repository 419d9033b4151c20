/// The parts of a file path, without Foundation.
enum Path {
    /// The folder part of `path`: everything before its last `/`; empty for a bare name, `/` for
    /// a file at the root.
    static func folder(of path: String) -> String {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// The last part of `path`, after its last `/`.
    static func name(of path: String) -> String {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// The longest name a folder entry may have, in bytes (`NAME_MAX`).
    static let maximumNameLength = 255

    /// The part of a file name that the files roster keeps beside it start from: the name itself,
    /// or, for a name so long that `.NAME.history` or a temporary `.NAME.<pid>-<n>.tmp` would not
    /// fit ``maximumNameLength``, its first 200 bytes, `~` and a hash of the whole name, so that
    /// two long names never share their side files.
    static func stem(of name: String) -> String {
        let bytes = Array(name.utf8)
        guard bytes.count > maximumNameLength - 33 else { return name }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        var cut = 200
        // Cut on a character's first byte, never inside one.
        while cut > 0, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
        let digits = String(hash, radix: 16)
        return String(decoding: bytes[..<cut], as: UTF8.self) + "~"
            + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The path of a file kept beside the file at `path`: `<prefix><stem><suffix>` in its folder,
    /// with ``stem(of:)`` of its name.
    static func beside(_ path: String, prefix: String, suffix: String) -> String {
        let folder = folder(of: path)
        let name = prefix + stem(of: name(of: path)) + suffix
        return folder.isEmpty ? name : (folder == "/" ? "/" : folder + "/") + name
    }
}
