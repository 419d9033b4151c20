/// A ``Mark`` kept in 24 bytes rather than 48, for lists of millions of marks such as the
/// changes of a ``MarksImport``.
///
/// Every mark a class gives has a numerator and denominator that fit in 64 bits; one that does
/// not is kept whole, in a box of its own.
enum CompactMark: Sendable, Equatable {
    case points(numerator: Int64, denominator: Int64)
    case percent(numerator: Int64, denominator: Int64)
    case excused
    case missing
    indirect case whole(Mark)

    /// `mark`, kept small when it fits.
    init(_ mark: Mark) {
        switch mark {
        case .points(let value):
            self = Self.small(value).map { .points(numerator: $0, denominator: $1) } ?? .whole(mark)
        case .percent(let value):
            self = Self.small(value).map { .percent(numerator: $0, denominator: $1) } ?? .whole(mark)
        case .excused: self = .excused
        case .missing: self = .missing
        }
    }

    /// The mark it keeps.
    var mark: Mark {
        switch self {
        case .points(let numerator, let denominator):
            .points(Fraction(Int128(numerator), over: Int128(denominator)))
        case .percent(let numerator, let denominator):
            .percent(Fraction(Int128(numerator), over: Int128(denominator)))
        case .excused: .excused
        case .missing: .missing
        case .whole(let mark): mark
        }
    }

    /// `value`'s numerator and denominator as 64-bit numbers, or `nil` when either is wider.
    private static func small(_ value: Fraction) -> (Int64, Int64)? {
        guard let numerator = Int64(exactly: value.numerator),
            let denominator = Int64(exactly: value.denominator)
        else { return nil }
        return (numerator, denominator)
    }
}
