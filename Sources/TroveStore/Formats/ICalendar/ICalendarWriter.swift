public import Foundation

/// Writes a VCALENDAR with one VTODO per reminder: CRLF line endings, lines folded at 75 octets.
///
/// ```swift
/// // BEGIN:VCALENDAR / VERSION:2.0 / PRODID:-//Trove//Trove//EN
/// // BEGIN:VTODO / UID:5f0c…-1@trove / DTSTAMP:… / SUMMARY:Buy milk / PRIORITY:9
/// // STATUS:NEEDS-ACTION / DUE;VALUE=DATE:20260302 / X-TROVE-LIST:Groceries / END:VTODO
/// // END:VCALENDAR
/// ```
///
/// Priority high → 1, medium → 5, low → 9. Each reminder's list goes in `X-TROVE-LIST`, so one
/// file holds many lists; `calendarName`, when given, becomes `X-WR-CALNAME`. The UID is the
/// reminder's uid; DTSTAMP and LAST-MODIFIED are its `updatedAt` (RFC 5545 §3.8.7.2: without a
/// METHOD, DTSTAMP is when the information last changed), so exporting twice gives the same
/// bytes. The repeat is an RRULE; each completed occurrence is a VTODO of its own with the same
/// UID, a RECURRENCE-ID and STATUS:COMPLETED (§3.8.4.4); kept properties and components (VALARM,
/// RELATED-TO, X-…) are written back as they were read. Times are UTC to the second:
/// iCalendar has no milliseconds. Text cannot hold a carriage return or other control
/// characters: CRLF in notes becomes a line break (`\n`), and the rest are dropped (counted).
public struct ICalendarWriter: ReminderWriter {
    private let sink: ByteSink
    private let calendarName: String?
    private let stamp: String
    private var started = false
    private var uidCounts: [UInt64: Int] = [:]
    private var droppedControls = 0
    private var roundedTimes = 0
    private var undatedCompletions = 0

    /// - Parameters:
    ///   - sink: Where the calendar is written.
    ///   - calendarName: The calendar's display name (`X-WR-CALNAME`), if any.
    ///   - now: The export time written as each VTODO's required DTSTAMP.
    public init(_ sink: ByteSink, calendarName: String? = nil, now: Date = Date()) {
        self.sink = sink
        self.calendarName = calendarName
        self.stamp = ICalendarText.formatUTC(now)
    }

    /// What the calendar cannot hold exactly, said once each.
    public var warnings: [String] {
        var warnings: [String] = []
        if droppedControls > 0 {
            warnings.append("dropped \(droppedControls) control character(s) that iCalendar text cannot hold")
        }
        if roundedTimes > 0 {
            warnings.append("\(roundedTimes) time(s) lost their milliseconds; iCalendar stores whole seconds")
        }
        if undatedCompletions > 0 {
            warnings.append("\(undatedCompletions) completed occurrence(s) without a due date were left out; iCalendar names an occurrence by its date (RECURRENCE-ID)")
        }
        return warnings
    }

    /// Writes one reminder as a VTODO (after `BEGIN:VCALENDAR` on the first call).
    /// - Throws: `FormatError` when the sink cannot be written.
    public mutating func write(_ record: ReminderRecord) throws {
        startIfNeeded()
        let uid = record.uid ?? uid(for: record)
        let modified = (record.updatedAt ?? record.createdAt).map { moment($0, counted: false) }
        property("BEGIN", "VTODO")
        property("UID", uid)
        property("DTSTAMP", modified ?? stamp)
        if let modified { property("LAST-MODIFIED", modified) }
        property("SUMMARY", text(record.title))
        if !record.notes.isEmpty { property("DESCRIPTION", text(record.notes)) }
        if !record.tags.isEmpty { property("CATEGORIES", record.tags.map { text($0) }.joined(separator: ",")) }
        switch record.priority {
        case .none: break
        case .high: property("PRIORITY", "1")
        case .medium: property("PRIORITY", "5")
        case .low: property("PRIORITY", "9")
        }
        // NB: a kept STATUS (IN-PROCESS, CANCELLED) stands while the reminder is open.
        let keptStatus = record.icalendar.contains { Self.name(of: $0) == "STATUS" }
        if record.isCompleted || !keptStatus { property("STATUS", record.isCompleted ? "COMPLETED" : "NEEDS-ACTION") }
        if record.isCompleted, let completedAt = record.completedAt { property("COMPLETED", moment(completedAt)) }
        switch record.due {
        case nil: break
        case .day(let day): property("DUE;VALUE=DATE", ICalendarText.format(day))
        case .time(let date): property("DUE", moment(date))
        }
        if let createdAt = record.createdAt { property("CREATED", moment(createdAt)) }
        if let list = record.list { property("X-TROVE-LIST", text(list)) }
        if record.isFlagged { property("X-TROVE-FLAGGED", "TRUE") }
        if let rule = record.repeat { property("RRULE", rule.rrule) }
        for kept in record.icalendar where !(record.isCompleted && Self.name(of: kept) == "STATUS") { line(kept) }
        property("END", "VTODO")
        for completion in record.completions {
            guard let due = completion.due else {
                undatedCompletions += 1
                continue
            }
            property("BEGIN", "VTODO")
            property("UID", uid)
            property("DTSTAMP", modified ?? stamp)
            switch due {
            case .day(let day): property("RECURRENCE-ID;VALUE=DATE", ICalendarText.format(day))
            case .time(let date): property("RECURRENCE-ID", moment(date))
            }
            property("SUMMARY", text(record.title))
            property("STATUS", "COMPLETED")
            if let completedAt = completion.completedAt { property("COMPLETED", moment(completedAt)) }
            property("END", "VTODO")
        }
        try sink.flushIfFull()
    }

    /// The property name of a kept content line: up to the first `;` or `:`.
    static func name(of line: String) -> String {
        String(line.prefix { $0 != ";" && $0 != ":" }).uppercased()
    }

    /// Writes `END:VCALENDAR` (an empty calendar when nothing was written) and flushes the sink.
    /// - Throws: `FormatError` when the sink cannot be written.
    public mutating func finish() throws {
        startIfNeeded()
        property("END", "VCALENDAR")
        try sink.flush()
    }

    private mutating func startIfNeeded() {
        guard !started else { return }
        started = true
        property("BEGIN", "VCALENDAR")
        property("VERSION", "2.0")
        property("PRODID", "-//Trove//Trove//EN")
        if let calendarName { property("X-WR-CALNAME", text(calendarName)) }
    }

    private mutating func text(_ value: String) -> String {
        ICalendarText.escape(value, dropped: &droppedControls)
    }

    private mutating func moment(_ date: Date, counted: Bool = true) -> String {
        if counted, Timestamp.millis(date) % 1000 != 0 { roundedTimes += 1 }
        return ICalendarText.formatUTC(date)
    }

    /// FNV-1a of the title and creation time; `-2`, `-3`… for repeats within this export.
    private mutating func uid(for record: ReminderRecord) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let key = record.title + "\u{0}" + (record.createdAt.map(Timestamp.iso) ?? "")
        for byte in key.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let count = uidCounts[hash, default: 0] + 1
        uidCounts[hash] = count
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + "-\(count)@trove"
    }

    /// Writes `name:value` folded at 75 octets, never inside a UTF-8 sequence (RFC 5545 §3.1).
    private func property(_ name: String, _ value: String) {
        line(name + ":" + value)
    }

    /// Writes one content line folded at 75 octets, never inside a UTF-8 sequence.
    private func line(_ text: String) {
        let bytes = Array(text.utf8)
        var start = 0
        var limit = 75
        while bytes.count - start > limit {
            var cut = start + limit
            while bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
            sink.append(bytes[start..<cut])
            sink.append([0x0D, 0x0A, 0x20])
            start = cut
            limit = 74  // the leading space counts toward the 75
        }
        sink.append(bytes[start...])
        sink.append([0x0D, 0x0A])
    }
}
