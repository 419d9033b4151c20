import RosterEngine

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
package struct ClassFolder: Sendable, Equatable {
    /// The longest class name, in characters.
    package static let longestName = 100

    /// The folder's URL.
    package let url: URL

    /// The folder at `url`.
    package init(url: URL) {
        self.url = url
    }

    /// The classes folder beside the default roster that `environment` gives; see
    /// ``StorageHandler/defaultURL(environment:)``.
    package init(environment: [String: String]) {
        url = StorageHandler.defaultURL(environment: environment).deletingLastPathComponent()
            .appendingPathComponent("Classes", isDirectory: true)
    }

    /// Where deleted classes are kept, the last one of each name: `Classes/.deleted`.
    package var deleted: ClassFolder {
        ClassFolder(url: url.appendingPathComponent(".deleted", isDirectory: true))
    }

    /// The classes whose rosters are in the folder, by name, sorted ignoring case; none when the
    /// folder does not exist or cannot be read (see ``classNames()`` to tell those apart).
    package var names: [String] {
        (try? classNames()) ?? []
    }

    /// The classes whose rosters are in the folder, by name, sorted ignoring case; none when the
    /// folder does not exist.
    ///
    /// - Throws: An error when the folder is there but cannot be read: a class is never taken
    ///   for absent because a disk failed.
    package func classNames() throws -> [String] {
        guard try FileSystem.exists(url.path) else { return [] }
        return try FileSystem.names(inFolder: url.path)
            .filter { $0.hasSuffix(".plist") && !$0.hasPrefix(".") }
            .map { Self.name(of: URL(fileURLWithPath: $0)) }
            .sorted { $0.lowercased() < $1.lowercased() }
    }

    /// Finishes any change of several classes in the folder that a stopped command left half
    /// made, such as a rename cut short by a power cut, so that ``names`` lists each class once,
    /// under the name it has.
    ///
    /// - Throws: ``StorageError`` when a change cannot be finished; it stays for the next try.
    package func finishInterruptedChanges() throws {
        for folder in [url.path, deleted.url.path] where FileSystem.isFolder(folder) {
            try Journal.recoverAll(in: folder)
        }
    }

    /// The class a roster file holds: its name without `.plist`.
    package static func name(of roster: URL) -> String {
        let file = roster.lastPathComponent
        return file.hasSuffix(".plist") ? String(file.dropLast(".plist".count)) : file
    }

    /// The one of `names` that `name` is, as it is written there: the same text in either of
    /// Unicode's forms (`Café` typed with a separate accent), else the one that differs from it
    /// only in case; the ends of `name` are trimmed first.
    package static func match(_ name: String, among names: [String]) -> String? {
        let typed = String(name.trimmingWhitespace()).composed
        return names.first { $0.composed == typed }
            ?? names.first { $0.composed.lowercased() == typed.lowercased() }
    }

    /// Whether `roster` is the roster of a class in this folder.
    package func holds(_ roster: URL) -> Bool {
        roster.pathExtension == "plist"
            && roster.deletingLastPathComponent().standardizedFileURL.path == url.standardizedFileURL.path
    }

    /// The roster file of the class called `name`, whether it exists or not.
    ///
    /// A class name is stored trimmed and in Unicode's composed form, so that `7A `, ` 7A` and `7A`
    /// are one class, and so are the two ways of typing `Café`. It is at most ``longestName``
    /// characters, holds no `/`, no control, text-direction or line-separator character (see
    /// ``VisibleText/isControl(_:)``), and does not start with `.`, so that it names a file inside
    /// the folder that a listing shows as it is.
    ///
    /// - Throws: ``ClassNameError`` for any other name.
    package func rosterURL(of name: String) throws(ClassNameError) -> URL {
        let stored = String(name.trimmingWhitespace()).composed
        let isPlain =
            !stored.isEmpty && stored.count <= Self.longestName && !stored.contains("/")
            && !stored.hasPrefix(".")
            && !name.unicodeScalars.contains(where: VisibleText.isControl)
        guard isPlain else { throw ClassNameError(name: name) }
        return url.appendingPathComponent(stored + ".plist")
    }
}
