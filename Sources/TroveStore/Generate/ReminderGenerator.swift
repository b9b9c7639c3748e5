import Foundation

/// Realistic synthetic reminders for benchmarks: the same records for the same seed on every
/// machine, at well over half a million a second.
///
/// ```swift
/// for record in ReminderGenerator(seed: 7, count: 100_000) { … }
/// ReminderGenerator(seed: 7, count: 1).record(at: 0).title  // "Book São", on every machine
/// ```
///
/// Record `i` depends only on the seed and `i`, not on `count`: a longer run starts with the
/// same records, and `record(at:)` reaches any record directly.
///
/// Shape: titles of 2–8 Zipf-distributed words, mostly verb-first; notes empty about 35% of
/// the time, else 5–120 words; 0–3 tags and one of 12 lists, both skewed; priority mostly
/// none; about 25% completed; about 60% with a due date around `today`; created in the year
/// before `today`. All times are whole seconds, UTC.
///
/// With `distinctTags`, the tags are drawn instead from that many names (`oak7`, `river7`, …:
/// a word of the vocabulary and a number) with Zipf-like frequencies, rank k about as often as
/// 1/k: a few tags many reminders share, and a long tail of tags one or two reminders have, as
/// people's tags and the parts of package names are. Every other field is as without it.
public struct ReminderGenerator: Sequence, IteratorProtocol, Sendable {
    /// Monday 2026-03-02, the day the seed data is written around.
    public static let pinnedToday = CalendarDay(year: 2026, month: 3, day: 2)!

    /// The seed: the same seed and count give the same reminders on every machine.
    public let seed: UInt64
    /// How many reminders the generator makes in all.
    public let count: Int
    /// Due dates spread around this day; creation and completion fall before its start (UTC).
    public let today: CalendarDay
    /// How many tag names the tags are drawn from; nil for the standard few dozen.
    public let distinctTags: Int?

    private let tables = GeneratorTables.shared
    private var index = 0

    /// - Parameters:
    ///   - seed: Any value; each gives a different, repeatable set of records.
    ///   - count: How many records the sequence yields.
    ///   - today: The day due dates cluster around.
    ///   - distinctTags: How many tag names to draw tags from (at least 1); nil for the standard ones.
    public init(seed: UInt64, count: Int, today: CalendarDay = ReminderGenerator.pinnedToday, distinctTags: Int? = nil) {
        precondition(count >= 0, "count must not be negative")
        precondition(distinctTags.map { $0 >= 1 } ?? true, "distinctTags must be at least 1")
        self.seed = seed
        self.count = count
        self.today = today
        self.distinctTags = distinctTags
    }

    /// How many reminders are still to come.
    public var underestimatedCount: Int { count - index }

    /// The next generated reminder, or nil after ``count``.
    public mutating func next() -> ReminderRecord? {
        guard index < count else { return nil }
        defer { index += 1 }
        return record(at: index)
    }

    /// The record at `index` of this seed's sequence, computed directly.
    public func record(at index: Int) -> ReminderRecord {
        // NB: mixing (seed, index) through SplitMix64's finaliser gives every record its own
        // stream; records never share state, so a change to one cannot shift the next.
        var random = SplitMix64(seed: SplitMix64.mix(seed ^ SplitMix64.mix(UInt64(truncatingIfNeeded: index))))
        let title = tables.title(using: &random)
        let notes = tables.notes(using: &random)
        let list = tables.lists.sample(using: &random)
        var tags = tables.tags(using: &random)
        if let distinctTags { tags = manyTags(count: tags.count, from: distinctTags, index: index) }
        let priority = Self.priority(random.unit())
        let isFlagged = random.chance(priority == .high ? 0.4 : 0.05)

        let startOfToday = today.daysSince1970 * 86_400
        let created = startOfToday - 1 - Int64(random.below(365 * 86_400))
        let completed: Int64? = random.chance(0.25)
            ? created + Int64(random.below(Int(startOfToday - created))) : nil
        let due = random.chance(0.6) ? dueDate(using: &random) : nil

        return ReminderRecord(
            title: title, notes: notes, list: list, tags: tags, priority: priority,
            isFlagged: isFlagged, isCompleted: completed != nil,
            completedAt: completed.map { Date(timeIntervalSince1970: TimeInterval($0)) },
            due: due, createdAt: Date(timeIntervalSince1970: TimeInterval(created))
        )
    }

    /// `count` distinct names of `distinct`, rank k drawn about as often as 1/k (log-uniform),
    /// from a stream of their own so that the other fields stay as without `distinctTags`.
    private func manyTags(count: Int, from distinct: Int, index: Int) -> [String] {
        var random = SplitMix64(seed: SplitMix64.mix(~seed ^ SplitMix64.mix(UInt64(truncatingIfNeeded: index) &+ 0x7A67)))
        var picked: [String] = []
        var ranks: [Int] = []
        for _ in 0..<Swift.min(count, distinct) {
            var rank = Swift.min(distinct, Swift.max(1, Int(pow(Double(distinct) + 1, random.unit())))) - 1
            while ranks.contains(rank) { rank = (rank + 1) % distinct }
            ranks.append(rank)
            let words = tables.tagNameWords
            picked.append("\(words[rank % words.count])\(rank / words.count)")
        }
        return picked
    }

    /// 75% none, 11% low, 9% medium, 5% high.
    static func priority(_ roll: Double) -> Priority {
        roll < 0.75 ? .none : roll < 0.86 ? .low : roll < 0.95 ? .medium : .high
    }

    /// A day from 45 days before `today` to 180 after, clustered on the coming week; 30% at a
    /// quarter-hour between 07:00 and 20:45 UTC.
    private func dueDate(using random: inout SplitMix64) -> DueDate {
        let roll = random.unit()
        let offset = switch roll {
        case ..<0.25: random.between(-45...(-1))
        case ..<0.33: 0
        case ..<0.63: random.between(1...7)
        case ..<0.85: random.between(8...30)
        default: random.between(31...180)
        }
        let day = today.adding(days: offset)
        guard random.chance(0.3) else { return .day(day) }
        let seconds = day.daysSince1970 * 86_400 + Int64(random.between(28...83) * 15 * 60)
        return .time(Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}
