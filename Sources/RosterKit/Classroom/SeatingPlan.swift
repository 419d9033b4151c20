/// A seating plan: a room of rows and columns, and the student in each seat.
///
/// Row 1 is the front row, nearest the board, and column 1 is on the left as the class faces the
/// board. ``ClassSeats`` makes, keeps and changes a class's plan; ``SeatPlanner`` decides who sits
/// where.
public struct SeatingPlan: Sendable, Equatable {
    /// The most rows, and the most columns, a room may have.
    public static let largestSide = 100

    /// One seat of the room.
    public struct Seat: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// The row, from 1 at the front.
        public let row: Int
        /// The column, from 1 on the left as the class faces the board.
        public let column: Int

        /// The seat in `row` and `column`, both counted from 1.
        public init(row: Int, column: Int) {
            self.row = row
            self.column = column
        }

        /// Front rows first, then left to right.
        public static func < (one: Seat, other: Seat) -> Bool {
            (one.row, one.column) < (other.row, other.column)
        }

        /// The seat as a person reads it: `row 2, seat 3`.
        public var description: String { "row \(row), seat \(column)" }
    }

    /// How many rows of seats the room has.
    public let rows: Int
    /// How many seats each row has.
    public let columns: Int
    /// The student in each seat, row by row from the front, each row from the left; `nil` where
    /// the seat is free.
    public let seats: [Student?]

    /// A plan of a room `rows` by `columns` with `seats` in that order.
    init(rows: Int, columns: Int, seats: [Student?]) {
        self.rows = rows
        self.columns = columns
        self.seats = seats
    }

    /// The student in `seat`, or `nil` when it is free or not in the room.
    public func student(in seat: Seat) -> Student? {
        guard (1...rows).contains(seat.row), (1...columns).contains(seat.column) else { return nil }
        return seats[(seat.row - 1) * columns + seat.column - 1]
    }

    /// The seat of the student with `id`, if they have one.
    public func seat(of id: Student.ID) -> Seat? {
        seats.firstIndex { $0?.id == id }.map(Self.seat(at: columns))
    }

    /// The seats taken, front to back, with their students.
    public var taken: [(seat: Seat, student: Student)] {
        seats.enumerated().compactMap { index, student in
            student.map { (Self.seat(at: columns)(index), $0) }
        }
    }

    /// The seat at a position of ``seats`` in a room `columns` wide.
    static func seat(at columns: Int) -> (Int) -> Seat {
        { Seat(row: $0 / columns + 1, column: $0 % columns + 1) }
    }
}
