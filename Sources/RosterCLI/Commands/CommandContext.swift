import RosterKit
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Everything a command may touch, passed in so tests can drive commands in-process.
struct CommandContext {
    /// The roster file the command works on.
    let fileURL: URL
    /// The process environment.
    let environment: [String: String]
    /// Where a person's answers come from.
    let input: LineInput
    /// Where results go.
    let output: TextOutput
    /// Where errors, notes and questions go.
    let errorOutput: TextOutput
    /// Whether results are coloured.
    let style: Style
    /// How long work runs before progress is shown.
    let progressDelay: Duration
    /// What the command saved, once it is on disk, so that an error after it can say so.
    let saved: SavedChange
    /// Whether a loaded roster is left for the process's exit to free; see ``ProcessLifetime``.
    var keepsRosterUntilExit = false

    /// The width to fit text to: `COLUMNS` when it is a positive number, else the terminal's
    /// width, else 80.
    var width: Int {
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
        return output.columns ?? 80
    }

    /// The roster as messages name it: `class 7A` for a class's roster, else the file's name.
    var rosterDescription: String {
        let folder = RosterFileLocation.classesFolder(environment: environment)
        if fileURL.deletingLastPathComponent().standardizedFileURL.path == folder.standardizedFileURL.path,
            fileURL.pathExtension == "plist"
        {
            return "class \(RosterFileLocation.className(of: fileURL))"
        }
        return fileURL.lastPathComponent
    }

    /// Whether the roster is a class's that does not exist yet, which `add` and `import` start.
    var isNewClass: Bool {
        rosterDescription.hasPrefix("class ") && !FileManager.default.fileExists(atPath: fileURL.path)
    }

    /// The roster's students, for commands that show them.
    func loadedStudents() throws -> [Student] {
        let students = try StorageHandler.load(from: fileURL)
        if keepsRosterUntilExit { ProcessLifetime.keep(students) }
        return students
    }

    /// Asks a yes-or-no question on the terminal; anything but yes is no.
    func confirm(_ question: String) -> Bool {
        errorOutput.write(question + " [y/N] ")
        let answer = input.readLine()?.trimmingSpaces().lowercased() ?? ""
        return answer == "y" || answer == "yes"
    }
}
