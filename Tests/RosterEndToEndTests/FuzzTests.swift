import Foundation
import RosterTestSupport
import Testing

/// Mutates valid rosters thousands of times and runs the real `roster` binary on each, in a child
/// process, so that a crash shows up as a signal instead of taking the test run down with it.
@Suite("Fuzzing the roster readers")
struct FuzzTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    /// What went wrong with one input; an empty list means every input was handled.
    struct Finding: CustomStringConvertible {
        let file: String
        let problem: String
        var description: String { "\(file): \(problem)" }
    }

    @Test("no mutated or hostile roster crashes, hangs or is misread")
    func fuzz() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "roster-fuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputs = try Self.makeInputs(in: folder)
        #expect(inputs.count > (TestSweep.isShort ? 600 : 2500))
        var outcomes = try await Self.runAll(inputs)
        // A run slowed by the other tests' processes is timed again on its own: a file that
        // really makes roster slow is slow both times.
        for (index, outcome) in outcomes.enumerated() where outcome.finding?.problem.hasPrefix("took") == true
        {
            outcomes[index] = try Self.run(outcome.file)
        }
        var findings = outcomes.compactMap(\.finding)
        let (disagreements, compared) = try Self.compareWithOracle(outcomes)
        findings += disagreements
        #expect(findings.isEmpty, "\(findings.prefix(10))")
        if Self.python != nil {
            let least = TestSweep.isShort ? 10 : 100
            #expect(compared > least, "plistlib read only \(compared) of the accepted files")
        }
        let accepted = outcomes.filter { $0.status == 0 }.count
        #expect(accepted > 0 && accepted < outcomes.count, "mutations should both keep and break files")
    }

    // MARK: Inputs

    static func makeInputs(in folder: URL) throws -> [URL] {
        var generator = FuzzGenerator(seed: 2026)
        // A short run (see TestSweep) makes a tenth of the mutations.
        let share = TestSweep.isShort ? 10 : 1
        let bases: [(String, Int)] = [
            ("sample-class.plist", 1200 / share), ("sample-class-xml.plist", 1200 / share),
            ("ios-app-students.plist", 400 / share),
        ]
        var inputs: [URL] = []
        for (name, count) in bases {
            let original = try Data(contentsOf: repository.appendingPathComponent("Fixtures/" + name))
            for number in 0..<count {
                let url = folder.appendingPathComponent("\(name)-\(number)")
                try generator.mutate(original, isXML: name.contains("xml")).write(to: url)
                inputs.append(url)
            }
        }
        for number in 0..<400 {
            let url = folder.appendingPathComponent("crafted-\(number).plist")
            try generator.crafted().write(to: url)
            inputs.append(url)
        }
        let hostile = repository.appendingPathComponent("Fixtures/hostile")
        for name in try FileManager.default.contentsOfDirectory(atPath: hostile.path).sorted() {
            inputs.append(hostile.appendingPathComponent(name))
        }
        return inputs
    }

    // MARK: Running

    struct Outcome: Sendable {
        let file: URL
        let status: Int32
        let output: String
        let finding: Finding?
    }

    static func runAll(_ inputs: [URL]) async throws -> [Outcome] {
        let workers = max(2, ProcessInfo.processInfo.activeProcessorCount)
        return try await withThrowingTaskGroup(of: [Outcome].self) { group in
            for worker in 0..<workers {
                let share = stride(from: worker, to: inputs.count, by: workers).map { inputs[$0] }
                group.addTask { try share.map(run) }
            }
            var all: [Outcome] = []
            for try await part in group { all += part }
            return all
        }
    }

    static func run(_ file: URL) throws -> Outcome {
        let process = Process()
        process.executableURL = RosterBinary.url
        process.arguments = ["--file", file.path, "list", "--format", "json", "--sort", "added"]
        process.environment = ["HOME": FileManager.default.temporaryDirectory.path]
        let output = Pipe()
        let errorOutput = Pipe()
        process.standardOutput = output
        process.standardError = errorOutput
        let started = ContinuousClock.now
        try process.run()
        // A cancelled work item still waits out its deadline, so it must not keep the process and
        // its pipes alive: thousands of runs would otherwise hold thousands of descriptors open,
        // and Foundation's `Process.run()` crashes once descriptors pass 1024.
        let watchdog = DispatchWorkItem { [weak process] in
            if let process, process.isRunning { process.terminate() }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 5, execute: watchdog)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(
            decoding: errorOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        watchdog.cancel()
        try? output.fileHandleForReading.close()
        try? errorOutput.fileHandleForReading.close()
        let elapsed = ContinuousClock.now - started
        let name = file.lastPathComponent
        var finding: Finding?
        if process.terminationReason == .uncaughtSignal {
            finding = Finding(file: name, problem: "killed by signal \(process.terminationStatus)")
        } else if elapsed > .seconds(1) {
            finding = Finding(file: name, problem: "took \(elapsed)")
        } else if process.terminationStatus == 1 {
            let lines = errorText.split(separator: "\n")
            if lines.count != 1 || !errorText.hasPrefix("Error: The roster file") {
                finding = Finding(file: name, problem: "unexpected error output: \(errorText.prefix(300))")
            }
        } else if process.terminationStatus != 0 {
            finding = Finding(file: name, problem: "exit status \(process.terminationStatus)")
        }
        return Outcome(
            file: file, status: process.terminationStatus,
            output: String(decoding: outputData, as: UTF8.self),
            finding: finding)
    }

    // MARK: The oracle

    /// Where roster and Python's plistlib both read a file, they must read the same students.
    static func compareWithOracle(_ outcomes: [Outcome]) throws -> (findings: [Finding], compared: Int) {
        let accepted = outcomes.filter { $0.status == 0 }
        guard let python = Self.python, !accepted.isEmpty else { return ([], 0) }
        let process = Process()
        process.executableURL = python
        process.arguments =
            [repository.appendingPathComponent("Fixtures/plist_oracle.py").path] + accepted.map(\.file.path)
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let lines = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n")
        process.waitUntilExit()
        guard lines.count == accepted.count else {
            return (
                [Finding(file: "oracle", problem: "answered \(lines.count) of \(accepted.count) files")], 0
            )
        }
        var findings: [Finding] = []
        var compared = 0
        for (outcome, line) in zip(accepted, lines) {
            let oracle = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            guard let expected = oracle?["students"] as? [[String: Any]] else { continue }
            compared += 1
            let ours =
                try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [[String: Any]] ?? []
            if !Self.same(ours, expected) {
                findings.append(
                    Finding(file: outcome.file.lastPathComponent, problem: "read differently from plistlib"))
            }
        }
        return (findings, compared)
    }

    static func same(_ lhs: [[String: Any]], _ rhs: [[String: Any]]) -> Bool {
        lhs.count == rhs.count
            && zip(lhs, rhs).allSatisfy { left, right in
                Set(left.keys) == Set(right.keys) && left["id"] as? String == right["id"] as? String
                    && left["name"] as? String == right["name"] as? String
                    && left["age"] as? Int == right["age"] as? Int
                    && left["grade"] as? Int == right["grade"] as? Int
                    && (left["score"] as? Double) == (right["score"] as? Double)
            }
    }

    static let python = installedTool("python3")
}

/// Seeded mutations: bit flips, byte changes, cuts, deletions, repeats and inserted markup.
struct FuzzGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    private mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(max(bound, 1)))
    }

    mutating func mutate(_ original: Data, isXML: Bool) -> Data {
        var bytes = [UInt8](original)
        for _ in 0...next(3) {
            guard !bytes.isEmpty else { break }
            let at = next(bytes.count)
            switch next(isXML ? 7 : 6) {
            case 0: bytes[at] ^= UInt8(1 << next(8))
            case 1: bytes[at] = UInt8(next(256))
            case 2: bytes.removeSubrange(at..<bytes.count)
            case 3: bytes.removeSubrange(at..<min(bytes.count, at + 1 + next(16)))
            case 4:
                bytes.insert(
                    contentsOf: bytes[at..<min(bytes.count, at + 1 + next(32))], at: next(bytes.count))
            case 5:
                let trailer = max(0, bytes.count - 32) + next(32)
                if trailer < bytes.count { bytes[trailer] = [0, 1, 2, 4, 8, 0x7F, 0xFF][next(7)] }
            default:
                let snippets = [
                    "<array>", "</dict>", "<dict/>", "&amp", "&#0;", "<![CDATA[", "<!--", "<key>age</key>",
                ]
                bytes.insert(contentsOf: Array(snippets[next(snippets.count)].utf8), at: at)
            }
        }
        return Data(bytes)
    }

    /// A one-student binary plist with random reference and offset widths in which one
    /// reference, offset or trailer number is replaced by a crafted one: 2^63 and more (negative
    /// as a signed number), all ones, just past the end, or pointing at another structure.
    mutating func crafted() -> Data {
        let (referenceSize, offsetSize) = ([1, 2, 4, 8][next(4)], [1, 2, 4, 8][next(4)])
        func number(_ value: UInt64, _ size: Int) -> [UInt8] {
            (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
        }
        let id = Array("0F8E2A34-5B6C-4D7E-8F90-A1B2C3D4E5F6".utf8)
        var objects: [[UInt8]] = [
            [0xA1] + number(1, referenceSize),
            [0xD3] + [2, 3, 4, 5, 6, 7].flatMap { number($0, referenceSize) },
            [0x52] + Array("id".utf8), [0x54] + Array("name".utf8), [0x53] + Array("age".utf8),
            [0x5F, 0x10, UInt8(id.count)] + id, [0x53] + Array("Ada".utf8), [0x10, 12],
        ]
        let huge: [UInt64] = [1 << 63, .max, (1 << 63) + 5, 1 << 32, UInt64(Int64.max) - 7, 8, 9, 0]
        let value = huge[next(huge.count)]
        // Where the crafted number goes: a reference in the array or the dictionary, an offset, or the trailer.
        let target = next(4)
        if target == 0 { objects[0] = [0xA1] + number(value, referenceSize) }
        if target == 1 { objects[1] = [0xD3] + [2, 3, 4, 5, value, 7].flatMap { number($0, referenceSize) } }
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt64] = []
        for object in objects {
            offsets.append(UInt64(bytes.count))
            bytes += object
        }
        if target == 2 { offsets[next(offsets.count)] = value }
        let table = UInt64(bytes.count)
        bytes += offsets.flatMap { number($0, offsetSize) }
        var trailer: [UInt64] = [UInt64(objects.count), 0, table]
        if target == 3 { trailer[next(3)] = value }
        bytes +=
            [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)] + trailer.flatMap { number($0, 8) }
        return Data(bytes)
    }
}
