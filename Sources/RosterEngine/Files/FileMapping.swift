#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// Lends a large roster file's bytes straight from the system's file cache instead of copying
/// them into fresh memory.
///
/// Copying a 130 MB roster into memory the process has just been given took 30 to 500 ms on the
/// benchmark machine, most of it the system preparing that memory; mapping the same file takes
/// about 5 ms, since its pages are already in memory.
///
/// A mapped file has one danger: if another program cuts the file short while roster reads it,
/// reading past the new end raises `SIGBUS`, which would kill the process. So while a file is
/// mapped, a handler for that signal puts zeros in place of the lost pages and notes it, and
/// ``withCheckedBytes(_:path:_:)`` then reports the read as ``FileProblem/changedWhileRead(path:)`` instead
/// of trusting what was read. roster's own writers never cut a file short: they write a new file
/// and rename it over the old one, which leaves the mapped one whole.
///
/// One file is mapped at a time (a second read meanwhile is copied as usual), and only on Linux;
/// elsewhere ``map(_:size:)`` returns `nil`.
package enum FileMapping {
    /// Files at least this large are worth mapping.
    package static let worthMapping = 8 << 20

    /// Turns mapping on for the whole process by installing the bus-error guard, and says whether
    /// it is on. A command-line tool calls this once as it starts; a library never installs a
    /// signal handler behind an app's back, so until this is called large files are copied.
    @discardableResult
    package static func installGuard() -> Bool {
        #if os(Linux)
            lock.withLock { isGuarded = handlerIsInstalled }
            return isGuarded
        #else
            return false
        #endif
    }

    /// Whether ``installGuard()`` has installed the guard.
    nonisolated(unsafe) private static var isGuarded = false

    /// The mapped file's bytes, or `nil` when the file is to be read as usual.
    ///
    /// - Parameters:
    ///   - descriptor: The open file; it may be closed once this returns.
    ///   - size: The file's size in bytes.
    package static func map(_ descriptor: Int32, size: Int) -> Data? {
        #if os(Linux)
            guard lock.withLock({ isGuarded }), take() else { return nil }
            let memory = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, descriptor, 0)
            guard let memory, memory != MAP_FAILED else {
                release()
                return nil
            }
            region = (UInt(bitPattern: memory), UInt(bitPattern: memory) + UInt(size))
            return Data(
                bytesNoCopy: memory, count: size,
                deallocator: .custom { pointer, count in
                    munmap(pointer, count)
                    release()
                })
        #else
            return nil
        #endif
    }

    /// Runs `body` on a file's bytes, then makes sure that a mapped file was not cut short while
    /// it ran.
    ///
    /// - Throws: ``FileProblem/changedWhileRead(path:)`` when it was, whatever `body` returned
    ///   or threw; otherwise what `body` throws.
    package static func withCheckedBytes<Result>(_ data: Data, path: String, _ body: (Data) throws -> Result)
        throws
        -> Result
    {
        let result: Result
        do {
            result = try body(data)
        } catch {
            try check(data, path: path)
            throw error
        }
        try check(data, path: path)
        return result
    }

    private static func check(_ data: Data, path: String) throws {
        let start = data.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }
        lock.lock()
        let wasCutShort = isInUse && region.start == start && isCutShort
        lock.unlock()
        if wasCutShort { throw FileProblem.changedWhileRead(path: path) }
    }

    // Taken and released under `lock`; read by the signal handler on the thread that reads the
    // mapped file, which holds the mapping and so sees these settled.
    private static let lock = Lock()
    nonisolated(unsafe) private static var isInUse = false
    nonisolated(unsafe) private static var isCutShort = false
    nonisolated(unsafe) private static var region: (start: UInt, end: UInt) = (0, 0)

    private static func take() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !isInUse else { return false }
        (isInUse, isCutShort, region) = (true, false, (0, 0))
        return true
    }

    private static func release() {
        lock.lock()
        (isInUse, region) = (false, (0, 0))
        lock.unlock()
    }

    #if os(Linux)
        nonisolated(unsafe) private static var previousAction = sigaction()
        private static let pageSize = UInt(sysconf(Int32(_SC_PAGESIZE)))

        /// Installs ``handleBusError`` once, when ``installGuard()`` is first called.
        private static let handlerIsInstalled: Bool = {
            // Settled here, since a signal handler must not be the first to read a lazy value.
            _ = pageSize
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = handleBusError
            action.sa_flags = SA_SIGINFO
            sigemptyset(&action.sa_mask)
            return sigaction(SIGBUS, &action, &previousAction) == 0
        }()

        /// Puts zero pages over the rest of the mapping from the page that could not be read, and
        /// notes that the file was cut short; a fault anywhere else goes to the handler that was
        /// there before, or kills the process as it would have.
        private static let handleBusError:
            @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = {
                _, info, _ in
                let address = UInt(bitPattern: info?.pointee._sifields._sigfault.si_addr)
                let page = address & ~(pageSize - 1)
                guard address >= region.start, address < region.end,
                    let start = UnsafeMutableRawPointer(bitPattern: page)
                else {
                    sigaction(SIGBUS, &previousAction, nil)
                    return
                }
                _ = mmap(
                    start, Int(region.end - page), PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
                isCutShort = true
            }
    #endif
}
