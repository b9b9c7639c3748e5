import Foundation

/// The editor key's round trip: the reminder's form in a file, `$EDITOR` on it, and the saved
/// form written back. A form that does not read is opened again with the problem at its top;
/// saved again unchanged, it is kept in its file and the header says where, so no edit is lost.
///
/// ```swift
/// let result = await FormEditing(store: bridge, editor: ExternalEditor()).edit(id: 12)
/// result.message   // "Saved ‘Call the plumber’: due Fri 27 Nov"
/// ```
struct FormEditing: Sendable {
    let store: any InteractiveStore
    let editor: any TextEditor
    /// Where the form's file goes.
    var folder = FileManager.default.temporaryDirectory

    func edit(id: Int64) async -> WriteResult {
        let original: String
        do {
            original = try await store.form(id: id)
        } catch {
            return WriteResult(message: "Cannot edit \(id): \(SessionLoop<ContinuousClock>.message(for: error))", isError: true)
        }
        let path = folder.appendingPathComponent("trove-\(id)-\(UUID().uuidString.prefix(8)).txt").path
        var opened = original
        do {
            while true {
                try opened.write(toFile: path, atomically: true, encoding: .utf8)
                try await editor.edit(file: path)
                let saved = try String(contentsOfFile: path, encoding: .utf8)
                switch await store.save(form: saved, original: original, id: id) {
                case .done(let result):
                    try? FileManager.default.removeItem(atPath: path)
                    return result
                case .invalid(let problem) where saved == opened && opened != original:
                    // NB: saved again as it was reopened: the person gave up on fixing it.
                    return WriteResult(message: "Not saved: \(problem); your edit is kept in \(path)", isError: true)
                case .invalid(let problem):
                    opened = ReminderForm.annotated(saved, problem: problem)
                }
            }
        } catch {
            let kept = FileManager.default.fileExists(atPath: path) ? "; the form is in \(path)" : ""
            return WriteResult(message: "Not saved: \(SessionLoop<ContinuousClock>.message(for: error))\(kept)", isError: true)
        }
    }
}
