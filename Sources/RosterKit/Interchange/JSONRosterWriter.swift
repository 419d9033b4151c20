/// Writes students as JSON: objects with the keys `id`, `name`, `age`, and `grade` and `score`
/// only when set.
///
/// Written by hand rather than with `JSONEncoder` so the keys keep this order and large rosters
/// are written quickly.
public enum JSONRosterWriter {
    /// A JSON array, one object per line, ending with a newline.
    ///
    /// - Parameter students: The students, in the order to write them.
    /// - Returns: The JSON text.
    public static func array(_ students: [Student]) -> String {
        String(decoding: bytes(students), as: UTF8.self)
    }

    /// The bytes of ``array(_:)``, with the students in the order `order` gives their positions.
    ///
    /// With `emit`, the text is handed over in pieces as it is written, and the result is empty: a
    /// listing of a million students then never sits in memory whole. A long listing is written
    /// on both cores (see ``ParallelWork``).
    static func bytes(_ students: [Student], order: [Int]? = nil, emit: (([UInt8]) -> Void)? = nil) -> [UInt8]
    {
        let positions = order ?? Array(students.indices)
        var result: [UInt8] = []
        let emit = emit ?? { result.append(contentsOf: $0) }
        guard !positions.isEmpty else {
            emit(Array("[]\n".utf8))
            return result
        }
        emit(Array("[\n".utf8))
        // Reading through the buffer lends each student to `append` instead of copying it.
        students.withUnsafeBufferPointer { buffer in
            ParallelWork.writeRows(count: positions.count, emit: emit) { number, output in
                output.append(static: "  ")
                append(buffer[positions[number]], to: &output)
                output.append(static: number + 1 < positions.count ? ",\n" : "\n")
            }
        }
        emit(Array("]\n".utf8))
        return result
    }

    /// One JSON object on one line, without a newline.
    ///
    /// - Parameter student: The student to write.
    /// - Returns: The JSON text.
    public static func object(_ student: Student) -> String {
        var output: [UInt8] = []
        append(student, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// How a score is written, in JSON and in CSV: the shortest text that reads back as the
    /// same number, without a needless `.0`.
    ///
    /// - Parameter score: The score.
    /// - Returns: For example `90` or `88.5`.
    public static func number(_ score: Double) -> String {
        if score == score.rounded(), abs(score) < 1e15 { return String(Int(score)) }
        return String(score)
    }

    private static func append(_ student: Student, to output: inout [UInt8]) {
        output.append(static: "{\"id\":\"")
        UUIDText.append(student.id, to: &output)
        output.append(static: "\",\"name\":")
        appendQuoted(student.name, to: &output)
        output.append(static: ",\"age\":")
        output.append(decimal: student.age)
        if let grade = student.grade {
            output.append(static: ",\"grade\":")
            output.append(decimal: grade)
        }
        if let score = student.score {
            output.append(static: ",\"score\":")
            DecimalText.append(score: score, to: &output)
        }
        output.append(UInt8(ascii: "}"))
    }

    private static func appendQuoted(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        UTF16Encoding.withBytes(of: value) { appendEscaped($0, to: &output) }
        output.append(UInt8(ascii: "\""))
    }

    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        guard bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
            output.append(contentsOf: bytes)
            return
        }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
            case 0x0A: output.append(contentsOf: "\\n".utf8)
            case 0x0D: output.append(contentsOf: "\\r".utf8)
            case 0x09: output.append(contentsOf: "\\t".utf8)
            case 0..<0x20:
                let digits = Array("0123456789abcdef".utf8)
                output.append(contentsOf: "\\u00".utf8)
                output.append(digits[Int(byte >> 4)])
                output.append(digits[Int(byte & 0x0F)])
            default: output.append(byte)
            }
        }
    }
}
