public import Foundation

/// Reads the VTODO components of an iCalendar file (RFC 5545); other components are skipped.
///
/// ```swift
/// var reader = ICalendarReader(LineReader(string: """
///     BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:Buy milk\r\nDUE;VALUE=DATE:20260302\r\nEND:VTODO\r\nEND:VCALENDAR\r\n
///     """))
/// try reader.next()?.due  // .day(2026-03-02)
/// ```
///
/// UID → uid; SUMMARY → title (optional: else the first line of DESCRIPTION, else
/// "(untitled)"); DESCRIPTION → notes; CATEGORIES (may repeat; `\,` is a comma inside a name,
/// which tag names cannot hold, so it becomes "，" U+FF0C) → tags; PRIORITY 1–4 → high, 5 →
/// medium, 6–9 → low, 0 → none; STATUS:COMPLETED or a COMPLETED time → completed (without
/// COMPLETED its time stays unknown); CREATED → createdAt; LAST-MODIFIED, else DTSTAMP →
/// updatedAt; DUE → a day (`VALUE=DATE`) or a moment; RRULE → repeat (Trove's subset; any other
/// rule is kept as written, with a warning); RECURRENCE-ID marks an occurrence of the repeating
/// to-do with the same UID. Every other property, and nested components such as VALARM, are
/// kept verbatim for export.
///
/// A property RFC 5545 §3.6.2 allows once in a VTODO (UID, SUMMARY, DESCRIPTION, DUE, …)
/// given twice is an error naming both lines, so the reader never keeps one silently. RRULE
/// "SHOULD NOT" repeat: the first repeats, a later one is kept as written, with a warning.
///
/// Times: `Z` is UTC; a TZID is converted by the file's own VTIMEZONE (its STANDARD and
/// DAYLIGHT rules) when it has one, else by the system's zone of that name (Olson, or a
/// Windows name such as "W. Europe Standard Time"), else read as UTC with a warning; a
/// floating time (no zone) is read as local time, with a warning that says so. The list is
/// `X-TROVE-LIST`, else the `list` argument, else the calendar's `X-WR-CALNAME`.
/// `X-TROVE-FLAGGED:TRUE` → flagged. Folded lines are joined before they are checked to be
/// UTF-8, so a fold inside a multi-byte character is restored.
public struct ICalendarReader: ReminderReader {
    private var lines: ContentLineUnfolder
    private let defaultList: String?
    private let localTimeZone: TimeZone
    private var calendarName: String?
    /// Open components, outermost first, with the line each began on.
    private var stack: [(name: String, line: Int)] = []
    private var todo: TodoBuilder?
    private var zones: [String: ICalendarTimeZone] = [:]
    private var zone: (id: String?, value: ICalendarTimeZone)?
    private var observance: ICalendarTimeZone.Observance?
    private var unknownZones: [String: Int] = [:]
    private var unknownZoneOrder: [String] = []
    private var floatingTimes = 0
    private var keptRules: [(line: Int, reason: String)] = []
    private var commaCategories = 0
    private var repeatedRules: [(line: Int, first: Int)] = []
    private var endedEarly = false
    /// VEVENT components skipped: Trove imports to-dos.
    public private(set) var skippedEvents = 0
    /// VJOURNAL components skipped.
    public private(set) var skippedJournals = 0
    /// The line the last record returned by `next()` started on (its `BEGIN:VTODO`).
    public private(set) var recordLine: Int?

    /// - Parameters:
    ///   - lines: The calendar's lines.
    ///   - list: The list for to-dos without an `X-TROVE-LIST`; nil falls back to the calendar's `X-WR-CALNAME`.
    ///   - localTimeZone: The zone floating times are read in; tests pin it.
    public init(_ lines: LineReader, list: String? = nil, localTimeZone: TimeZone = .current) {
        var lines = lines
        lines.validatesUTF8 = false
        self.lines = ContentLineUnfolder(lines: lines)
        self.defaultList = RecordRules.listName(list)
        self.localTimeZone = localTimeZone
    }

    /// iCalendar's: whole seconds, text without carriage returns or control characters.
    public var limits: FormatLimits { .iCalendar }

    /// What the reader skipped or could not map, said once each: unknown time zones, journals, kept properties.
    public var warnings: [String] {
        var warnings = unknownZoneOrder.map { zone in
            "unknown time zone \(FormatError.quote(zone)) (first on line \(unknownZones[zone]!)) with no VTIMEZONE in the file; its times were read as UTC"
        }
        if floatingTimes > 0 {
            warnings.append("\(floatingTimes) floating time\(floatingTimes == 1 ? "" : "s") (no time zone, RFC 5545 §3.3.5 form 1) \(floatingTimes == 1 ? "was" : "were") read as local time (\(localTimeZone.identifier))")
        }
        if let first = keptRules.first {
            warnings.append("\(keptRules.count) repeat rule(s) outside Trove's subset were kept as written for export but do not repeat in Trove (first on line \(first.line): \(first.reason))")
        }
        if let first = repeatedRules.first {
            let count = repeatedRules.count
            warnings.append("\(count) to-do\(count == 1 ? "" : "s") had more than one RRULE, which RFC 5545 advises against; Trove repeats by the first and keeps the others as written for export (line \(first.line), after the RRULE on line \(first.first))")
        }
        if commaCategories > 0 {
            warnings.append("\(commaCategories) categor\(commaCategories == 1 ? "y" : "ies") held an escaped comma, which tag names cannot; it became \"，\" (U+FF0C)")
        }
        if skippedEvents > 0 { warnings.append("skipped \(skippedEvents) event\(skippedEvents == 1 ? "" : "s") (VEVENT): Trove imports to-dos") }
        if skippedJournals > 0 { warnings.append("skipped \(skippedJournals) journal entr\(skippedJournals == 1 ? "y" : "ies") (VJOURNAL)") }
        if endedEarly { warnings.append("the file ends before END:VCALENDAR; it may be cut short") }
        return warnings
    }

    /// The next VTODO as a record, or nil at the end of the calendar.
    /// - Throws: `FormatError` naming the line of a malformed component or value.
    public mutating func next() throws -> ReminderRecord? {
        while let (text, number) = try lines.next() {
            let line = try ContentLine(text, line: number)
            switch line.name {
            case "BEGIN":
                let component = line.value.uppercased()
                if var builder = todo {
                    if component == "VTODO" {
                        throw FormatError(
                            line: number, problem: "BEGIN:VTODO inside the VTODO that begins on line \(builder.line)",
                            remedy: "Add the missing END:VTODO before this line (RFC 5545 §3.6.2: a VTODO holds no VTODO).")
                    }
                    builder.kept.append(text)
                    todo = builder
                } else if component == "VTODO" {
                    todo = TodoBuilder(line: number)
                } else if component == "VTIMEZONE" {
                    zone = (nil, ICalendarTimeZone())
                } else if component == "STANDARD" || component == "DAYLIGHT", zone != nil {
                    observance = ICalendarTimeZone.Observance()
                } else if component == "VEVENT", stack.count == 1 {
                    skippedEvents += 1
                } else if component == "VJOURNAL", stack.count == 1 {
                    skippedJournals += 1
                }
                stack.append((component, number))
            case "END":
                let component = line.value.uppercased()
                guard let open = stack.last, open.name == component else {
                    let expected = stack.last.map { "END:\($0.name) for BEGIN:\($0.name) on line \($0.line)" }
                    throw FormatError(
                        line: number, problem: "END:\(component) does not close an open component",
                        remedy: expected.map { "Expected \($0); every BEGIN needs its END (RFC 5545 §3.4, §3.6)." }
                            ?? "Remove it or add its BEGIN line (RFC 5545 §3.4, §3.6).")
                }
                stack.removeLast()
                if component == "VTODO", let builder = todo, !stack.contains(where: { $0.name == "VTODO" }) {
                    todo = nil
                    recordLine = builder.line
                    return builder.record(defaultList: defaultList ?? calendarName)
                } else if todo != nil {
                    todo!.kept.append(text)
                } else if component == "STANDARD" || component == "DAYLIGHT", let finished = observance {
                    zone?.value.observances.append(finished)
                    observance = nil
                } else if component == "VTIMEZONE", let finished = zone {
                    if let id = finished.id { zones[id] = finished.value }
                    zone = nil
                }
            default:
                if todo != nil {
                    if stack.last?.name == "VTODO" { try apply(line, text: text) } else { todo!.kept.append(text) }
                } else if observance != nil {
                    try applyObservance(line)
                } else if zone != nil, line.name == "TZID" {
                    zone!.id = line.value
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

    /// The properties a VTODO may hold once (RFC 5545 §3.6.2) that Trove reads, and its own `X-TROVE-…`.
    static let oncePerTodo: Set<String> = [
        "UID", "SUMMARY", "DESCRIPTION", "PRIORITY", "STATUS", "COMPLETED", "CREATED", "DTSTAMP", "LAST-MODIFIED",
        "DUE", "RECURRENCE-ID", "X-TROVE-LIST", "X-TROVE-FLAGGED",
    ]

    private mutating func apply(_ line: ContentLine, text: String) throws {
        if Self.oncePerTodo.contains(line.name) {
            if let first = todo!.propertyLines[line.name] {
                throw FormatError(
                    line: line.line, field: line.name, fieldKind: .property,
                    problem: "the VTODO that begins on line \(todo!.line) already has \(line.name) on line \(first); RFC 5545 §3.6.2 allows it once",
                    remedy: "Keep one of them: Trove will not guess which one you meant.")
            }
            todo!.propertyLines[line.name] = line.line
        }
        switch line.name {
        case "UID": todo!.uid = line.value
        case "SUMMARY": todo!.title = ICalendarText.unescape(line.value)
        case "DESCRIPTION": todo!.notes = ICalendarText.unescape(line.value)
        case "CATEGORIES":
            for name in ICalendarText.splitList(line.value) {
                if name.contains(",") { commaCategories += 1 }
                todo!.tags.append(name.replacingOccurrences(of: ",", with: "，"))
            }
        case "X-TROVE-LIST": todo!.list = RecordRules.listName(ICalendarText.unescape(line.value))
        case "X-TROVE-FLAGGED": todo!.isFlagged = line.value.uppercased() == "TRUE"
        case "STATUS":
            switch line.value.uppercased() {
            case "COMPLETED": todo!.isCompleted = true
            case "NEEDS-ACTION": break
            default: todo!.kept.append(text)
            }
        case "PRIORITY":
            guard let value = Int(line.value.trimmingCharacters(in: .whitespaces)), (0...9).contains(value) else {
                throw FormatError(
                    line: line.line, field: "PRIORITY", fieldKind: .property,
                    problem: "expected a number 0–9, got \(FormatError.quote(line.value))",
                    remedy: "Use 1–4 for high, 5 for medium, 6–9 for low, or 0 for none (RFC 5545 §3.8.1.9).")
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
        case "DTSTAMP": todo!.stamp = try moment(line)
        case "LAST-MODIFIED": todo!.lastModified = try moment(line)
        case "DUE": todo!.due = try due(line)
        case "RECURRENCE-ID": todo!.recurrenceID = try due(line)
        case "RRULE":
            if let first = todo!.propertyLines["RRULE"] {
                repeatedRules.append((line.line, first))
                todo!.kept.append(text)
                return
            }
            todo!.propertyLines["RRULE"] = line.line
            do {
                todo!.rule = try RepeatRule(rrule: line.value)
            } catch {
                keptRules.append((line.line, error.description))
                todo!.kept.append(text)
            }
        default: todo!.kept.append(text)
        }
    }

    private mutating func applyObservance(_ line: ContentLine) throws {
        switch line.name {
        case "DTSTART":
            if case .dateTime(let wall, _) = try dateValue(line) { observance!.start = wall }
        case "TZOFFSETFROM", "TZOFFSETTO":
            guard let seconds = ICalendarTimeZone.offset(line.value) else {
                throw FormatError(
                    line: line.line, field: line.name, fieldKind: .property,
                    problem: "expected a UTC offset such as +0100 or -0500, got \(FormatError.quote(line.value))",
                    remedy: "Write the offset as ±HHMM (RFC 5545 §3.3.14).")
            }
            if line.name == "TZOFFSETFROM" { observance!.offsetFrom = seconds } else { observance!.offsetTo = seconds }
        case "RRULE": ICalendarTimeZone.applyRule(line.value, to: &observance!)
        case "RDATE":
            for item in line.value.split(separator: ",") {
                if case .dateTime(let wall, _)? = ICalendarText.parseDate(String(item)) { observance!.dates.append(wall) }
            }
        default: break
        }
    }

    private mutating func due(_ line: ContentLine) throws -> DueDate {
        switch try dateValue(line) {
        case .day(let day): .day(day)
        case .dateTime(let wall, let isUTC): .time(Timestamp.date(millis: resolve(wall, isUTC, line)))
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
                remedy: "Write dates as 20260302 (with VALUE=DATE) or date-times as 20260302T170000Z (RFC 5545 §3.3.4, §3.3.5).")
        }
        return parsed
    }

    /// Applies the time zone: `Z` is UTC; a TZID the file defines, the system knows or Windows
    /// names; no zone at all is local time; an unknown TZID is UTC, with a warning.
    private mutating func resolve(_ wall: Int64, _ isUTC: Bool, _ line: ContentLine) -> Int64 {
        if isUTC { return wall }
        guard let zoneID = line.parameters["TZID"] else {
            floatingTimes += 1
            return ICalendarText.utcMillis(wallMillis: wall, in: localTimeZone)
        }
        if let defined = zones[zoneID] { return defined.utcMillis(wallMillis: wall) }
        if let system = Self.systemZone(zoneID) { return ICalendarText.utcMillis(wallMillis: wall, in: system) }
        if unknownZones[zoneID] == nil {
            unknownZones[zoneID] = line.line
            unknownZoneOrder.append(zoneID)
        }
        return wall
    }

    /// An Olson name (also with a leading `/` or a vendor prefix such as
    /// `/mozilla.org/20050126_1/Europe/Berlin`), or a Windows name.
    static func systemZone(_ id: String) -> TimeZone? {
        var name = id
        if name.hasPrefix("/") { name.removeFirst() }
        if let zone = TimeZone(identifier: name) { return zone }
        let parts = name.split(separator: "/")
        if parts.count > 2, let zone = TimeZone(identifier: parts.suffix(2).joined(separator: "/")) { return zone }
        if let iana = WindowsZones.iana(id), let zone = TimeZone(identifier: iana) { return zone }
        return nil
    }
}

extension ICalendarText.DateValue {
    var isDay: Bool {
        if case .day = self { true } else { false }
    }
}
