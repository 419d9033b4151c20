import Foundation
import Testing

/// Every file and folder of `Fixtures/` says in `Fixtures/README.md` what it is for, so nobody
/// takes a file another program wrote for one roster wrote.
@Suite("Fixtures are described")
struct FixturesReadmeTests {
    @Test("each file in Fixtures/, and each of its folders, is named in Fixtures/README.md")
    func everyFixtureDescribed() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
        let readme = try String(contentsOf: fixtures.appendingPathComponent("README.md"), encoding: .utf8)
        let names = try FileManager.default.contentsOfDirectory(atPath: fixtures.path)
        var undescribed: [String] = []
        for name in names where name != "README.md" && !name.hasPrefix(".") && name != "__pycache__" {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: fixtures.appendingPathComponent(name).path, isDirectory: &isFolder)
            if name == "import" {
                // Each import file is described on its own.
                for file in try FileManager.default.contentsOfDirectory(
                    atPath: fixtures.appendingPathComponent(name).path)
                where !readme.contains("`import/\(file)`") {
                    undescribed.append("import/" + file)
                }
            } else if exists, !readme.contains("`\(name)\(isFolder.boolValue ? "/" : "")") {
                undescribed.append(name)
            }
        }
        #expect(undescribed.isEmpty, "not in Fixtures/README.md: \(undescribed)")
    }
}
