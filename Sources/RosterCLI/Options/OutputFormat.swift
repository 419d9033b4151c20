/// How a command prints what it shows: `--format table|json|csv|plist|html`, each command
/// accepting those it can write.
enum OutputFormat: String, CaseIterable, Sendable {
    case table, json, csv, plist, html
}

extension CommandField {
    /// `--format`, accepting `allowed`, `table` when absent.
    static func format(
        _ keyPath: WritableKeyPath<Command, OutputFormat?> & Sendable, _ allowed: [OutputFormat],
        help: String
    ) -> Self {
        .option(
            "format", keyPath, valueName: "format", help: help,
            parse: .choice(among: allowed, default: .table))
    }
}
