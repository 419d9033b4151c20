#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The folder that holds a school's classes: one roster file per class, `7A.plist` for the class
/// 7A, in `Classes` beside the default roster.
///
/// A class is found by its name ignoring case (`7a` is `7A`), as a teacher types it. The rules for
/// a class's name live here, so that every command and app that names a class keeps the same ones:
/// see ``rosterURL(of:)``.
public struct ClassFolder: Sendable, Equatable {
    /// The longest class name, in characters.
    public static let longestName = 100

    /// The folder's URL.
    public let url: URL

    /// The folder at `url`.
    public init(url: URL) {
        self.url = url
    }

    /// The classes folder beside the default roster that `environment` gives; see
    /// ``StorageHandler/defaultURL(environment:)``.
    public init(environment: [String: String]) {
        url = StorageHandler.defaultURL(environment: environment).deletingLastPathComponent()
            .appendingPathComponent("Classes", isDirectory: true)
    }

    /// Where deleted classes are kept, the last one of each name: `Classes/.deleted`.
    public var deleted: ClassFolder {
        ClassFolder(url: url.appendingPathComponent(".deleted", isDirectory: true))
    }

    /// The classes whose rosters are in the folder, by name, sorted ignoring case; none when the
    /// folder does not exist.
    public var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [])
            .filter { $0.hasSuffix(".plist") && !$0.hasPrefix(".") }
            .map { Self.name(of: URL(fileURLWithPath: $0)) }
            .sorted { $0.lowercased() < $1.lowercased() }
    }

    /// Finishes any change of several classes in the folder that a stopped command left half
    /// made, such as a rename cut short by a power cut, so that ``names`` lists each class once,
    /// under the name it has.
    ///
    /// - Throws: ``StorageError`` when a change cannot be finished; it stays for the next try.
    public func finishInterruptedChanges() throws {
        for folder in [url.path, deleted.url.path] where FileSystem.isFolder(folder) {
            try Journal.recoverAll(in: folder)
        }
    }

    /// The class a roster file holds: its name without `.plist`.
    public static func name(of roster: URL) -> String {
        let file = roster.lastPathComponent
        return file.hasSuffix(".plist") ? String(file.dropLast(".plist".count)) : file
    }

    /// The one of `names` that `name` is: itself, else the one that differs from it only in case.
    public static func match(_ name: String, among names: [String]) -> String? {
        names.contains(name) ? name : names.first { $0.lowercased() == name.lowercased() }
    }

    /// Whether `roster` is the roster of a class in this folder.
    public func holds(_ roster: URL) -> Bool {
        roster.pathExtension == "plist"
            && roster.deletingLastPathComponent().standardizedFileURL.path == url.standardizedFileURL.path
    }

    /// The roster file of the class called `name`, whether it exists or not.
    ///
    /// A class name is at most ``longestName`` characters, holds no `/` and no control character,
    /// and does not start with `.`, so that it names a file inside the folder that a listing shows.
    ///
    /// - Throws: ``ClassNameError`` for any other name.
    public func rosterURL(of name: String) throws(ClassNameError) -> URL {
        let isPlain =
            !name.isEmpty && name.count <= Self.longestName && !name.contains("/") && !name.hasPrefix(".")
            && !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        guard isPlain else { throw ClassNameError(name: name) }
        return url.appendingPathComponent(name + ".plist")
    }
}
