/// Each user's `birthDate`, from a OneRoster export's `demographics.csv`.
///
/// School systems write `demographics.csv` with a row for each user of `users.csv`, in the same
/// order: then a user's birth date is on the row of the same number, found without a table of
/// every user's. The rows of any other file are looked up by `sourcedId`.
struct OneRosterBirthDates: Sendable {
    /// The birth date on each row of `users.csv`, when the two files list the same users in the
    /// same order; empty for none.
    private let byRow: [String]?
    /// The birth dates by `sourcedId`, when they do not.
    private let bySourcedID: [String: String]
    /// Whether the export gives no birth date at all.
    let isEmpty: Bool

    /// The birth dates of `demographics`, for the users of `users`; none without the file.
    init(_ demographics: OneRosterTable?, users: OneRosterTable) {
        guard let demographics else {
            (byRow, bySourcedID, isEmpty) = (nil, [:], true)
            return
        }
        let (user, birthDate) = (demographics.column("sourcedId"), demographics.column("birthDate"))
        let (rows, userRows, userID) = (demographics.records, users.records, users.column("sourcedId"))
        let isInOrder =
            rows.count == userRows.count
            && rows.indices.allSatisfy {
                demographics.value(rows[$0], user) == users.value(userRows[$0], userID)
            }
        if isInOrder {
            let dates = rows.map { demographics.value($0, birthDate) }
            (byRow, bySourcedID, isEmpty) = (dates, [:], dates.allSatisfy(\.isEmpty))
            return
        }
        var dates = [String: String](minimumCapacity: rows.count)
        for record in rows {
            let date = demographics.value(record, birthDate)
            if !date.isEmpty { dates[demographics.value(record, user)] = date }
        }
        (byRow, bySourcedID, isEmpty) = (nil, dates, dates.isEmpty)
    }

    /// The birth date of the user on row `row` of `users.csv`, whose `sourcedId` is `id`.
    func date(onRow row: Int, sourcedID id: String) -> String? {
        guard let byRow else { return bySourcedID[id] }
        return byRow[row].isEmpty ? nil : byRow[row]
    }
}
