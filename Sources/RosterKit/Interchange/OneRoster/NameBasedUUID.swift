import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Version 5 UUIDs (RFC 9562): the same name in the same namespace always gives the same UUID,
/// so an id that another system gives a record can become a roster id, again and again.
enum NameBasedUUID {
    /// The version 5 UUID of `name` in `namespace`: the first 16 bytes of the SHA-1 digest of
    /// the namespace's bytes and the name's UTF-8, with the version and variant set.
    static func uuid(namespace: UUID, name: String) -> UUID {
        let space = namespace.uuid
        let namespaceBytes = [
            space.0, space.1, space.2, space.3, space.4, space.5, space.6, space.7,
            space.8, space.9, space.10, space.11, space.12, space.13, space.14, space.15,
        ]
        let digest = SHA1.digest(namespaceBytes + Array(name.utf8))
        return UUID(
            uuid: (
                digest[0], digest[1], digest[2], digest[3], digest[4], digest[5],
                digest[6] & 0x0F | 0x50, digest[7], digest[8] & 0x3F | 0x80, digest[9], digest[10],
                digest[11], digest[12], digest[13], digest[14], digest[15]
            ))
    }
}
