import Foundation

/// Writes students as an XML property list in the layout Apple's tools use.
enum XMLPlistWriter {
    /// Encodes `students` in file order.
    ///
    /// - Throws: ``StorageError/encodingFailed(reason:)`` when a name holds a control character,
    ///   which XML 1.0 cannot represent.
    static func bytes(for students: [Student]) throws -> [UInt8] {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """
        text.reserveCapacity(text.utf8.count + students.count * 220)
        if students.isEmpty {
            text += "<array/>\n</plist>\n"
            return Array(text.utf8)
        }
        text += "<array>\n"
        for (index, student) in students.enumerated() {
            text += "\t<dict>\n"
            text += "\t\t<key>id</key>\n\t\t<string>\(UUIDText.string(student.id))</string>\n"
            text += "\t\t<key>name</key>\n\t\t<string>\(try escaped(student.name, record: index))</string>\n"
            text += "\t\t<key>age</key>\n\t\t<integer>\(student.age)</integer>\n"
            if let grade = student.grade { text += "\t\t<key>grade</key>\n\t\t<integer>\(grade)</integer>\n" }
            if let score = student.score { text += "\t\t<key>score</key>\n\t\t<real>\(score)</real>\n" }
            text += "\t</dict>\n"
        }
        text += "</array>\n</plist>\n"
        return Array(text.utf8)
    }

    private static func escaped(_ text: String, record: Int) throws -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 < 0x20 }) else {
            return text
        }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20:
                throw StorageError.encodingFailed(
                    reason: "the name of record \(record + 1) holds a control character that XML cannot hold")
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
