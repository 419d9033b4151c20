extension BinaryPlistReader {
    /// The fields of the last few key objects seen: files share one key object among all
    /// records, so this saves reading and matching every key of every record.
    struct KeyCache {
        var references: [Int] = []
        var fields: [StudentFields.Key?] = []

        func field(for reference: Int) -> StudentFields.Key?? {
            for (index, known) in references.enumerated() where known == reference { return fields[index] }
            return nil
        }

        mutating func remember(_ reference: Int, _ field: StudentFields.Key?) {
            if references.count == 8 {
                references.removeFirst()
                fields.removeFirst()
            }
            references.append(reference)
            fields.append(field)
        }
    }
}
