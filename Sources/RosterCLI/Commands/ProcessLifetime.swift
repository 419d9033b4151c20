import RosterKit
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Holds what a command loaded until the process ends, so that it is never freed piece by piece.
///
/// A loaded roster of a million students is a million names, each its own allocation; freeing
/// them one by one took about 50 ms of a `list`, while a process that exits hands all of its
/// memory back at once. The `roster` executable asks for this (see
/// ``CommandLineTool/run(arguments:environment:input:output:errorOutput:keepsRosterUntilExit:)``);
/// tests that run commands in-process do not, so nothing they load outlives their run.
enum ProcessLifetime {
    private static let kept = Mutex<[any Sendable]>([])

    /// Keeps `value`, such as a loaded roster's students, alive until the process exits.
    static func keep(_ value: some Sendable) {
        kept.withLock { $0.append(value) }
    }
}
