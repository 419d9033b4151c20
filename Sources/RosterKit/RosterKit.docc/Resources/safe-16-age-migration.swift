import Foundation

// Step 2: the record grows up without losing the app's files. The app stored the age as text
// ("12"); roster keeps it a number, and reads either.
struct Student: Codable, Identifiable {
    var id = UUID()
    var name: String
    var age: Int

    init(name: String, age: Int) {
        self.name = name
        self.age = age
    }

    private enum CodingKeys: String, CodingKey { case id, name, age }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        if let number = try? container.decode(Int.self, forKey: .age) {
            age = number
        } else {
            // The app's "12": text of digits only, or the file is damaged.
            let text = try container.decode(String.self, forKey: .age)
            guard let number = Int(text), number > 0 else {
                throw DecodingError.dataCorruptedError(
                    forKey: .age, in: container, debugDescription: "The age '\(text)' is not a whole number.")
            }
            age = number
        }
    }
}

// RosterKit's own `Student` does the same in `init(from:)`, for apps that decode a roster with
// `PropertyListDecoder`; roster's faster reader, behind `StorageHandler.load(from:)`, applies
// the same rule to the file's bytes.
func readAppFile(_ data: Data) throws -> [Student] {
    try PropertyListDecoder().decode([Student].self, from: data)
}
