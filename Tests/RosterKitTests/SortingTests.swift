import RosterEngine
import Testing

@testable import RosterKit

@Suite("Sorting")
struct SortingTests {
    @Test("names compare case- and accent-insensitively, with digits as numbers")
    func peopleOrder() {
        let expected = ["Ängel", "ANNA", "Émile", "emma", "Student 2", "Student 10", "zoë"]
        let students = [6, 3, 5, 0, 2, 4, 1].map { Student.fixture(expected[$0], id: $0) }
        let sorted = RosterSorter.sorted(students, by: .name, reversed: false)
        #expect(sorted.map(\.name) == expected)
        #expect(RosterSorter.sorted(students, by: .name, reversed: true).map(\.name) == expected.reversed())
    }

    @Test(
        "name keys order pairs as people expect",
        arguments: [
            ("a", "B"), ("Student 9", "Student 10"), ("Émile", "emma"), ("file2b", "file10a"),
            ("x 007", "x 8"),
        ])
    func keyPairs(smaller: String, larger: String) {
        #expect(NameSortKey(smaller) < NameSortKey(larger))
        #expect(!(NameSortKey(larger) < NameSortKey(smaller)))
    }

    @Test("ties keep file order, ascending and reversed", arguments: [false, true])
    func stable(reversed: Bool) {
        let students = (0..<6).map { Student.fixture("Same", age: 12 + $0 % 2, id: $0) }
        let sorted = RosterSorter.sorted(students, by: .age, reversed: reversed)
        let twelve = sorted.filter { $0.age == 12 }.map(\.id)
        #expect(twelve == students.filter { $0.age == 12 }.map(\.id))
        #expect(sorted.first?.age == (reversed ? 13 : 12))
    }

    @Test("students without the field come last", arguments: [SortField.grade, .score], [false, true])
    func missingLast(field: SortField, reversed: Bool) {
        let students = [
            Student.fixture("A", id: 1), Student.fixture("B", grade: 3, score: 30, id: 2),
            Student.fixture("C", id: 3), Student.fixture("D", grade: 9, score: 90, id: 4),
        ]
        let sorted = RosterSorter.sorted(students, by: field, reversed: reversed).map(\.name)
        #expect(sorted == (reversed ? ["D", "B", "A", "C"] : ["B", "D", "A", "C"]))
    }

    @Test("names that share more than their first 16 bytes still sort as people expect")
    func longSharedPrefixes() {
        let expected = [
            "Grace Brewster Murray 2", "Grace Brewster Murray 10", "grace brewster murray hopper",
            "Grace Brewster Murray Hopper", "Grace Brewster Murray Hopper Jr",
            "Grâce Brewster Murray Hoppers",
        ]
        // The two spellings of "Grace Brewster Murray Hopper" tie, so they keep file order: 3 before 2.
        let fileOrder = [3, 5, 0, 4, 1, 2]
        let students = fileOrder.map { Student.fixture(expected[$0], id: $0) }
        let sorted = RosterSorter.sorted(students, by: .name, reversed: false).map(\.name)
        #expect(sorted == [0, 1, 3, 2, 4, 5].map { expected[$0] })
        let reversed = RosterSorter.sorted(students, by: .name, reversed: true).map(\.name)
        #expect(reversed == [5, 4, 3, 2, 1, 0].map { expected[$0] })
    }

    @Test(
        "a class large enough to sort on two cores sorts exactly as one name key at a time",
        arguments: [false, true])
    func largeClass(reversed: Bool) {
        var generator = SeededRandom(seed: 20_000)
        let students = RandomRoster.make(count: 25_000, using: &generator)
        let keys = students.map { NameSortKey($0.name) }
        let expected = students.indices.sorted { lhs, rhs in
            let (first, second) = reversed ? (rhs, lhs) : (lhs, rhs)
            return keys[first] < keys[second] || (!(keys[second] < keys[first]) && lhs < rhs)
        }
        #expect(RosterSorter.sortedIndices(students, by: .name, reversed: reversed) == expected)
    }

    @Test(
        "a class whose names mostly start alike sorts exactly as one name key at a time",
        arguments: [false, true])
    func namesStartingAlike(reversed: Bool) {
        var generator = SeededRandom(seed: 30_000)
        let names = (0..<30_000).map { "Student \($0 % 25_000)" } + ["Ada", "Zoë", "student 7", "STUDENT 07"]
        let students = names.shuffled(using: &generator).enumerated().map {
            Student.fixture($0.element, id: $0.offset)
        }
        let keys = students.map { NameSortKey($0.name) }
        let expected = students.indices.sorted { lhs, rhs in
            let (first, second) = reversed ? (rhs, lhs) : (lhs, rhs)
            return keys[first] < keys[second] || (!(keys[second] < keys[first]) && lhs < rhs)
        }
        #expect(RosterSorter.sortedIndices(students, by: .name, reversed: reversed) == expected)
    }

    @Test(
        "a large class of names that share 10 to 50 bytes sorts exactly as one name key at a time",
        arguments: [false, true])
    func longSharedPrefixesInALargeClass(reversed: Bool) {
        var generator = SeededRandom(seed: 32)
        // Keys that differ just before, at and just after the 32 bytes an entry carries.
        let names = (0..<25_000).map { index -> String in
            let start = ["Grace Hopper ", "Ada Lovelace ", "Zoë Martin "][index % 3]
            let shared = String(repeating: start, count: 5).prefix(10 + index % 41)
            return "\(shared)\(["ß", "É", "e", "z"][index % 4])\(Int.random(in: 0..<60, using: &generator))"
        }
        let students = names.enumerated().map { Student.fixture($0.element, id: $0.offset) }
        let keys = students.map { NameSortKey($0.name) }
        let expected = students.indices.sorted { lhs, rhs in
            let (first, second) = reversed ? (rhs, lhs) : (lhs, rhs)
            return keys[first] < keys[second] || (!(keys[second] < keys[first]) && lhs < rhs)
        }
        #expect(RosterSorter.sortedIndices(students, by: .name, reversed: reversed) == expected)
    }

    @Test("added is file order")
    func added() {
        let students = ["c", "a", "b"].enumerated().map { Student.fixture($0.element, id: $0.offset) }
        #expect(RosterSorter.sorted(students, by: .added, reversed: false).map(\.name) == ["c", "a", "b"])
        #expect(RosterSorter.sorted(students, by: .added, reversed: true).map(\.name) == ["b", "a", "c"])
    }

    @Test("the radix sort orders numbers as sort() does", arguments: [0, 1, 64, 65, 1_000, 100_000, 600_000])
    func radixSort(count: Int) {
        var generator = SeededRandom(seed: UInt64(count) + 1)
        var values = (0..<count).map { index -> UInt64 in
            // Random numbers, repeats, and runs that share their high or low bytes.
            switch index % 4 {
            case 0: return generator.next()
            case 1: return UInt64(index % 7)
            case 2: return generator.next() & 0xFFFF_0000_0000_0000
            default: return 0xFFFF_FFFF_FFFF_FF00 | (generator.next() & 0xFF)
            }
        }
        let expected = values.sorted()
        RadixSort.sort(&values)
        #expect(values == expected)
    }

    @Test("the radix sort's buckets grow with the count, keeping about two numbers in each")
    func radixBuckets() {
        #expect(RadixSort.bucketBits(forCount: 65) == 8)
        #expect(RadixSort.bucketBits(forCount: 100_000) == 16)
        #expect(RadixSort.bucketBits(forCount: 1_000_000) == 19)
        #expect(RadixSort.bucketBits(forCount: Int.max) == 22)
        for count in [1_000, 30_000, 100_000, 1_000_000] {
            let perBucket = Double(count) / Double(1 << RadixSort.bucketBits(forCount: count))
            #expect(perBucket >= 1 && perBucket < 4, "\(count): \(perBucket) a bucket")
        }
    }

    @Test("all-ASCII names take a byte-by-byte path that makes the same keys as the general one")
    func asciiKeys() {
        var generator = SeededRandom(seed: 128)
        let alphabet = Array("aZ09 0-'.,Student007 1000000000000000000000")
        var names = ["", "0", "00", "007", "Student 10", "STUDENT 2", String(repeating: "9", count: 300)]
        for _ in 0..<2_000 {
            names.append(
                String(
                    (0..<Int.random(in: 0...30, using: &generator)).map { _ in
                        alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
                    }))
        }
        for name in names {
            var (fast, general) = ([UInt8](), [UInt8]())
            var folder = ScalarFolder()
            SortKey.append(name, to: &fast, folder: &folder)
            SortKey.appendScalars(name, to: &general, folder: &folder)
            #expect(fast == general, "\(name)")
        }
    }

    @Test("keys written from UTF-8 bytes are the keys made from scalars, or are left to them")
    func utf8Keys() {
        var generator = SeededRandom(seed: 256)
        let alphabet = Array("aZ09 0-Éé\u{301}ßẞﬃŉΐİ李佐김محمد👩‍🔬Ｚ１٣ǅ")
        var names = [
            "", "ﬃﬃﬃﬃﬃ", "ŉŉŉŉ", String(repeating: "ΐ", count: 50), String(repeating: "0", count: 300) + "1",
        ]
        names += RandomRoster.nameParts
        for _ in 0..<3_000 {
            names.append(
                String(
                    (0..<Int.random(in: 0...30, using: &generator)).map { _ in
                        alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
                    }))
        }
        var folder = ScalarFolder()
        var fallbacks = 0
        for name in names {
            var general: [UInt8] = []
            SortKey.appendScalars(name, to: &general, folder: &folder)
            var text = name
            let written = text.withUTF8 { utf8 in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4 * utf8.count + 8) { memory in
                    var key = ByteCursor(memory)
                    return SortKey.write(utf8: utf8, to: &key, folder: &folder) ? Array(key.written) : nil
                }
            }
            if let written { #expect(written == general, "\(name)") } else { fallbacks += 1 }
            // One byte short, the key does not fit and the caller is told so.
            let fitsShort = text.withUTF8 { utf8 in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(0, general.count - 1)) { memory in
                    var key = ByteCursor(memory)
                    return SortKey.write(utf8: utf8, to: &key, folder: &folder)
                }
            }
            #expect(fitsShort == general.isEmpty, "\(name)")
        }
        #expect(fallbacks < names.count / 10)
    }
}

@Suite("Statistics as a picture")
struct StatisticsPictureTests {
    @Test("scores fall in ten bins, 100 in the last; each grade has its mean score")
    func bins() {
        let students = [
            Student(name: "A", age: 12, grade: 7, score: 0),
            Student(name: "B", age: 12, grade: 7, score: 9.99),
            Student(name: "C", age: 12, grade: 8, score: 90),
            Student(name: "D", age: 12, grade: 8, score: 100),
            Student(name: "E", age: 12, grade: 8), Student(name: "F", age: 12, score: 55),
        ]
        let statistics = RosterStatistics(students)
        #expect(statistics.scoreBins == [2, 0, 0, 0, 0, 1, 0, 0, 0, 2])
        #expect(statistics.minimumScore == 0 && statistics.maximumScore == 100)
        #expect(statistics.meanScorePerGrade == [7: 4.995, 8: 95])
        #expect(RosterStatistics.binLabels.first == "0-9" && RosterStatistics.binLabels.last == "90-100")
    }

    @Test("the histogram's bins follow the scores' scale: a class marked out of 10 gets a bin for each mark")
    func binsFollowTheScale() {
        let outOf10 = RosterStatistics((1...10).map { Student(name: "S\($0)", age: 12, score: Double($0)) })
        #expect(outOf10.scoreBinLabels == (1...10).map(String.init))
        #expect(outOf10.scoreBins == [Int](repeating: 1, count: 10))
        let withZero = RosterStatistics([0, 7.5, 10].map { Student(name: "S", age: 12, score: $0) })
        #expect(
            withZero.scoreBinLabels.first == "0" && withZero.scoreBins == [1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1])
        let outOf20 = RosterStatistics([3, 13, 20].map { Student(name: "S", age: 12, score: $0) })
        #expect(outOf20.scoreBinLabels.first == "0-1" && outOf20.scoreBinLabels.last == "18-20")
        #expect(outOf20.scoreBins == [0, 1, 0, 0, 0, 0, 1, 0, 0, 1])
        let outOf100 = RosterStatistics([3, 55].map { Student(name: "S", age: 12, score: $0) })
        #expect(outOf100.scoreBinLabels == RosterStatistics.binLabels)
    }
}
