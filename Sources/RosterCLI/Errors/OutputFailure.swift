import RosterKit

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

/// Standard output failed while a command was still deciding whether to save: it stops, nothing
/// is saved, and ``Invocation/run(_:)`` reports the output's failure.
struct OutputFailure: Error {}
