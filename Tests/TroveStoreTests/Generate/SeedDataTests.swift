import Foundation
import Testing
import TroveQuery
import TroveStore

/// The hand-written fixture keeps the shape every seeded test and the demo rely on.
@Suite struct SeedDataTests {
    static let fields = [
        "id", "uid", "title", "notes", "list", "tags", "priority", "flagged", "completed", "completedAt", "due", "repeat",
        "createdAt", "updatedAt", "completions", "icalendar",
    ]
    static let pinnedDay = CalendarDay(year: 2026, month: 3, day: 2)!
    /// The last millisecond of the pinned day: nothing in the file may be created or done later.
    static let endOfPinnedDay = pinnedDay.adding(days: 1).start(in: .gmt).addingTimeInterval(-0.001)

    let seed: SeedFile

    init() throws { seed = try SeedFile() }

    /// `2026-03-02T09:15:00.000Z` exactly, and a real date.
    static func moment(_ value: Any?) -> Date? {
        guard let text = value as? String, text.utf8.count == 24, text.hasSuffix("Z"),
            Array(text)[10] == "T"
        else { return nil }
        return SQLDateText.parse(text)
    }

    @Test func everyLineIsAJSONObjectWithTheCanonicalFieldsInOrder() {
        for line in seed.lines {
            #expect(line.keys == Self.fields, "line \(line.number)")
            #expect(line.object["title"] is String && line.object["notes"] is String && line.object["list"] is String,
                    "line \(line.number)")
            for flag in ["flagged", "completed"] {
                #expect(line.text.contains("\"\(flag)\":true") || line.text.contains("\"\(flag)\":false"),
                        "line \(line.number): \(flag) must be a JSON boolean")
            }
            #expect(!line.text.contains("\": ") && !line.text.contains("\", \""), "line \(line.number) has spaces")
        }
    }

    @Test func holdsAtLeast160RemindersAcrossAtLeastSevenLists() {
        let lists = Set(seed.lines.compactMap { $0.object["list"] as? String })
        #expect(seed.lines.count >= 160)
        #expect(lists.count >= 7)
        #expect(lists.isSuperset(of: ["Home", "Work", "Groceries", "Health", "Travel", "Reading", "Finance"]))
        #expect(lists.contains { $0.contains(" ") }, "one list name needs a space in it")
    }

    @Test func titlesAreNeverEmpty() {
        for line in seed.lines {
            let title = line.object["title"] as? String ?? ""
            #expect(!title.trimmingCharacters(in: .whitespaces).isEmpty, "line \(line.number)")
        }
    }

    @Test func completedIsTrueExactlyWhenCompletedAtIsSet() {
        for line in seed.lines {
            let completed = line.text.contains("\"completed\":true")
            #expect(completed == !(line.object["completedAt"] is NSNull), "line \(line.number)")
        }
    }

    @Test func datesAreValidUTCTextNoLaterThanThePinnedDay() throws {
        let earliest = try #require(SQLDateText.parse("2025-11-01"))
        for line in seed.lines {
            let created = try #require(Self.moment(line.object["createdAt"]), "line \(line.number) createdAt")
            #expect(created >= earliest && created <= Self.endOfPinnedDay, "line \(line.number)")
            if !(line.object["completedAt"] is NSNull) {
                let done = try #require(Self.moment(line.object["completedAt"]), "line \(line.number) completedAt")
                #expect(done >= created && done <= Self.endOfPinnedDay, "line \(line.number)")
            }
            if let due = line.object["due"] as? String {
                #expect(CalendarDay(due) != nil || Self.moment(due) != nil, "line \(line.number) due \(due)")
            } else {
                #expect(line.object["due"] is NSNull, "line \(line.number)")
            }
        }
    }

    @Test func tagsAreLowerCaseUniqueAndAtMostThree() {
        for line in seed.lines {
            let tags = line.object["tags"] as? [String] ?? ["missing"]
            #expect(tags.count <= 3 && Set(tags).count == tags.count, "line \(line.number)")
            #expect(tags.allSatisfy { !$0.isEmpty && $0 == $0.lowercased() }, "line \(line.number)")
        }
    }

    @Test func prioritiesAreNamedAndMostlyNone() {
        let priorities = seed.lines.map { $0.object["priority"] as? String ?? "" }
        #expect(priorities.allSatisfy { Priority(name: $0) != nil && $0 == $0.lowercased() })
        #expect(priorities.filter { $0 == "none" }.count * 2 > priorities.count)
        #expect(Set(priorities) == ["none", "low", "medium", "high"])
    }

    @Test func dueDatesSpreadAroundThePinnedDay() throws {
        let days = seed.lines.map { ($0.object["due"] as? String).flatMap(DueDate.init(storageText:))?.day(in: .gmt) }
        let offsets = days.compactMap { $0.map { Int($0.daysSince1970 - Self.pinnedDay.daysSince1970) } }
        let total = Double(seed.lines.count)
        let undated = Double(days.count - offsets.count) / total
        #expect((0.25...0.45).contains(undated), "about 35% have no due date, found \(undated)")
        #expect(offsets.contains { $0 < 0 }, "some overdue")
        #expect(offsets.contains(0), "some due today")
        #expect(offsets.contains(1), "some due tomorrow")
        #expect(offsets.contains { (2...6).contains($0) }, "some later this week")
        #expect(offsets.contains { $0 > 30 }, "some months out")
        let completed = Double(seed.lines.filter { $0.text.contains("\"completed\":true") }.count) / total
        #expect((0.15...0.35).contains(completed), "about 25% completed, found \(completed)")
    }

    @Test(arguments: [
        "Café", "Zürich", "São Paulo", "naïve", "crème brûlée", "Málaga", "Øresund", "Ångström", "résumé",
        "🎂", "✈️", "🛒", "💊", "牛乳を買う", "Позвонить маме",
        "walk", "walking", "walker", "payment", "PayPal", "booking", "bookshelf", "callback",
        "dentist appointment", "pick up", "birthday party",
        "50% off", "500", "a_c_report.pdf", "abc123",
        "e-mail", "re:Invent", "C++", "Q&A", " AND ", " OR ", " NEAR ", "#LeoTurns8", "O'Brien",
        "air quotes", "ref:ABC-123",
    ])
    func containsTextTheSearchTestsRelyOn(text: String) {
        #expect(seed.lines.contains { line in
            ["title", "notes"].contains { (line.object[$0] as? String ?? "").contains(text) }
        })
    }

    @Test func atLeastFiveTitlesAreInNonLatinScripts() {
        let nonLatin = seed.lines.filter { line in
            let letters = (line.object["title"] as? String ?? "").unicodeScalars.filter(\.properties.isAlphabetic)
            return !letters.isEmpty && letters.allSatisfy { $0.value > 0x24F }
        }
        #expect(nonLatin.count >= 5)
    }

    /// "milk" and "passport" sit in exactly one title, in other reminders' notes, and as a tag,
    /// so ranking title hits above notes hits has something to order.
    @Test(arguments: ["milk", "passport"])
    func recurringWordIsInOneTitleSeveralNotesAndATag(word: String) {
        func words(_ key: String, _ line: SeedFile.Line) -> [String] {
            (line.object[key] as? String ?? "").lowercased()
                .split { !$0.isLetter }.map(String.init)
        }
        #expect(seed.lines.filter { words("title", $0).contains(word) }.count == 1)
        #expect(seed.lines.filter { words("notes", $0).contains(word) }.count >= 2)
        #expect(seed.lines.contains { ($0.object["tags"] as? [String] ?? []).contains(word) })
    }
}
