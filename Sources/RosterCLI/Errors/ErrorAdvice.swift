import RosterKit

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

/// What `roster` tells a person to do about a library error: the advice that names roster's own
/// commands and flags, which RosterKit's neutral messages leave out.
enum ErrorAdvice {
    /// The sentence to add after the error's own description, or `nil` when it says enough.
    static func advice(for error: any Error) -> String? {
        switch error {
        case let storage as StorageError: return advice(for: storage)
        case LookupError.notFound:
            return "Use a name, a full id, or an id prefix of at least \(RosterLookup.minimumPrefixLength) "
                + "characters; 'roster list' shows them."
        case LookupError.ambiguous: return "Use a longer id prefix or the full id."
        case LookupError.tooLong: return "Use the student's name, a word of it, or an id prefix."
        case is OneRosterAgeError:
            return "Give them an age with --age <years>, or add their birthDate to demographics.csv."
        case is ProbableDuplicatesError:
            return "Check those rows; if they are other children, import again with --allow-duplicates, "
                + "and give rows ids (roster export writes them) to update students instead."
        case EnrolmentError.notOnRoll:
            return
                "Give a --date when they were on the roll; 'roster show <student>' says when they joined and left."
        case EnrolmentError.hasLeft:
            return "To change the record kept of them in this class, add --left."
        case EnrolmentError.notLeft: return "'roster leave <student>' records a leaver."
        case is MarkError:
            return
                "Give points up to the maximum (8 or 8/10), a percentage (80%), ex, missing, or - to clear; "
                + "nothing was written."
        case MarkbookError.unknownAssessment, MarkbookError.ambiguousAssessment:
            return "'roster assessment list' shows the assessments."
        case MarkbookError.nameTaken:
            return "Choose another name, or change that one with 'roster assessment edit'."
        case MarkbookError.unknownCategory: return "'roster category list' shows the categories."
        case MarkbookError.marksOverMaximum:
            return "Give a larger --out-of, or change those marks first with 'roster mark'."
        case is LetterScaleError:
            return "Write the scale as letters and lower bounds: \"A:90 B:80 C:70 D:60 E:0\"."
        case SeatingError.noPlan: return "Make one with 'roster seats --rows <n> --columns <n>'."
        case SeatingError.roomTooSmall, SeatingError.badRoom:
            return "Give the room's size with --rows <n> and --columns <n>."
        case SeatingError.frontRowFull: return "Seat fewer students with --front, or give more --columns."
        case SeatingError.cannotKeepApart:
            return "Give a larger room, or keep fewer students apart ('roster apart --list' shows them)."
        default: return nil
        }
    }

    private static func advice(for error: StorageError) -> String? {
        switch error {
        case .damaged(let path, _):
            // An undo needs a version roster kept: a file another app wrote has none.
            let kept = (try? StorageHandler.history(at: URL(fileURLWithPath: path)).isEmpty) == false
            return kept
                ? "Restore it with 'roster undo' or from a backup, or choose another file with --file."
                : "roster kept no earlier version of it: restore it from a backup, or choose another file with --file."
        case .fileSystem(_, _, let code): return advice(forSystemError: code)
        case .damagedSideFile(let path, _):
            return "'roster undo' takes back the changes since it was last right, with it; or set it aside "
                + "(mv -- \(shellQuoted(path)) \(shellQuoted(path + ".damaged"))) to start afresh."
        case .refusedJournal(let path, _):
            return "If it is not a change of yours that was cut short, set it aside "
                + "(mv -- \(shellQuoted(path)) \(shellQuoted(path + ".refused"))) and run the command again; "
                + "your own next roster command on the class finishes a change of yours."
        case .unrelatedFolders:
            return "Move students between classes of one folder (--class), or between a roster and its "
                + "Classes folder."
        default: return nil
        }
    }

    /// `path` as a shell word, in single quotes, shown as ``VisibleText`` shows it.
    private static func shellQuoted(_ path: String) -> String {
        "'" + VisibleText.of(path).replacing("'", with: "'\\''") + "'"
    }

    /// Advice for a failed system call, chosen by its error number, never by its wording.
    static func advice(forSystemError code: Int32) -> String {
        switch code {
        case EROFS:
            return "Its file system is mounted read-only: commands that only read still work; "
                + "to change the roster, copy it somewhere writable and use --file."
        case EACCES, EPERM:
            return "Check the permissions of the file and its folder, or choose another file with --file."
        case ENOSPC, EDQUOT:
            return "Free some disk space and try again; the roster was left unchanged."
        case EFBIG:
            return "The file would pass the size this session allows (ulimit -f); raise it and try again."
        case ENOTDIR:
            return "A part of the path is a file, not a folder; choose another path with --file."
        default:
            return "Check the path, or choose another file with --file."
        }
    }
}
