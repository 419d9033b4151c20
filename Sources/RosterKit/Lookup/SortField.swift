/// What a roster listing is ordered by.
public enum SortField: String, Sendable, CaseIterable {
    /// By name, compared as people expect; see `NameSortKey`.
    case name
    /// By last name, then first name, as registers and office lists go: ``Student/lastName`` or
    /// else the last word of the name, then ``Student/firstName`` or else the words before it.
    case surname
    /// By age in years.
    case age
    /// By school grade; students without a grade come last.
    case grade
    /// By score; students without a score come last.
    case score
    /// In the order the students were added, which is the file's order.
    case added
}
