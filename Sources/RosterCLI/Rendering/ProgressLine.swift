import Synchronization

/// A line of progress on standard error for work that takes a while, such as a large import.
///
/// Nothing is shown unless standard error is a terminal and the work has already run for
/// ``CommandContext/progressDelay`` (about a second): quick commands and scripts see nothing.
///
/// The library reports progress from whichever thread reads the file's first part, so the line is
/// `@unchecked Sendable`: the output it writes to is touched only while its mutex is held, and the
/// command's own thread writes nothing while the work it shows runs.
final class ProgressLine: @unchecked Sendable {
    private let output: TextOutput
    private let delay: Duration
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private let isShowing = Mutex(false)

    init(output: TextOutput, delay: Duration) {
        self.output = output
        self.delay = delay
        start = clock.now
    }

    /// Shows `text` in place of the previous progress, once the delay has passed.
    func show(_ text: String) {
        isShowing.withLock { isShowing in
            guard output.isTerminal, clock.now - start >= delay else { return }
            output.write("\r\(text)\u{1B}[K")
            isShowing = true
        }
    }

    /// Ends the progress line, if one was shown, so that what follows starts on its own line.
    func finish() {
        isShowing.withLock { isShowing in
            if isShowing { output.write("\n") }
            isShowing = false
        }
    }
}
