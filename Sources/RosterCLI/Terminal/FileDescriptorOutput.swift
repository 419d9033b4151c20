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

private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
    #else
        Darwin.write(descriptor, bytes, count)
    #endif
}
