import Foundation
import Testing
import TroveStore
@testable import TroveCLI

@Suite struct ReminderFormTests {
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    /// Tuesday 24 November 2026, 10:00 in Berlin.
    static let dates = NaturalDate(now: Date(timeIntervalSince1970: 1_795_510_800), timeZone: zone)

    /// Due Wednesday 25 November at 09:00:30 in Berlin: the form shows minutes only.
    static let reminder = Reminder(
        id: 12, uid: "u-12", list: "Home", title: "Call the plumber", notes: "Keeps dropping below 1 bar.\n\n# not a comment",
        priority: .high, isFlagged: true, due: .time(Date(timeIntervalSince1970: 1_795_593_630)),
        createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0), tags: ["call", "urgent"])

    static var form: String { ReminderForm.render(reminder, timeZone: zone) }

    @Test func theFormHoldsEveryFieldAndTheNotesLast() {
        let lines = Self.form.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("#") }
        #expect(Array(lines.prefix(9)) == [
            "title: Call the plumber", "list: Home", "tags: call urgent", "priority: high", "flagged: yes",
            "due: 2026-11-25 09:00", "repeat:", "notes:", "Keeps dropping below 1 bar.",
        ])
    }

    @Test func anUnchangedFormChangesNothing() throws {
        #expect(try ReminderForm.changes(original: Self.form, edited: Self.form, dates: Self.dates) == ReminderChanges())
    }

    @Test func theNotesComeBackExactlyWithTheirHashLines() throws {
        let fields = try #require(try ReminderForm.fields(Self.form))
        #expect(fields[.notes] == "Keeps dropping below 1 bar.\n\n# not a comment")
    }

    @Test(arguments: [
        ("title: Call the plumber", "title: Ring the plumber", ReminderChanges(title: "Ring the plumber")),
        ("list: Home", "list: House", ReminderChanges(list: "House")),
        ("priority: high", "priority: !", ReminderChanges(priority: .low)),
        ("priority: high", "priority:", ReminderChanges(priority: Priority.none)),
        ("flagged: yes", "flagged: no", ReminderChanges(isFlagged: false)),
        ("due: 2026-11-25 09:00", "due: fri", ReminderChanges(due: .some(.day(CalendarDay("2026-11-27")!)))),
        ("due: 2026-11-25 09:00", "due:", ReminderChanges(due: .some(nil))),
        ("repeat:", "repeat: every week on mon", ReminderChanges(repeat: .some(try! RepeatRule(phrase: "every week on mon")))),
        ("tags: call urgent", "tags: #call, errand", ReminderChanges(addTags: ["errand"], removeTags: ["urgent"])),
    ])
    func changesOnlyWhatWasEdited(before: String, after: String, expected: ReminderChanges) throws {
        let edited = Self.form.replacingOccurrences(of: before + "\n", with: after + "\n")
        #expect(try ReminderForm.changes(original: Self.form, edited: edited, dates: Self.dates) == expected)
    }

    @Test(arguments: [
        ("due: 2026-11-25 09:00", "due: someday", "due: \"someday\" is not a date Trove knows; try today"),
        ("title: Call the plumber", "title:", "title: the title cannot be empty"),
        ("priority: high", "priority: urgent", "priority: \"urgent\" is not a priority; use none, low, medium or high"),
        ("list: Home", "lst: Home", "line 7: \"lst\" is not a field; the fields are title, list, tags, priority, flagged, due, repeat, notes"),
        ("list: Home", "Home", "line 7: expected a field such as \"title: Buy milk\""),
        ("flagged: yes", "flagged: maybe", "flagged: \"maybe\" is not yes or no"),
        ("repeat:", "repeat: every blue moon", "repeat: "),
    ])
    func aValueThatDoesNotReadIsNamed(before: String, after: String, message: String) {
        let edited = Self.form.replacingOccurrences(of: before + "\n", with: after + "\n")
        #expect(throws: ReminderFormError.self) { try ReminderForm.changes(original: Self.form, edited: edited, dates: Self.dates) }
        do {
            _ = try ReminderForm.changes(original: Self.form, edited: edited, dates: Self.dates)
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }

    @Test func anEmptiedFormCancels() throws {
        #expect(try ReminderForm.changes(original: Self.form, edited: "# nothing\n\n", dates: Self.dates) == nil)
    }

    @Test func aDeletedFieldLineLeavesTheFieldAlone() throws {
        let edited = Self.form.replacingOccurrences(of: "list: Home\n", with: "")
        #expect(try ReminderForm.changes(original: Self.form, edited: edited, dates: Self.dates) == ReminderChanges())
    }

    @Test func anAnnotatedFormReplacesAnEarlierProblem() {
        let once = ReminderForm.annotated("title: x\n", problem: "first")
        let twice = ReminderForm.annotated(once, problem: "second")
        #expect(twice == "# Problem: second. Fix it and save, or save it unchanged to keep this file and give up.\ntitle: x\n")
    }
}
