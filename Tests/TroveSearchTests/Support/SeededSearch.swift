import TroveSQLite
import TroveStore
import TroveTestSupport

/// One seeded store (`seed-data/`, today = 2026-03-02) shared by the snapshot suites: they only
/// read it, so sharing saves importing the seed data once per test.
enum SeededSearch {
    private static let store = Task { try await seededStore() }

    static func database() async throws -> SQLiteDatabase {
        try await store.value.database
    }
}
