/// The marks a ``MarksImport`` changes, row by row: one list, read as the parts of the file
/// that were checked at once were made.
///
/// A large import changes millions of marks; joining the parts into one array would hold every
/// change twice while it is copied, so the parts are kept and read through as one collection.
package struct MarkChanges: RandomAccessCollection, Sendable, Equatable {
    private let parts: [[MarksImport.Change]]
    /// Where each part starts in the whole list.
    private let starts: [Int]

    /// The changes of `parts`, in order.
    init(parts: [[MarksImport.Change]] = []) {
        self.parts = parts.filter { !$0.isEmpty }
        var (starts, total) = ([Int](), 0)
        for part in self.parts {
            starts.append(total)
            total += part.count
        }
        self.starts = starts
        endIndex = total
    }

    /// The first change's position: 0.
    package var startIndex: Int { 0 }
    /// The number of changes.
    package let endIndex: Int

    /// The change at `position`.
    package subscript(position: Int) -> MarksImport.Change {
        precondition(position >= 0 && position < endIndex, "MarkChanges index out of range")
        // The last part that starts at or before `position`; there is one part per core.
        var part = starts.count - 1
        while starts[part] > position { part -= 1 }
        return parts[part][position - starts[part]]
    }

    /// Whether both hold the same changes in the same order, however they were split.
    package static func == (left: MarkChanges, right: MarkChanges) -> Bool {
        left.elementsEqual(right)
    }
}
