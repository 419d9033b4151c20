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

/// Somewhere the command line writes text: standard output, standard error, or a test's buffer.
public protocol TextOutput: AnyObject {
    /// Whether the text goes to a terminal that a person is looking at.
    var isTerminal: Bool { get }
    /// Writes `text` as it is; callers add their own line ends.
    func write(_ text: String)
    /// Writes UTF-8 bytes as they are, such as a whole listing or export.
    func write(bytes: [UInt8])
    /// The width of the terminal in columns, when this is one and the width is known.
    var columns: Int? { get }
    /// The system's error code (`errno`) of the first write that failed, such as `ENOSPC` for a
    /// full disk or `EPIPE` for a reader that went away; `nil` while every write has succeeded.
    var writeFailure: Int32? { get }
}

extension TextOutput {
    /// No terminal width is known.
    public var columns: Int? { nil }

    /// Writes that cannot fail never have.
    public var writeFailure: Int32? { nil }

    /// Writes UTF-8 bytes by way of ``write(_:)``.
    public func write(bytes: [UInt8]) {
        write(String(decoding: bytes, as: UTF8.self))
    }
}

/// Writes to an open file descriptor, such as standard output (1) or standard error (2).
public final class FileDescriptorOutput: TextOutput {
    private let descriptor: Int32
    /// The error code of the first failed write; nothing more is written after it.
    public private(set) var writeFailure: Int32?

    /// Standard output.
    public static func standardOutput() -> FileDescriptorOutput { FileDescriptorOutput(descriptor: 1) }
    /// Standard error.
    public static func standardError() -> FileDescriptorOutput { FileDescriptorOutput(descriptor: 2) }

    /// Creates an output for a descriptor the caller keeps open.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Whether the descriptor is a terminal.
    public var isTerminal: Bool { isatty(descriptor) == 1 }

    /// The terminal's width, asked of the terminal itself.
    public var columns: Int? {
        var size = winsize()
        guard isTerminal, ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Writes all of `text`, retrying short writes.
    public func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Writes all of `bytes` without turning them into a string first.
    public func write(bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    private func write(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count, writeFailure == nil {
            let written = writeBytes(
                descriptor, bytes.baseAddress?.advanced(by: offset), bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            if written <= 0 {
                writeFailure = written < 0 ? errno : EIO
                return
            }
            offset += written
        }
    }
}

/// Collects everything written, for tests and for callers that want the text.
public final class CapturedOutput: TextOutput {
    /// Everything written so far.
    public private(set) var text = ""
    /// Whether to claim to be a terminal.
    public let isTerminal: Bool

    /// Creates an empty buffer.
    public init(isTerminal: Bool = false) {
        self.isTerminal = isTerminal
    }

    /// Appends `text` to ``text``.
    public func write(_ text: String) {
        self.text += text
    }
}

private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
    #else
        Darwin.write(descriptor, bytes, count)
    #endif
}

/// Where the command line reads a person's answers to its questions.
public protocol LineInput: AnyObject {
    /// Whether a person is typing at a terminal, so questions may be asked.
    var isTerminal: Bool { get }
    /// Reads one line without its line end, or `nil` at the end of input.
    func readLine() -> String?
    /// Runs `body` with a reader of single keys, each read as it is pressed, without Enter and
    /// without echo; the reader gives `nil` at the end of input.
    func withKeys<Result>(_ body: (_ readKey: () -> UInt8?) throws -> Result) rethrows -> Result
}

/// Standard input.
public final class StandardInput: LineInput {
    /// Creates a reader of standard input.
    public init() {}

    /// Whether standard input is a terminal.
    public var isTerminal: Bool { isatty(0) == 1 }

    /// Reads one line from standard input.
    public func readLine() -> String? {
        Swift.readLine(strippingNewline: true)
    }

    /// Reads single keys from standard input; at a terminal, with line editing, echo and the
    /// keys that send signals turned off until `body` returns, so Ctrl-C arrives as a key.
    public func withKeys<Result>(_ body: (_ readKey: () -> UInt8?) throws -> Result) rethrows -> Result {
        let readKey = { () -> UInt8? in
            var byte: UInt8 = 0
            while true {
                let count = read(0, &byte, 1)
                if count == 1 { return byte }
                if count < 0 && errno == EINTR { continue }
                return nil
            }
        }
        var saved = termios()
        guard isatty(0) == 1, tcgetattr(0, &saved) == 0 else { return try body(readKey) }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        tcsetattr(0, TCSANOW, &raw)
        defer { tcsetattr(0, TCSANOW, &saved) }
        return try body(readKey)
    }
}

/// Answers given in advance, for tests and for callers that never ask.
public final class ScriptedInput: LineInput {
    private var lines: [String]
    /// Whether to claim to be a terminal.
    public let isTerminal: Bool

    /// Creates an input that returns `lines` one by one, then `nil`.
    public init(_ lines: [String] = [], isTerminal: Bool = false) {
        self.lines = lines
        self.isTerminal = isTerminal
    }

    /// Returns the next scripted line.
    public func readLine() -> String? {
        lines.isEmpty ? nil : lines.removeFirst()
    }

    /// Gives each scripted line as one key: its first byte, or Enter for an empty line.
    public func withKeys<Result>(_ body: (_ readKey: () -> UInt8?) throws -> Result) rethrows -> Result {
        try body { [self] in readLine().map { $0.utf8.first ?? 0x0D } }
    }
}

/// Whether and how to colour text, decided once per run.
///
/// Colour is used only when the stream is a terminal, `NO_COLOR` is not set and `TERM` is not
/// `dumb`, unless `--color always` or `--color never` says otherwise; text for a pipe or a file
/// never holds escape codes.
struct Style: Equatable {
    /// Whether escape codes are written.
    let isEnabled: Bool

    /// A style that is on or off regardless of the stream.
    init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    /// Decides for one stream.
    ///
    /// - Parameters:
    ///   - choice: The value of `--color`: `always`, `never`, or `auto` (or `nil`).
    ///   - stream: The stream the text goes to.
    ///   - environment: The process environment, for `NO_COLOR` and `TERM`.
    init(choice: String?, stream: TextOutput, environment: [String: String]) {
        switch choice {
        case "always": isEnabled = true
        case "never": isEnabled = false
        default:
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
