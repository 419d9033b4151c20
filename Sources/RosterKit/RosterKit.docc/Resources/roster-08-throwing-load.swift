import Foundation
import RosterKit

// RosterKit's StorageHandler has the app's shape, but `load` throws instead of answering [],
// so a damaged file stops the next write instead of being replaced.
func showTheClass(in file: URL) {
    do {
        let students = try StorageHandler.load(from: file)
        for student in students { print(student.name, student.age) }
    } catch let error as StorageError {
        print(error)  // "The roster file '…' is damaged: …. It was left unchanged."
    } catch {
        print(error)
    }
}
