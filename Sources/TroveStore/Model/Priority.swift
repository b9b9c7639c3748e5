/// How urgent a reminder is, stored as 0–3 as in Apple's Reminders.
///
/// ```swift
/// Priority(name: "HIGH")  // .high
/// Priority.high.rawValue  // 3, the value in `reminders.priority`
/// ```
public enum Priority: Int, Hashable, Sendable, CaseIterable, Comparable {
    case none = 0
    case low = 1
    case medium = 2
    case high = 3

    /// `none`, `low`, `medium` or `high`.
    public var name: String {
        switch self {
        case .none: "none"
        case .low: "low"
        case .medium: "medium"
        case .high: "high"
        }
    }

    /// Reads a name (any case) or a digit 0–3.
    public init?(name: String) {
        let lowered = name.lowercased()
        if let match = Priority.allCases.first(where: { $0.name == lowered }) {
            self = match
        } else if let number = Int(lowered), let value = Priority(rawValue: number) {
            self = value
        } else {
            return nil
        }
    }

    /// Whether `lhs` is the lower priority: none < low < medium < high.
    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
}
