import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `roster classes rename|delete|restore`: a class's roster moved, with its history and side
/// files, to a new name, or aside into `Classes/.deleted` and back.
enum ClassActions {
    static func run(_ action: String, _ names: [String], confirmed yes: Bool, _ context: CommandContext)
        throws
    {
        let environment = context.environment
        switch (action, names.count) {
        case ("rename", 2):
            let old = try RosterFileLocation.existingClassURL(
                names[0], environment: environment, creating: false)
            let new = try RosterFileLocation.classURL(names[1], environment: environment)
            try refuseTaken(names[1], environment: environment, unless: old)
            try StorageHandler.moveRoster(at: old, to: new)
            context.output.write("Renamed class \(className(old)) to \(VisibleText.of(names[1])).\n")
        case ("delete", 1):
            let url = try RosterFileLocation.existingClassURL(
                names[0], environment: environment, creating: false)
            guard try confirmed(url, yes, context) else {
                context.output.write("Nothing was deleted.\n")
                return
            }
            try StorageHandler.moveRoster(at: url, to: deletedURL(of: url, environment), replacing: true)
            context.output.write(
                "Deleted class \(className(url)); 'roster classes restore \(className(url))' brings it back.\n"
            )
        case ("restore", 1):
            _ = try RosterFileLocation.classURL(names[0], environment: environment)
            let kept = try ClassFolder(environment: environment).deleted.classNames()
            guard let name = ClassFolder.match(names[0], among: kept) else {
                throw UsageError.message(
                    "No deleted class '\(VisibleText.of(names[0]))' is kept; 'roster classes' lists the classes there are."
                )
            }
            let url = try RosterFileLocation.classURL(name, environment: environment)
            try refuseTaken(names[0], environment: environment, unless: nil)
            try StorageHandler.moveRoster(at: deletedURL(of: url, environment), to: url)
            context.output.write("Restored class \(className(url)).\n")
        default:
            throw UsageError.message(
                "classes takes 'rename <old> <new>', 'delete <name>' or 'restore <name>', or nothing to list them."
            )
        }
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
