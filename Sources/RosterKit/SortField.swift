/// What a roster listing is ordered by.
public enum SortField: String, Sendable, CaseIterable {
    /// By name, compared as people expect; see ``NameSortKey``.
    case name
    /// By age in years.
    case age
    /// By school grade; students without a grade come last.
    case grade
    /// By score; students without a score come last.
    case score
    /// In the order the students were added, which is the file's order.
    case added
}
