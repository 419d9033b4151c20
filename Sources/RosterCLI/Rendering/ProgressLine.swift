/// A line of progress on standard error for work that takes a while, such as a large import.
///
/// Nothing is shown unless standard error is a terminal and the work has already run for
/// ``CommandContext/progressDelay`` (about a second): quick commands and scripts see nothing.
final class ProgressLine {
    private let output: TextOutput
    private let delay: Duration
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var isShowing = false

    init(output: TextOutput, delay: Duration) {
        self.output = output
        self.delay = delay
        start = clock.now
    }

    /// Shows `text` in place of the previous progress, once the delay has passed.
    func show(_ text: String) {
        guard output.isTerminal, clock.now - start >= delay else { return }
        output.write("\r\(text)\u{1B}[K")
        isShowing = true
    }

    /// Ends the progress line, if one was shown, so that what follows starts on its own line.
    func finish() {
        if isShowing { output.write("\n") }
        isShowing = false
    }
}
