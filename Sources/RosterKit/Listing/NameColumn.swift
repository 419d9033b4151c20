/// The names of the students a table lists, as UTF-8 bytes one after another, with the display
/// width of each.
///
/// A table is measured in the roster's order and written in the listing's. Gathering the names in
/// the first pass lets the second copy each name's bytes without touching its `String`: on a
/// large roster in sorted order, every such touch waits for memory, and changing the string's
/// reference count makes the processor wait for each one in turn.
struct NameColumn {
    /// The position in the roster of the first student measured.
    let start: Int
    private var bytes: [UInt8] = []
    private var ends: [Int] = []
    private var widths: [Int] = []

    /// An empty column for the students from position `start` on.
    init(start: Int, capacity: Int) {
        self.start = start
        ends.reserveCapacity(capacity)
        widths.reserveCapacity(capacity)
    }

    /// Adds the next student's name; `nil` for a student the table does not list.
    mutating func append(_ name: String?, width: Int) {
        if let name { bytes.append(contentsOf: name.utf8) }
        ends.append(bytes.count)
        widths.append(width)
    }

    /// The display width of the name of the student at `index` in the roster.
    func width(at index: Int) -> Int {
        widths[index - start]
    }

    /// Calls `body` with the UTF-8 bytes of the name of the student at `index` in the roster.
    func withName<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let position = index - start
        let first = position == 0 ? 0 : ends[position - 1]
        return bytes.withUnsafeBufferPointer {
            body(UnsafeBufferPointer(rebasing: $0[first..<ends[position]]))
        }
    }
}
