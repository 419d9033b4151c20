extension BinaryPlistReader {
    /// The fields of recently seen key objects: files share one key object among all records,
    /// so this saves reading and matching every key of every record.
    ///
    /// Each key object has one slot, picked by the low bits of its number, so a lookup is one
    /// comparison; a key that lands in a taken slot takes it over.
    struct KeyCache {
        private static let slots = 16
        private var references = [Int](repeating: -1, count: slots)
        private var fields = [StudentFields.Key?](repeating: nil, count: slots)

        /// The field of a key object seen before, or `nil` when it is not cached.
        func field(for reference: Int) -> StudentFields.Key?? {
            let slot = reference & (Self.slots - 1)
            return references[slot] == reference ? .some(fields[slot]) : nil
        }

        mutating func remember(_ reference: Int, _ field: StudentFields.Key?) {
            let slot = reference & (Self.slots - 1)
            references[slot] = reference
            fields[slot] = field
        }
    }
}
