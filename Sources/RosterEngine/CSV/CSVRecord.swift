/// One record of a CSV file and the line it starts on, counting the header as line 1.
package struct CSVRecord: Sendable {
    /// The line the record starts on.
    package let line: Int
    /// The fields, as text; a field of a column the reader was told not to keep is empty.
    package let fields: [String]

    /// A record of `fields` starting on `line`.
    package init(line: Int, fields: [String]) {
        (self.line, self.fields) = (line, fields)
    }
}
