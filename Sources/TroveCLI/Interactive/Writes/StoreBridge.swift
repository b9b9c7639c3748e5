import Foundation
import TroveSQLite
import TroveStore

/// The interactive search's reads and writes on a real ``ReminderStore``. Every write goes
/// through the store's journal, and the undo key reverts exactly the entry its own write
/// recorded, or says why it will not.
///
/// ```swift
/// let bridge = StoreBridge(store: store)
/// await bridge.write(.setCompleted(ids: [12], completed: true))
/// // WriteResult(message: "Completed ‘Call the plumber’", recorded: 41, changed: true)
/// await bridge.write(.undo(entry: 41))
/// // WriteResult(message: "Undid done: completed 12 \"Call the plumber\"", forgotten: 41, changed: true)
/// ```
struct StoreBridge: InteractiveStore {
    let store: ReminderStore
    var timeZone: TimeZone = .current
    /// The clock for "today" in confirmations and for dates typed into the form.
    var now: @Sendable () -> Date = { Date() }

    func preview(id: Int64) async -> ReminderPreview {
        do {
            let reminder = try await store.reminder(id: id)
            let text = ReminderDetail.render(reminder, timeZone: timeZone)
            return ReminderPreview(id: id, lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        } catch {
            return ReminderPreview(id: id, lines: [Self.sentence(error)], isError: true)
        }
    }

    func write(_ request: WriteRequest) async -> WriteResult {
        switch request {
        case .setCompleted(let ids, let completed): return await setCompleted(ids, completed)
        case .undo(let entry): return await undo(entry)
        }
    }

    func form(id: Int64) async throws -> String {
        ReminderForm.render(try await store.reminder(id: id), timeZone: timeZone)
    }

    func save(form edited: String, original: String, id: Int64) async -> FormSave {
        do {
            let dates = NaturalDate(now: now(), timeZone: timeZone)
            guard let changes = try ReminderForm.changes(original: original, edited: edited, dates: dates) else {
                return .done(WriteResult(message: "Edit cancelled: the form was emptied"))
            }
            guard changes != ReminderChanges() else {
                return .done(WriteResult(message: "No changes to \(id)"))
            }
            try requireOwnFiles()
            let (reminder, entry) = try await store.updateRecordingEntry(id: id, changes)
            let changed = ReminderForm.Field.allCases.filter { Self.sets(changes, $0) }.map(\.rawValue)
            return .done(WriteResult(
                message: "Saved ‘\(Self.short(reminder.title))’: \(changed.joined(separator: ", "))", recorded: entry, changed: true))
        } catch let error as ReminderFormError {
            return .invalid(error.description)
        } catch {
            // NB: a store refusal (a repeat without a due date, a busy database) reopens the form
            // too, so the edit is not lost and saving again retries.
            return .invalid(Self.sentence(error))
        }
    }

    // MARK: - Writes

    private func setCompleted(_ ids: [Int64], _ completed: Bool) async -> WriteResult {
        do {
            try requireOwnFiles()
            let (changed, entry) = try await store.setCompletedRecordingEntry(ids, completed)
            guard let first = changed.first else {
                let state = completed ? "completed" : "open"
                return WriteResult(message: ids.count == 1 ? "Nothing changed: it is \(state) already" : "Nothing changed: they are \(state) already")
            }
            let reminder = try await store.reminder(id: first)
            let verb = completed ? "Completed" : "Reopened"
            var message = changed.count == 1 ? "\(verb) ‘\(Self.short(reminder.title))’" : "\(verb) \(changed.count) reminders"
            // NB: a repeating reminder stays open and moves on to its next occurrence.
            if completed, changed.count == 1, !reminder.isCompleted, reminder.repeat != nil, let due = reminder.due {
                message += "; next due \(due.spoken(today: CalendarDay(now(), in: timeZone), timeZone: timeZone))"
            }
            return WriteResult(message: message, recorded: entry, changed: true)
        } catch {
            return WriteResult(message: Self.sentence(error), isError: true, changed: true)
        }
    }

    private func undo(_ entry: Int64) async -> WriteResult {
        do {
            try requireOwnFiles()
            let undone = try await store.undo(entry: entry)
            return WriteResult(message: "Undid \(undone.command): \(undone.summary)", forgotten: entry, changed: true)
        } catch StoreError.journalEntryGone {
            return WriteResult(message: StoreError.journalEntryGone(entry: entry).cliDescription, isError: true, forgotten: entry)
        } catch {
            return WriteResult(message: Self.sentence(error), isError: true)
        }
    }

    /// Refuses a write while another program has deleted or replaced the database, its `-wal`
    /// or its `-shm`: writing then once lost a saved reminder. (``InteractiveLauncher`` also
    /// stops the session within a second of noticing.)
    /// - Throws: ``FilesReplacedError``.
    private func requireOwnFiles() throws {
        let replaced = store.database.replacedFiles()
        guard replaced.isEmpty else { throw FilesReplacedError(paths: replaced) }
    }

    // MARK: - Text

    static func sets(_ changes: ReminderChanges, _ field: ReminderForm.Field) -> Bool {
        switch field {
        case .title: changes.title != nil
        case .list: changes.list != nil
        case .tags: !changes.addTags.isEmpty || !changes.removeTags.isEmpty
        case .priority: changes.priority != nil
        case .flagged: changes.isFlagged != nil
        case .due: changes.due != nil
        case .repeat: changes.repeat != nil
        case .notes: changes.notes != nil
        }
    }

    /// A title short enough for the header.
    static func short(_ title: String) -> String {
        let line = title.split(whereSeparator: \.isNewline).first.map(String.init) ?? title
        return line.count > 30 ? String(line.prefix(29)) + "…" : line
    }

    /// An error as the one sentence a person reads, without the CLI's exit code.
    static func sentence(_ error: any Error) -> String {
        ErrorPresenter(verbose: false).present(error).message
    }
}
