import TroveQuery
import TroveSQLite
import TroveStore

extension ReminderFacts {
    /// Whether facts read from a database of schema 14 or later tell every one of `clauses`:
    /// `is:` (open, completed, flagged, unflagged), `list:`, `tag:` and `p:`, negated or not.
    /// Due dates are not among the facts.
    static func couldTell(_ clauses: [FilterClause]) -> Bool {
        clauses.allSatisfy { clause in clause.key != .due }
    }

    /// Whether these facts tell every one of `clauses` (``couldTell(_:)``, and flags and
    /// priorities only when they hold them).
    func canTell(_ clauses: [FilterClause]) -> Bool {
        guard Self.couldTell(clauses) else { return false }
        guard flagged == nil else { return true }
        return clauses.allSatisfy { clause in
            clause.anyOf.allSatisfy {
                switch $0 {
                case .list, .tag, .status(.open), .status(.completed): true
                default: false
                }
            }
        }
    }

    /// The reminders `clauses` leave, with the completed ones among them, or nil when there
    /// are more than `limit`: what ``SearchExecutor/readFilteredIDs(on:facts:)`` reads with SQL,
    /// found in memory. Every clause must be one these facts tell (``canTell(_:)``).
    ///
    /// Names are looked up as the SQL filters look them up, ignoring ASCII case (`lists.name`
    /// and `tags.name` are `COLLATE NOCASE`); a name no list or tag has matches nothing:
    ///
    /// ```swift
    /// try facts.filteredIDs(SearchQuery.parse("is:open list:Home tag:call").filters, limit: 131_072, on: db)
    /// // SELECT "id" FROM "lists" WHERE "name" = ?   -- binds 'Home'
    /// // SELECT "id" FROM "tags" WHERE "name" = ?    -- binds 'call'
    /// // then every reminder's list, completion and tags are tested in memory
    /// ```
    ///
    /// NB: why. `is:open list:Home tag:call call` at 1,000,000 reminders read the tag's
    /// 118,690 reminders (5 ms) and then walked the list's 241,116 entries in
    /// `reminders_by_list`, testing each against them (16 ms), before its text was matched.
    /// Here the list's slot is compared in one pass over an array, and only the reminders it
    /// keeps are tested further.
    func filteredIDs(_ clauses: [FilterClause], limit: Int, on db: SQLConnection) throws -> IDSet? {
        precondition(canTell(clauses), "the facts cannot tell \(clauses)")
        var tests = try clauses.map { try FactTest($0, in: self, on: db) }
        // NB: the likely smallest first, so that the others test fewer reminders.
        tests.sort { $0.selectivity < $1.selectivity }
        var kept: [Int32] = []
        let flags = flagged ?? [], priorities = priority ?? []
        listSlots.withUnsafeBufferPointer { lists in
            completed.withUnsafeBufferPointer { completed in
                flags.withUnsafeBufferPointer { flags in
                    priorities.withUnsafeBufferPointer { priorities in
                        tagStarts.withUnsafeBufferPointer { starts in
                            tagSlots.withUnsafeBufferPointer { tags in
                                let columns = FactColumns(
                                    lists: lists, completed: completed, flagged: flags, priority: priorities,
                                    tagStarts: starts, tagSlots: tags)
                                kept = Self.positions(passing: tests, of: ids.count, in: columns, limit: limit)
                            }
                        }
                    }
                }
            }
        }
        guard kept.count <= limit else { return nil }
        var bytes: [UInt8] = []
        var completedBytes: [UInt8] = []
        bytes.reserveCapacity(kept.count * MemoryLayout<Int64>.size)
        for position in kept {
            let id = ids[Int(position)]
            withUnsafeBytes(of: id) { bytes.append(contentsOf: $0) }
            if completed[Int(position)] == 1 { withUnsafeBytes(of: id) { completedBytes.append(contentsOf: $0) } }
        }
        return IDSet(bytes: bytes, count: kept.count, completed: completedBytes)
    }

    /// The positions of the reminders that pass every test, the first test over all `count`
    /// of them and each other over those kept so far; a lone test stops past `limit` (its
    /// answer, nil, is known then).
    private static func positions(passing tests: [FactTest], of count: Int, in columns: FactColumns, limit: Int) -> [Int32] {
        guard let first = tests.first else { return (0..<Int32(count)).map { $0 } }
        var kept: [Int32] = []
        let alone = tests.count == 1
        for position in 0..<count where first.holds(at: position, in: columns) {
            kept.append(Int32(position))
            if alone && kept.count > limit { return kept }
        }
        for test in tests.dropFirst() {
            kept.removeAll { !test.holds(at: Int($0), in: columns) }
        }
        return kept
    }
}

/// The facts' arrays as buffers, for the tests of one filter pass.
private struct FactColumns {
    let lists: UnsafeBufferPointer<Int32>
    let completed: UnsafeBufferPointer<UInt8>
    let flagged: UnsafeBufferPointer<UInt8>
    let priority: UnsafeBufferPointer<UInt8>
    let tagStarts: UnsafeBufferPointer<Int32>
    let tagSlots: UnsafeBufferPointer<Int32>
}

/// One filter clause as a test of a reminder's facts: any of its values holds, or, negated, none.
private struct FactTest {
    enum Values {
        /// Completion values (0 open, 1 completed) and flag values (0 unflagged, 1 flagged) any
        /// of which holds: `is:open is:flagged` is one clause (open or flagged), as SQL reads it.
        case status(completion: [UInt8], flag: [UInt8])
        /// Priorities (0–3) any of which holds.
        case priority([UInt8])
        /// List slots (positions in ``ReminderFacts/listIDs``); empty when no list has the names.
        case lists([Int32])
        /// Tag slots (positions in ``ReminderFacts/tagIDs``); empty when no tag has the names.
        case tags([Int32])
    }

    let values: Values
    let isNegated: Bool

    init(_ clause: FilterClause, in facts: ReminderFacts, on db: SQLConnection) throws {
        isNegated = clause.isNegated
        let list = ListTable.columns, tag = TagTable.columns
        var completion: [UInt8] = [], flags: [UInt8] = [], priorities: [UInt8] = [], lists: [Int32] = [], tags: [Int32] = []
        for filter in clause.anyOf {
            switch filter {
            case .status(.open): completion.append(0)
            case .status(.completed): completion.append(1)
            case .status(.unflagged): flags.append(0)
            case .status(.flagged): flags.append(1)
            case .priority(let level): priorities.append(UInt8(level.rawValue))
            case .list(let name):
                let id = try db.fetchValue(
                    "SELECT \(list.id) FROM \(identifier: ListTable.tableName) WHERE \(list.name) = \(name)", as: Int64.self)
                if let id, let slot = facts.listIDs.firstIndex(of: id) { lists.append(Int32(slot)) }
            case .tag(let name):
                let id = try db.fetchValue(
                    "SELECT \(tag.id) FROM \(identifier: TagTable.tableName) WHERE \(tag.name) = \(name)", as: Int64.self)
                if let id, let slot = facts.tagIDs.firstIndex(of: id) { tags.append(Int32(slot)) }
            default: preconditionFailure("not a fact: \(filter)")
            }
        }
        switch clause.key {
        case .status: values = .status(completion: completion, flag: flags)
        case .priority: values = .priority(priorities)
        case .list: values = .lists(lists)
        default: values = .tags(tags)
        }
    }

    /// Lower for the tests likely to keep fewer reminders: a list or a tag, then completion,
    /// then any negated one.
    var selectivity: Int {
        switch (values, isNegated) {
        case (.lists, false): 0
        case (.tags, false): 1
        case (.status(_, let flag), false) where !flag.isEmpty: 2
        case (.priority, false): 2
        case (.status, false): 3
        default: 4
        }
    }

    @inline(__always)
    func holds(at position: Int, in columns: FactColumns) -> Bool {
        let any: Bool
        switch values {
        case .status(let completion, let flag):
            any = (!completion.isEmpty && completion.contains(columns.completed[position]))
                || (!flag.isEmpty && flag.contains(columns.flagged[position]))
        case .priority(let wanted): any = wanted.contains(columns.priority[position])
        case .lists(let wanted): any = wanted.contains(columns.lists[position])
        case .tags(let wanted):
            var found = false
            for index in Int(columns.tagStarts[position])..<Int(columns.tagStarts[position + 1])
            where wanted.contains(columns.tagSlots[index]) {
                found = true
                break
            }
            any = found
        }
        return any != isNegated
    }
}
