/// What keeps a ``CSVReader`` from reading a record, and the line it is on; RosterKit words it.
package struct CSVProblem: Error, Equatable, Sendable {
    /// The kinds of text that are not CSV.
    package enum Kind: Equatable, Sendable {
        /// A field that is not UTF-8.
        case notUTF8
        /// A quoted field whose closing quote is missing.
        case unclosedQuote
        /// Text after a quoted field's closing quote, before the separator.
        case textAfterQuote
        /// A record with more than ``CSVReader/mostFields`` fields.
        case tooManyFields
    }

    /// What is wrong.
    package let kind: Kind
    /// The line it is on, counting the file's first as 1.
    package let line: Int
}
