import Foundation

// The teaching app's model: one student, as the app stores it in students.plist.
struct Student: Codable, Identifiable {
    var id = UUID()
    var name: String
    var age: String
}
