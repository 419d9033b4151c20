#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mutual-exclusion lock over a `pthread_mutex_t`, for the few values several threads share;
/// Foundation's `NSLock` would bring the ICU data into the binary.
package final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func lock() {
        pthread_mutex_lock(mutex)
    }

    package func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Runs `body` while holding the lock.
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
