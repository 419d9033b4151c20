import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `roster classes rename|delete|restore`: a class's roster moved, with its history and side
/// files, to a new name, or aside into `Classes/.deleted` and back.
enum ClassAction: Equatable {
    case rename(String, to: String)
    case delete(String)
    case restore(String)

    /// The action the words after `classes` name, checked as they are parsed.
    init(words: [String]) throws {
        switch (words.first, words.count) {
        case ("rename", 3): self = .rename(words[1], to: words[2])
        case ("delete", 2): self = .delete(words[1])
        case ("restore", 2): self = .restore(words[1])
        default:
            throw UsageError.message(
                "classes takes 'rename <old> <new>', 'delete <name>' or 'restore <name>', or nothing to list them."
            )
        }
    }

    /// Renames, deletes or restores the class; a deletion at a terminal is asked about first unless
    /// `yes` confirms it.
    func run(confirmed yes: Bool, _ context: CommandContext) throws {
        let environment = context.environment
        switch self {
        case .rename(let name, let newName):
            let old = try RosterFileLocation.existingClassURL(name, environment: environment, creating: false)
            let new = try RosterFileLocation.classURL(newName, environment: environment)
            try Self.refuseTaken(newName, environment: environment, unless: old)
            try ClassroomIntents.renameClass(at: old, to: new)
            context.output.write("Renamed class \(Self.className(old)) to \(VisibleText.of(newName)).\n")
        case .delete(let name):
            let url = try RosterFileLocation.existingClassURL(name, environment: environment, creating: false)
            guard try Self.confirmed(url, yes, context) else {
                context.output.write("Nothing was deleted.\n")
                return
            }
            try ClassroomIntents.deleteClass(at: url, keepingAt: Self.deletedURL(of: url, environment))
            context.output.write(
                "Deleted class \(Self.className(url)); 'roster classes restore \(Self.className(url))' brings it back.\n"
            )
        case .restore(let name):
            try Self.restore(name, environment: environment, context)
        }
    }

    /// Brings back the last deleted class of `name`, unless another class has that name now.
    private static func restore(_ name: String, environment: [String: String], _ context: CommandContext)
        throws
    {
        _ = try RosterFileLocation.classURL(name, environment: environment)
        let kept = try ClassFolder(environment: environment).deleted.classNames()
        guard let found = ClassFolder.match(name, among: kept) else {
            throw UsageError.message(
                "No deleted class '\(VisibleText.of(name))' is kept; 'roster classes' lists the classes there are."
            )
        }
        let url = try RosterFileLocation.classURL(found, environment: environment)
        try refuseTaken(name, environment: environment, unless: nil)
        try ClassroomIntents.restoreClass(from: deletedURL(of: url, environment), to: url)
        context.output.write("Restored class \(className(url)).\n")
    }

    /// Where a deleted class is kept: `Classes/.deleted/<name>.plist`, the last one of each name.
    private static func deletedURL(of url: URL, _ environment: [String: String]) -> URL {
        ClassFolder(environment: environment).deleted.url.appendingPathComponent(url.lastPathComponent)
    }

    private static func className(_ url: URL) -> String {
        VisibleText.of(ClassFolder.name(of: url))
    }

    /// Refuses a name another class has, ignoring case, unless it is `url`'s own (a change of case).
    private static func refuseTaken(_ name: String, environment: [String: String], unless url: URL?) throws {
        let others = try ClassFolder(environment: environment).classNames().filter {
            url.map(ClassFolder.name(of:)) != $0
        }
        let taken = ClassFolder.match(name, among: others)
        if let taken {
            throw UsageError.message(
                "There is a class '\(VisibleText.of(taken))' already; choose another name, or delete that class first."
            )
        }
    }

    private static func confirmed(_ url: URL, _ yes: Bool, _ context: CommandContext) throws -> Bool {
        guard !yes else { return true }
        guard context.input.isTerminal else {
            throw UsageError.message(
                "classes delete needs --yes to confirm when it is not run at a terminal.")
        }
        return context.confirm("Delete class \(className(url)) (it can be restored)?")
    }
}
