import RosterKit

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
    /// What `--color` asked for, if anything.
    let colorChoice: Style.Choice?
    /// How long work runs before progress is shown.
    let progressDelay: Duration
    /// What the command saved, once it is on disk, so that an error after it can say so.
    let saved: SavedChange

    /// Whether results are coloured, decided from the terminal and the environment each time it
    /// is asked, so that a command that colours nothing asks nothing of the terminal; a command
    /// that colours asks once and keeps the answer.
    var style: Style {
        Style(choice: colorChoice, stream: output, environment: environment)
    }

    /// The width to fit text to: `COLUMNS` when it is a positive number, else the terminal's
    /// width, else 80.
    var width: Int { columnsAsked ?? output.columns ?? 80 }

    /// The width to wrap a list of names to: as ``width`` at a terminal or with `COLUMNS`, and
    /// no limit when the output goes to a file or a pipe, so that each list stays one line there.
    var wrapWidth: Int { columnsAsked ?? output.columns ?? Int.max }

    /// `COLUMNS`, when it is a positive number.
    private var columnsAsked: Int? {
        environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    }

    /// The roster as messages name it: `class 7A` for a class's roster, else the file's name.
    var rosterDescription: String {
        if ClassFolder(environment: environment).holds(fileURL) {
            return "class \(ClassFolder.name(of: fileURL))"
        }
        return fileURL.lastPathComponent
    }

    /// The roster file's name without its extension, `7A`: what names the class in a file for
    /// another system, so that `grades --format oneroster` and `import --marks` of its folder agree.
    var rosterName: String { fileURL.deletingPathExtension().lastPathComponent }

    /// The roster as a printed page's title names it: `Class 7A`, or the file's name without
    /// `.plist` (`students`), never a path.
    var rosterTitle: String {
        if ClassFolder(environment: environment).holds(fileURL) {
            return "Class \(ClassFolder.name(of: fileURL))"
        }
        return fileURL.pathExtension.lowercased() == "plist"
            ? fileURL.deletingPathExtension().lastPathComponent : fileURL.lastPathComponent
    }

    /// Whether the roster is a class's that does not exist yet, which `add` and `import` start.
    var isNewClass: Bool {
        !FileManager.default.fileExists(atPath: fileURL.path) && rosterDescription.hasPrefix("class ")
    }

    /// The roster's students, for commands that show them.
    func loadedStudents() throws -> [Student] {
        try StorageHandler.load(from: fileURL)
    }

    /// Asks a yes-or-no question on the terminal; anything but yes is no.
    func confirm(_ question: String) -> Bool {
        errorOutput.write(question + " [y/N] ")
        let answer = input.readLine()?.trimmingSpaces().lowercased() ?? ""
        return answer == "y" || answer == "yes"
    }
}

/// What a command saved to the roster, in words such as "Ada Lovelace was added": set once the
/// change is on disk, so that a failure to confirm it names the change instead of claiming that
/// nothing happened.
final class SavedChange {
    /// The change, or `nil` while nothing is saved.
    private(set) var description: String?

    /// Records that `description` is on disk.
    func record(_ description: String) { self.description = description }
}
