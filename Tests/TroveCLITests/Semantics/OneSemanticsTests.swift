import Foundation
import Testing
@testable import TroveCLI
import TroveSearch
import TroveStore

/// One query semantics: the same text gives the same hits, in the same order, typo matches and
/// word forms included, from `trove search`, the interactive search's function,
/// `SearchProvider`'s settled answer (whose words may come from its in-memory trie), the
/// engine registry that `assertSearch` runs, and the one-shot `search` of the store and the
/// provider.
@Suite struct OneSemanticsTests {
    /// A file database holding the seed data, shared by the rows (they only read it).
    private static let fixture = Task { () throws -> (path: String, store: ReminderStore) in
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trove-semantics-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("seed.db").path
        let store = try await ReminderStore.open(path: path)
        var reader = SeedData.reader(today: CalendarDay(Date()))
        _ = try await store.importRecords(&reader, source: SeedData.source)
        // The issue's examples that the seed data lacks: words inside sentences of scripts
        // without spaces or with prefixes, tags a hyphenated query names, and wifi joined.
        for record in Self.extraRecords { _ = try await store.add(record) }
        return (path, store)
    }

    static let extraRecords = [
        ReminderRecord(title: "给奶奶打电话 关于春节", list: "Home"),
        ReminderRecord(title: "לקנות חלב", notes: "ובבית יש לחם", list: "Groceries"),
        ReminderRecord(title: "ซื้อนมที่ร้าน", list: "Groceries"),
        // NB: found by its title; by its tags alone only once tags keep the order the user gave
        // them (here they are stored sorted, "run, school", which the phrase does not match).
        ReminderRecord(title: "Do the school run on Friday", list: "Home", tags: ["school", "run"]),
        ReminderRecord(title: "Reset the wifi router", list: "Home"),
    ]

    static let texts = [
        "dent", "dent ", "wal", "wal ", "call dent", "dentist appointment", "passport -kids", "milk OR bre",
        "wal* dog", "book is:open", "e-mail", "c++", #""dentist app"#, "call OR", "#call plumb",
        "dentst", "dentsi", "swelling ", "passprot", "apointment", "oncall", "email", "o brien", "给奶奶", "奶",
        "dent*", "school-run", "wi-fi", "wifi", "passprot milk", "春节", "בית", "นม",
    ]

    /// What the issue's examples must find, on every surface (the test above proves the surfaces
    /// agree; this one that what they agree on is right).
    static let expected: [(text: String, title: String)] = [
        ("dent", "Dentist appointment"), ("dent*", "Dentist appointment"),
        ("school-run", "Do the school run on Friday"),
        ("wi-fi", "Change the Wi-Fi password"), ("wi-fi", "Reset the wifi router"),
        ("wifi", "Change the Wi-Fi password"), ("wifi", "Reset the wifi router"),
        ("春节", "给奶奶打电话 关于春节"), ("בית", "לקנות חלב"), ("นม", "ซื้อนมที่ร้าน"),
    ]

    @Test(arguments: texts)
    func everySurfaceGivesTheSameHits(_ text: String) async throws {
        let (path, store) = try await Self.fixture.value
        let cli = try TroveProcess.run(["--db", path, "search", "--format", "json", "--limit", "50", "--", text])
        #expect(cli.status <= 1, "\(cli.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? [String: Any])
        let cliHits = object["hits"] as? [[String: Any]] ?? []
        let cliIDs = cliHits.compactMap { ($0["id"] as? NSNumber)?.int64Value }

        let request = SearchRequest(text: text, limit: 50, includeCompleted: true)
        var library: ResultSet?
        for try await resultSet in EngineRegistry().results(for: request, in: store.database) { library = resultSet }
        let libraryIDs = try #require(library).hits.map(\.id)
        // The one-shot searches an app calls: the store's and the provider's.
        let oneShot = try await store.search(request)
        #expect(oneShot.hits.map(\.id) == libraryIDs, "store.search vs the stream for \(text.debugDescription)")

        let provider = try SearchProvider(database: store.database)
        var settled: ResultSet?
        for try await resultSet in provider.results(for: request) where !resultSet.isProvisional {
            settled = resultSet
            break
        }
        let providerIDs = try #require(settled).hits.map(\.id)
        let providerOneShot = try await provider.search(request)
        #expect(providerOneShot.hits.map(\.id) == providerIDs, "provider.search vs its stream for \(text.debugDescription)")

        let search = InteractiveSearch.function(provider: provider, limit: 50)
        var first: ResultPage?
        var page: ResultPage?
        for try await next in search(.init(text: text, includeCompleted: true)) {
            if first == nil { first = next }
            if !next.isProvisional {
                page = next
                break
            }
        }
        let interactiveIDs = try #require(page).rows.map(\.id)
        // NB: a provisional first answer (a sample of the newest matches, or the exact matches
        // while typo matches are looked for) holds only hits of the final one; a settled one is it.
        let firstIDs = try #require(first).rows.map(\.id)
        if first?.isProvisional == true {
            #expect(Set(firstIDs).isSubset(of: libraryIDs), "the first answer for \(text.debugDescription)")
        } else {
            #expect(firstIDs == libraryIDs, "the first answer for \(text.debugDescription)")
        }

        #expect(cliIDs == libraryIDs, "trove search vs the library for \(text.debugDescription)")
        #expect(cliHits.map { $0["typo"] as? Bool } == library?.hits.map(\.isTypo), "the typo marks too")
        #expect(providerIDs == libraryIDs, "SearchProvider vs the library for \(text.debugDescription)")
        #expect(interactiveIDs == libraryIDs, "the interactive search vs the library for \(text.debugDescription)")
    }

    @Test(arguments: zip(expected.map(\.text), expected.map(\.title)))
    func theIssuesExamplesFindTheirReminder(_ text: String, _ title: String) async throws {
        let (path, _) = try await Self.fixture.value
        let cli = try TroveProcess.run(["--db", path, "search", "--format", "jsonl", "--limit", "50", "--", text])
        #expect(cli.status == 0, "\(cli.stderr)")
        #expect(cli.stdout.contains("\"title\":\"\(title)\""), "\(text) finds \(title)")
    }

    // The issue: did-you-mean blamed the wrong word (`passprot milk` offered mia/mira/min).
    // No reminder holds passport and milk together, so the corrected words come ORed rather
    // than as a query that finds nothing (issue 19, item 4).
    @Test func passprotMilkNamesTheMisspeltWord() async throws {
        let (path, _) = try await Self.fixture.value
        let result = try TroveProcess.run(["--db", path, "search", "passprot", "milk"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("No reminder contains passprot."), "\(result.stderr)")
        #expect(result.stderr.contains("Did you mean: passport OR milk?"), "\(result.stderr)")
    }

    // The issue's own example: `trove search dent` found nothing while typing dent found it.
    @Test func dentFindsTheDentistFromTheCommandLineAndExactDoesNot() async throws {
        let (path, _) = try await Self.fixture.value
        let prefix = try TroveProcess.run(["--db", path, "search", "dent"])
        #expect(prefix.status == 0)
        #expect(prefix.stdout.contains("Dentist appointment"))
        let exact = try TroveProcess.run(["--db", path, "search", "--exact", "dent"])
        #expect(exact.status == 1)
        #expect(exact.stdout.isEmpty)
        let starred = try TroveProcess.run(["--db", path, "search", "--exact", "dent*"])
        #expect(starred.stdout.contains("Dentist appointment"))
        let legacy = try TroveProcess.run(["--db", path, "search", "--prefix", "dent"])
        #expect(legacy.status == 0, "--prefix is still accepted: \(legacy.stderr)")
        #expect(legacy.stdout == prefix.stdout)
    }

    // A last filter still being typed is left out by the interactive header; `trove search`,
    // whose text is complete, refuses it.
    @Test func halfTypedFilterIsAProblemForTroveSearch() async throws {
        let (path, _) = try await Self.fixture.value
        let result = try TroveProcess.run(["--db", path, "search", "milk", "is:comp"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("is:comp — expected open, completed, flagged or unflagged"))
    }
}
