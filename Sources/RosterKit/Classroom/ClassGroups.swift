import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The groups a class remembers: students to keep apart in every grouping, and its last five
/// groupings, whose partners the next one avoids as far as the other rules allow.
///
/// Both are kept beside the roster in a private file, `.students.plist.groups`, as the pick round
/// is: making groups changes no student and is not a change to undo. Students removed from the
/// roster drop out of both. Groups are made by ``ClassroomIntents/makeGroups(_:balance:apart:skipping:includeAbsent:ignoreHistory:today:at:using:)``,
/// and apart sets kept by ``ClassroomIntents/keepApart(_:at:)``.
public enum ClassGroups {
    /// How many groupings are remembered.
    public static let rememberedGroupings = 5
    /// The largest group whose partners are remembered; a grouping with a larger one is not.
    public static let largestRememberedGroup = 50
    /// The most students a remembered grouping holds: a hall larger than this is grouped afresh
    /// each time, which keeps the groups file small and a hall's groups quick.
    public static let largestRememberedGrouping = 5_000

    /// What making groups gives.
    public struct Made: Sendable, Equatable {
        /// The groups.
        public let groups: [[Student]]
        /// The students left out because today's register has them absent, in roster order.
        public let leftOut: [Student]
        /// Whether the balance asked for was left out because no student has a value of it.
        public let balanceIgnored: Bool
    }

    /// The most students one apart set may hold: more than any class keeps apart, few enough that
    /// a plan with them is found at once.
    public static let largestApartSet = 40

    /// Refuses an apart set of more than ``largestApartSet`` references, before anything is read.
    static func checkApartSets(_ sets: [[String]]) throws {
        if let large = sets.first(where: { $0.count > largestApartSet }) {
            throw GroupingError.apartSetTooLarge(count: large.count, limit: largestApartSet)
        }
    }

    /// The class's apart sets, each as its students in roster order.
    public static func apartSets(at url: URL) throws -> [[Student]] {
        let students = try StorageHandler.load(from: url).filter { !$0.hasLeft() }
        // One read of a file that is only ever renamed into place: no lock, so nothing is created.
        let path = try FileSystem.rosterTarget(url.path)
        let text = try StorageHandler.Current(path: path, bytes: nil).read(.groups)
        let memory = GroupMemory(text: text, keeping: Set(students.map(\.id)))
        return memory.apart.map { set in students.filter { set.contains($0.id) } }
    }
}

/// The groups file: `apart <id> <id> …` a line for each apart set, then for each remembered
/// grouping, most recent first, a line `grouping` and a line `group <id> <id> …` for each group.
struct GroupMemory {
    var apart: [[UUID]] = []
    var recent: [[[UUID]]] = []

    /// The memory a groups file holds, keeping only students still on the roster.
    init(text data: Data?, keeping ids: Set<UUID>) {
        guard let data else { return }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let words = line.split(separator: " ")
            let members = words.dropFirst().compactMap { UUIDText.uuid(from: String($0)) }.filter(
                ids.contains)
            switch words.first {
            case "apart" where members.count > 1: apart.append(members)
            case "grouping": recent.append([])
            case "group" where !recent.isEmpty: recent[recent.count - 1].append(members)
            default: continue
            }
        }
        recent = Array(recent.filter(Self.isWorthRemembering).prefix(ClassGroups.rememberedGroupings))
    }

    /// Whether a grouping is small enough to remember: no group over 50 (everyone in it met
    /// everyone) and no more than 5,000 students.
    static func isWorthRemembering(_ grouping: [[UUID]]) -> Bool {
        grouping.allSatisfy { $0.count <= ClassGroups.largestRememberedGroup }
            && grouping.reduce(0) { $0 + $1.count } <= ClassGroups.largestRememberedGrouping
    }

    /// Remembers `grouping` as the most recent, forgetting the oldest beyond five. A grouping with
    /// a group of more than 50 is not worth remembering (everyone in it met everyone), nor one of
    /// more than 5,000 students.
    mutating func remember(_ grouping: [[UUID]]) {
        guard Self.isWorthRemembering(grouping) else { return }
        recent.insert(grouping, at: 0)
        recent = Array(recent.prefix(ClassGroups.rememberedGroupings))
    }

    /// The file's text; the oldest groupings are left out when they would not fit its limit.
    var text: String {
        let rules = apart.map { "apart " + $0.map(UUIDText.string).joined(separator: " ") + "\n" }.joined()
        var kept = recent
        while true {
            let groupings = kept.map { grouping in
                "grouping\n"
                    + grouping.map { "group " + $0.map(UUIDText.string).joined(separator: " ") + "\n" }
                    .joined()
            }.joined()
            if kept.isEmpty || rules.utf8.count + groupings.utf8.count <= SideFile.groups.limit {
                return rules + groupings
            }
            kept.removeLast()
        }
    }
}
