import Foundation

/// Reading every record, on two cores when the roster is large.
extension BinaryPlistReader {
    /// Reads and checks every record.
    ///
    /// - Parameter names: Whether to make the names; without them (they are left empty) the
    ///   file is still checked in full, which is all that appending to it needs.
    func students(names: Bool = true) throws(DecodingProblem) -> [Student] {
        let top = try object(topObject)
        guard top.type == 0xA else { throw .notAList }
        guard top.count >= Self.recordsWorthSplitting else {
            return try students(in: 0..<top.count, of: top, names: names)
        }
        // A large roster is read in two halves at once, one per core, each half decoding straight
        // into its own part of the result; the reader itself only reads.
        let halves = [0..<top.count / 2, top.count / 2..<top.count]
        // Each half writes only its own slot of `problems` and its own part of the result.
        nonisolated(unsafe) let problems = UnsafeMutableBufferPointer<DecodingProblem?>.allocate(capacity: 2)
        problems.initialize(repeating: nil)
        defer { problems.deallocate() }
        nonisolated(unsafe) let reader = self
        let result = [Student](unsafeUninitializedCapacity: top.count) { buffer, initialized in
            nonisolated(unsafe) let storage = buffer
            _ = ParallelWork.pair { half in
                problems[half] = reader.decode(halves[half], of: top, names: names, into: storage)
            }
            for half in 0..<2 where problems[half] != nil {
                // Undo the half that did succeed; the result is abandoned.
                for other in 0..<2 where problems[other] == nil {
                    _ = UnsafeMutableBufferPointer(rebasing: storage[halves[other]]).deinitialize()
                }
                initialized = 0
                return
            }
            initialized = top.count
        }
        if let problem = problems.compactMap({ $0 }).first { throw problem }
        return result
    }

    /// Decodes the records in `range` into their places in `storage`; on a problem, nothing of the
    /// range is left initialized and the problem is returned.
    func decode(
        _ range: Range<Int>, of top: Object, names: Bool, into storage: UnsafeMutableBufferPointer<Student>
    ) -> DecodingProblem? {
        var keys = KeyCache()
        for index in range {
            do {
                let reference = reference(at: top.start + index * referenceSize)
                storage.initializeElement(
                    at: index, to: try student(reference, record: index, keys: &keys, names: names))
            } catch {
                _ = UnsafeMutableBufferPointer(rebasing: storage[range.lowerBound..<index]).deinitialize()
                return error
            }
        }
        return nil
    }

    /// Rosters at least this large are read on two cores.
    static let recordsWorthSplitting = 20_000

    func students(in range: Range<Int>, of top: Object, names: Bool) throws(DecodingProblem)
        -> [Student]
    {
        var students: [Student] = []
        students.reserveCapacity(range.count)
        var keys = KeyCache()
        for index in range {
            let reference = reference(at: top.start + index * referenceSize)
            students.append(try student(reference, record: index, keys: &keys, names: names))
        }
        return students
    }
}
