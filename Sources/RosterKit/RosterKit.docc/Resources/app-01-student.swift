import Foundation

// The teaching app's model: one student, as the app stores it in students.plist.
struct Student: Codable, Identifiable {
    var id = UUID()
    var name: String
    var age: String
}

// Try it: make a student and show it.
let ada = Student(name: "Ada", age: "12")
print(ada.name, ada.age)

// Prints:
// Ada 12
