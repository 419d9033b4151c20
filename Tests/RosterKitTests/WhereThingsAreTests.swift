import Foundation
import Testing

/// The DocC article *Where things are* names every folder of the sources, and only folders that
/// exist.
@Suite("Where things are")
struct WhereThingsAreTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The folders the article names under each module's heading.
    static func namedFolders() throws -> [String: Set<String>] {
        let article = try String(
            contentsOf: repository.appendingPathComponent(
                "Sources/RosterKit/RosterKit.docc/WhereThingsAre.md"),
            encoding: .utf8)
        var folders: [String: Set<String>] = [:]
        var module = ""
        for line in article.split(separator: "\n") {
            if line.hasPrefix("### ") { module = String(line.dropFirst(4)) }
            if line.hasPrefix("- term `"), let end = line.dropFirst(8).firstIndex(of: "/") {
                folders[module, default: []].insert(
                    String(line[line.index(line.startIndex, offsetBy: 8)..<end]))
            }
        }
        return folders
    }

    /// The folders that are in a module's source folder, leaving out the documentation catalog.
    static func folders(of module: String) throws -> Set<String> {
        let folder = repository.appendingPathComponent("Sources/\(module)")
        return Set(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { name in
                var isFolder: ObjCBool = false
                let exists = FileManager.default.fileExists(
                    atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder)
                return exists && isFolder.boolValue && !name.hasSuffix(".docc")
            })
    }

    @Test("every folder the article names exists, and every folder is in it")
    func foldersMatch() throws {
        let named = try Self.namedFolders()
        #expect(named.keys.sorted() == ["RosterCLI", "RosterEngine", "RosterKit"])
        for module in ["RosterKit", "RosterEngine", "RosterCLI"] {
            #expect(named[module] == (try Self.folders(of: module)), "\(module)")
        }
    }

    @Test("at the top of RosterKit are only the faces a learner starts from")
    func topOfRosterKit() throws {
        let top = try FileManager.default.contentsOfDirectory(
            atPath: Self.repository.appendingPathComponent("Sources/RosterKit").path
        ).filter { $0.hasSuffix(".swift") }
        #expect(Set(top) == ["StorageHandler.swift", "RosterViewModel.swift", "ClassroomIntents.swift"])
    }

    /// The Swift files under `Sources/<module>`, outside the documentation catalog, with their text.
    static func sources(of module: String) throws -> [(path: String, text: String)] {
        let folder = repository.appendingPathComponent("Sources/\(module)")
        let paths = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return try paths.filter { $0.hasSuffix(".swift") && !$0.contains(".docc/") }.sorted().map { path in
            (path, try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8))
        }
    }

    @Test("raw pointers are only in RosterEngine, and at most five types are unchecked Sendable")
    func unsafeCodeInOnePlace() throws {
        let pointer = try Regex("Unsafe(Mutable)?(Raw)?(Buffer)?Pointer|withUnsafe|unsafeUninitialized")
        for module in ["RosterKit", "RosterCLI", "roster"] {
            for (path, text) in try Self.sources(of: module) {
                #expect(!text.contains(pointer), "\(module)/\(path) uses a raw pointer")
            }
        }
        let unchecked = try ["RosterKit", "RosterCLI", "RosterEngine", "roster"].flatMap(Self.sources(of:))
            .map { $0.text.split(separator: "\n").filter { $0.contains(": @unchecked Sendable") }.count }
        #expect(!unchecked.isEmpty && unchecked.reduce(0, +) <= 5)
    }

    @Test("a source file is one concept of at most 400 lines")
    func filesOfOneConcept() throws {
        for module in ["RosterKit", "RosterCLI", "RosterEngine", "roster"] {
            for (path, text) in try Self.sources(of: module) {
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
                #expect(lines <= 400, "\(module)/\(path) has \(lines) lines")
            }
        }
    }
}
