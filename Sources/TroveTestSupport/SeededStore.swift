public import Foundation
public import TroveStore

/// An in-memory store, migrated and seeded, whose clock is pinned to `today` 09:00 UTC.
///
/// ```swift
/// let store = try await seededStore()  // the 179 reminders of seed-data/, "today" = 2026-03-02
/// let mine = try await seededStore(records: [ReminderRecord(title: "Buy milk", tags: ["errand"])])
/// ```
///
/// - Parameters:
///   - today: The day the seed data's dates are shifted to (from `ReminderStore.seedPinnedDay`),
///     and the day the clock shows.
///   - records: Fixtures to import instead of the seed data, unshifted.
/// - Returns: The store, ready for queries; new reminders get `createdAt` = today 09:00 UTC.
/// - Throws: What the import throws, which for the embedded seed data means a broken build.
public func seededStore(
    today: CalendarDay = ReminderStore.seedPinnedDay, records: [ReminderRecord]? = nil
) async throws -> ReminderStore {
    let now = pinnedMoment(today)
    let store = try await ReminderStore.inMemory(now: { now })
    if let records {
        var reader = RecordArrayReader(records)
        _ = try await store.importRecords(&reader, source: "fixtures")
    } else {
        var reader = SeedData.reader(today: today)
        _ = try await store.importRecords(&reader, source: SeedData.source)
    }
    return store
}

/// 09:00 UTC on `day`: the moment a seeded store's clock shows.
public func pinnedMoment(_ day: CalendarDay) -> Date {
    Date(timeIntervalSince1970: TimeInterval(day.daysSince1970 * 86_400 + 9 * 3_600))
}

/// A reader over records already in memory, for fixtures.
public struct RecordArrayReader: ReminderReader {
    private var iterator: IndexingIterator<[ReminderRecord]>

    /// A reader handing out `records` in order.
    public init(_ records: [ReminderRecord]) {
        iterator = records.makeIterator()
    }

    /// Always empty.
    public var warnings: [String] { [] }

    /// The next record, or nil after the last.
    public mutating func next() throws -> ReminderRecord? {
        iterator.next()
    }
}
