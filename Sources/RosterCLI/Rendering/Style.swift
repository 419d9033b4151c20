#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether and how to colour text, decided once per run.
///
/// Colour is used only when the stream is a terminal, `NO_COLOR` is not set and `TERM` is not
/// `dumb`, unless `--color always` or `--color never` says otherwise; text for a pipe or a file
/// never holds escape codes.
struct Style: Equatable {
    /// What `--color` asks for.
    enum Choice: String, CaseIterable {
        /// Colour for a terminal that shows it, as the environment says.
        case auto
        case always
        case never
    }

    /// Whether escape codes are written.
    let isEnabled: Bool

    /// A style that is on or off regardless of the stream.
    init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    /// Decides for one stream.
    ///
    /// - Parameters:
    ///   - choice: What `--color` asks for; `nil` without it, as ``Choice/auto``.
    ///   - stream: The stream the text goes to.
    ///   - environment: The process environment, for `NO_COLOR` and `TERM`.
    init(choice: Choice?, stream: TextOutput, environment: [String: String]) {
        switch choice {
        case .always: isEnabled = true
        case .never: isEnabled = false
        case .auto, nil:
            // no-color.org: only a NO_COLOR that is set and not empty turns colour off.
            let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
            isEnabled = stream.isTerminal && !noColor && environment["TERM"] != "dumb"
        }
    }

    /// `text` in bold, for headers.
    func bold(_ text: String) -> String {
        isEnabled ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }

    /// `text` in bold red, for the word `Error:`.
    func error(_ text: String) -> String {
        isEnabled ? "\u{1B}[1;31m\(text)\u{1B}[0m" : text
    }
}
