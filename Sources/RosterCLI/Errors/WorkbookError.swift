import RosterKit

/// A spreadsheet workbook given to `import`: one `Error:` line saying what to do instead.
struct WorkbookError: Error, CustomStringConvertible {
    let path: String

    var description: String {
        "'\(VisibleText.of(path))' is a spreadsheet workbook (.xlsx, .ods or .xls), not CSV. In the spreadsheet, "
            + "save it as \"CSV UTF-8\" and import that file."
    }
}
