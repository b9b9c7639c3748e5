import Foundation

/// Reads the VTODO components of an iCalendar file (RFC 5545); other components are skipped.
///
/// ```swift
/// var reader = ICalendarReader(LineReader(string: """
///     BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:Buy milk\r\nDUE;VALUE=DATE:20260302\r\nEND:VTODO\r\nEND:VCALENDAR\r\n
///     """))
/// try reader.next()?.due  // .day(2026-03-02)
/// ```
///
/// SUMMARY → title, DESCRIPTION → notes, CATEGORIES (may repeat) → tags, PRIORITY 1–4 → high,
/// 5 → medium, 6–9 → low, 0 → none; STATUS:COMPLETED or a COMPLETED time → completed; CREATED →
/// createdAt; DUE → a day (`VALUE=DATE`) or a moment. A time with `Z` is UTC; with `TZID` it is
/// converted by that zone's rules when the system knows the name (else read as UTC, with a
/// warning); a floating time (no zone) is read as UTC. The list is `X-TROVE-LIST`, else the
/// `list` argument, else the calendar's `X-WR-CALNAME`. `X-TROVE-FLAGGED:TRUE` → flagged.
public struct ICalendarReader: ReminderReader {
    private var lines: ContentLineUnfolder
    private let defaultList: String?
    private var calendarName: String?
    /// Open components, outermost first, with the line each began on.
    private var stack: [(name: String, line: Int)] = []
    private var todo: TodoBuilder?
    private var unknownZones: [String: Int] = [:]
    private var unknownZoneOrder: [String] = []
    private var endedEarly = false

    public init(_ lines: LineReader, list: String? = nil) {
        self.lines = ContentLineUnfolder(lines: lines)
        self.defaultList = RecordRules.listName(list)
    }

    public var warnings: [String] {
        var warnings = unknownZoneOrder.map { zone in
            "unknown time zone \(FormatError.quote(zone)) (first on line \(unknownZones[zone]!)); its times were read as UTC"
        }
        if endedEarly { warnings.append("the file ends before END:VCALENDAR; it may be cut short") }
        return warnings
    }

    public mutating func next() throws -> ReminderRecord? {
        while let (text, number) = try lines.next() {
            let line = try ContentLine(text, line: number)
            switch line.name {
            case "BEGIN":
                let component = line.value.uppercased()
                if component == "VTODO" {
                    if let todo {
                        throw FormatError(
                            line: number, problem: "BEGIN:VTODO inside the VTODO that begins on line \(todo.line)",
                            remedy: "Add the missing END:VTODO before this line.")
                    }
                    todo = TodoBuilder(line: number)
                }
                stack.append((component, number))
            case "END":
                let component = line.value.uppercased()
                guard let open = stack.last, open.name == component else {
                    let expected = stack.last.map { "END:\($0.name) for BEGIN:\($0.name) on line \($0.line)" }
                    throw FormatError(
                        line: number, problem: "END:\(component) does not close an open component",
                        remedy: expected.map { "Expected \($0); check the BEGIN/END pairs." } ?? "Remove it or add its BEGIN line.")
                }
                stack.removeLast()
                if component == "VTODO", let builder = todo {
                    todo = nil
                    return try builder.record(defaultList: defaultList ?? calendarName)
                }
            default:
                if stack.last?.name == "VTODO", todo != nil {
                    try apply(line)
                } else if stack.count == 1, stack[0].name == "VCALENDAR", line.name == "X-WR-CALNAME" {
                    calendarName = RecordRules.listName(ICalendarText.unescape(line.value))
                }
            }
        }
        if let todo {
            throw FormatError(
                line: todo.line, problem: "BEGIN:VTODO is never closed by END:VTODO",
                remedy: "The file may be cut short; add END:VTODO or export it again.")
        }
        endedEarly = !stack.isEmpty
        return nil
    }

    private mutating func apply(_ line: ContentLine) throws {
        switch line.name {
        case "SUMMARY": todo!.title = ICalendarText.unescape(line.value)
        case "DESCRIPTION": todo!.notes = ICalendarText.unescape(line.value)
        case "CATEGORIES": todo!.tags += ICalendarText.splitList(line.value)
        case "X-TROVE-LIST": todo!.list = RecordRules.listName(ICalendarText.unescape(line.value))
        case "X-TROVE-FLAGGED": todo!.isFlagged = line.value.uppercased() == "TRUE"
        case "STATUS": todo!.isCompleted = todo!.isCompleted || line.value.uppercased() == "COMPLETED"
        case "PRIORITY":
            guard let value = Int(line.value.trimmingCharacters(in: .whitespaces)), (0...9).contains(value) else {
                throw FormatError(
                    line: line.line, field: "PRIORITY", fieldKind: .property,
                    problem: "expected a number 0–9, got \(FormatError.quote(line.value))",
                    remedy: "Use 1–4 for high, 5 for medium, 6–9 for low, or 0 for none (RFC 5545).")
            }
            todo!.priority = switch value {
            case 1...4: .high
            case 5: .medium
            case 6...9: .low
            default: .none
            }
        case "COMPLETED":
            todo!.completedAt = try moment(line)
            todo!.isCompleted = true
        case "CREATED": todo!.createdAt = try moment(line)
        case "DUE":
            switch try dateValue(line) {
            case .day(let day): todo!.due = .day(day)
            case .dateTime(let wall, let isUTC): todo!.due = .time(Timestamp.date(millis: resolve(wall, isUTC, line)))
            }
        default: break
        }
    }

    private mutating func moment(_ line: ContentLine) throws -> Date {
        switch try dateValue(line) {
        case .day(let day): Timestamp.date(millis: day.daysSince1970 * 86_400_000)
        case .dateTime(let wall, let isUTC): Timestamp.date(millis: resolve(wall, isUTC, line))
        }
    }

    private func dateValue(_ line: ContentLine) throws -> ICalendarText.DateValue {
        let value = line.value.trimmingCharacters(in: .whitespaces)
        let wantsDay = line.parameters["VALUE"]?.uppercased() == "DATE"
        guard let parsed = ICalendarText.parseDate(value), !wantsDay || parsed.isDay else {
            throw FormatError(
                line: line.line, field: line.name, fieldKind: .property,
                problem: "expected \(wantsDay ? "a date YYYYMMDD" : "a date-time such as 20260302T170000Z"), got \(FormatError.quote(value))",
                remedy: "Write dates as 20260302 (with VALUE=DATE) or date-times as 20260302T170000Z.")
        }
        return parsed
    }

    /// Applies the time zone: `Z` is UTC, `TZID` a known zone, anything else UTC.
    private mutating func resolve(_ wall: Int64, _ isUTC: Bool, _ line: ContentLine) -> Int64 {
        guard !isUTC, var zoneID = line.parameters["TZID"] else { return wall }
        if zoneID.hasPrefix("/") { zoneID.removeFirst() }
        if let zone = TimeZone(identifier: zoneID) { return ICalendarText.utcMillis(wallMillis: wall, in: zone) }
        if unknownZones[zoneID] == nil {
            unknownZones[zoneID] = line.line
            unknownZoneOrder.append(zoneID)
        }
        return wall
    }
}

extension ICalendarText.DateValue {
    var isDay: Bool {
        if case .day = self { true } else { false }
    }
}

/// The properties of one VTODO as they are read.
private struct TodoBuilder {
    let line: Int
    var title: String?
    var notes = ""
    var list: String?
    var tags: [String] = []
    var priority = Priority.none
    var isFlagged = false
    var isCompleted = false
    var completedAt: Date?
    var due: DueDate?
    var createdAt: Date?

    init(line: Int) {
        self.line = line
    }

    func record(defaultList: String?) throws -> ReminderRecord {
        guard let title else {
            throw FormatError(
                line: line, field: "SUMMARY", fieldKind: .property, problem: "the VTODO starting here has no SUMMARY",
                remedy: "Add a SUMMARY line with the reminder's title.")
        }
        guard !RecordRules.isBlank(title) else {
            throw RecordRules.titleError(line: line, field: "SUMMARY", kind: .property, missing: false)
        }
        let cleanTags = tags.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return ReminderRecord(
            title: title, notes: notes, list: list ?? defaultList, tags: RecordRules.deduplicated(cleanTags),
            priority: priority, isFlagged: isFlagged, isCompleted: isCompleted, completedAt: completedAt,
            due: due, createdAt: createdAt)
    }
}
