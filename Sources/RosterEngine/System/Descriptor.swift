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

/// System calls on an open file descriptor: whole writes, for the roster's files and the terminal,
/// and the terminal's single-key mode, behind APIs the layers above call.
package enum Descriptor {
    /// Writes all of `bytes` to `descriptor`, writing again after a short or interrupted write.
    ///
    /// - Returns: `nil` once every byte is written, else the error code of the write that failed
    ///   (`EIO` for a write that wrote nothing and gave no error).
    package static func writeAll(_ bytes: some ContiguousBytes, to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
    }

    /// Writes all of `text`'s UTF-8 to `descriptor`, as the array's `writeAll` does.
    package static func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    /// Writes all of `bytes` to `descriptor`, as the array's `writeAll` does: the one loop every
    /// write of roster's goes through, the roster's files and the terminal's output alike.
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(
                descriptor, bytes.baseAddress?.advanced(by: offset), bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return written < 0 ? errno : EIO }
            offset += written
        }
        return nil
    }

    /// `mode` changed so that a read waits for one key and returns it at once (`VMIN` 1,
    /// `VTIME` 0), with line editing, echo and the keys that send signals off.
    package static func singleKeyMode(of mode: termios) -> termios {
        var raw = mode
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        return raw
    }

    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, bytes, count)
        #else
            Darwin.write(descriptor, bytes, count)
        #endif
    }
}
