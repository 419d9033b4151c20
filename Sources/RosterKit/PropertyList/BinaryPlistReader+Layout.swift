/// What ``BinaryPlistAppender`` needs to know of a file's layout to splice new students onto it.
extension BinaryPlistReader {
    /// Where object `number` starts; `number` must be below ``objectCount``.
    @inline(__always)
    func offset(of number: Int) -> Int {
        // An offset of 2^63 or more becomes negative, which every caller's range check refuses.
        Int(
            truncatingIfNeeded: Self.bigEndian(bytes, at: tableOffset + number * offsetSize, size: offsetSize)
        )
    }

    /// Where the top-level array's object starts and ends, its length, and where its references start.
    func topArraySpan() throws(DecodingProblem) -> (offset: Int, end: Int, count: Int, references: Int) {
        let top = try object(topObject)
        return (offset(of: topObject), top.start + top.count * referenceSize, top.count, top.start)
    }

    /// The object numbers of key strings the file already has, by the field they name.
    func keyObjects() throws(DecodingProblem) -> [StudentFields.Key: Int] {
        var found: [StudentFields.Key: Int] = [:]
        let top = try object(topObject)
        for index in 0..<min(top.count, 64) {
            let dictionary = try object(reference(at: top.start + index * referenceSize))
            for entry in 0..<dictionary.count {
                let keyReference = reference(at: dictionary.start + entry * referenceSize)
                if let field = try field(named: object(keyReference)), found[field] == nil {
                    found[field] = keyReference
                }
            }
            if found.count == StudentFields.Key.allCases.count { break }
        }
        return found
    }
}
