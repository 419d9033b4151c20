import RosterEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
        guard writeFailure == nil else { return }
        writeFailure = Descriptor.writeAll(text, to: descriptor)
    }

    /// Writes all of `bytes` without turning them into a string first.
    public func write(bytes: [UInt8]) {
        guard writeFailure == nil else { return }
        writeFailure = Descriptor.writeAll(bytes, to: descriptor)
    }
}
