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
