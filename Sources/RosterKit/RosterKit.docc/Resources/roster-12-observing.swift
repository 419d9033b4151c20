import Foundation
import Observation
import RosterKit

// RosterViewModel is @Observable: a SwiftUI view that reads `students` redraws when an intent
// changes them. This is what SwiftUI does underneath.
@MainActor
func watch(_ roster: RosterViewModel) async throws {
    withObservationTracking {
        _ = roster.students
    } onChange: {
        print("The students changed; a view would redraw now.")
    }
    try await roster.add(name: "Grace Hopper", age: 13)
}
