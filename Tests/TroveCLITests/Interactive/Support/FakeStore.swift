import Foundation
import Synchronization
@testable import TroveCLI

/// A store for session tests: records every write and answers as the real one words it, with
/// journal entries numbered from 1.
final class FakeStore: InteractiveStore {
    private let state = Mutex<(writes: [WriteRequest], saved: [String], entry: Int64)>(([], [], 0))
    /// What `save(form:…)` answers for a form; `.done` with a recorded entry unless given.
    private let saving: @Sendable (String) -> FormSave?

    init(saving: @escaping @Sendable (String) -> FormSave? = { _ in nil }) {
        self.saving = saving
    }

    var writes: [WriteRequest] { state.withLock { $0.writes } }
    var savedForms: [String] { state.withLock { $0.saved } }

    func preview(id: Int64) async -> ReminderPreview {
        ReminderPreview(id: id, lines: ["id     \(id)", "title  reminder \(id)", "", "notes:", "  the notes of \(id)"])
    }

    func write(_ request: WriteRequest) async -> WriteResult {
        let entry = state.withLock { state in
            state.writes.append(request)
            state.entry += 1
            return state.entry
        }
        switch request {
        case .setCompleted(let ids, let completed):
            return WriteResult(message: "\(completed ? "Completed" : "Reopened") \(ids.map(String.init).joined(separator: ","))", recorded: entry, changed: true)
        case .undo(let undone):
            return WriteResult(message: "Undid \(undone)", forgotten: undone, changed: true)
        }
    }

    func form(id: Int64) async throws -> String {
        "title: reminder \(id)\ndue:\n"
    }

    func save(form edited: String, original: String, id: Int64) async -> FormSave {
        state.withLock { $0.saved.append(edited) }
        if let answer = saving(edited) { return answer }
        let entry = state.withLock { state in
            state.entry += 1
            return state.entry
        }
        return .done(WriteResult(message: "Saved \(id)", recorded: entry, changed: true))
    }
}

/// An editor that rewrites the file with a function of its text, and records what it was shown.
final class FakeEditor: TextEditor {
    private let shown = Mutex<[String]>([])
    private let change: @Sendable (String) -> String

    init(change: @escaping @Sendable (String) -> String) {
        self.change = change
    }

    var opened: [String] { shown.withLock { $0 } }

    func edit(file path: String) async throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        shown.withLock { $0.append(text) }
        try change(text).write(toFile: path, atomically: true, encoding: .utf8)
    }
}
