import TroveQuery
import TroveSQLite

/// The stored copy brought up to date with the rows written since it was stored: the index's
/// triggers note each written row's key in `trove_<name>_factslog` (up to ``changedKeyLimit``),
/// and a search reads those rows' values again and puts them in the copy it read, instead of
/// leaving it unread until ``SearchIndex/storeFacts(_:)`` runs.
///
/// ```swift
/// // SELECT count(*) FROM "trove_notes_factslog"; SELECT "key" FROM "trove_notes_factslog"
/// // SELECT "notes"."id" FROM "notes" WHERE "notes"."id" IN (SELECT "value" FROM json_each(?))
/// // SELECT "notes"."id", CAST("notes"."folder" AS TEXT), … WHERE … AND "notes"."id" IN (SELECT "value" FROM json_each(?))
/// ```
///
/// NB: the copy so made holds the same values for every row as a copy read from the rows, but
/// not always in the same arrays: a spelling or number no row holds any more stays, and a new
/// spelling's group is numbered after the others. Nothing a search reads depends on either.
extension IndexFacts {
    /// The most keys the log holds; past it the stored copy is not read until stored again.
    static let changedKeyLimit = 4_096

    /// One written row's values now, as ``read(of:on:)`` reads them.
    struct Rewritten {
        /// The written keys still in the table, ascending.
        var keys: [Int64] = []
        /// Per facet: each such row's spellings, and whether every one is stored as text.
        var spellings: [String: [Int64: [String]]] = [:]
        var allText: [String: Bool] = [:]
        /// Per number column: each such row's value, or nil for the whole column when one of
        /// them is not an integer or NULL.
        var numbers: [String: [Int64: Int64?]?] = [:]
    }

    /// The values of the rows `changed` keys name (deleted ones are simply absent), read in the
    /// caller's transaction.
    static func rewritten(_ changed: [Int64], of index: SearchIndex, on db: SQLConnection) throws -> Rewritten {
        var out = Rewritten()
        let key = SQLColumn<Int64>(index.key, table: index.table)
        let json = IDList(changed).json
        let among: SQLFragment = "\(key) IN (SELECT \"value\" FROM json_each(\(json)))"
        out.keys = try db.fetchAll("SELECT \(key) FROM \(identifier: index.table) WHERE \(among) ORDER BY \(key)")
            .map { row -> Int64 in try row[0] }
        for (facet, source) in sources(of: index) {
            var rows: [Int64: [String]] = [:]
            var allText = true
            for row in try db.fetchAll(pairs(of: source, in: index, keys: json)) {
                let owner: Int64? = try row[0]
                guard let owner else { continue }
                rows[owner, default: []].append(try row[1])
                if !(try row[2] as Bool) { allText = false }
            }
            out.spellings[facet] = rows
            out.allText[facet] = allText
        }
        for column in numberColumns(of: index) {
            let value = SQLColumn<Int64>(column, table: index.table)
            var values: [Int64: Int64?]? = [:]
            for row in try db.fetchAll("SELECT \(key), \(value), typeof(\(value)) FROM \(identifier: index.table) WHERE \(among)") {
                let type: String = try row[2]
                switch type {
                case "null": values?[try row[0]] = .some(nil)
                case "integer": values?[try row[0]] = .some(try row[1] as Int64)
                default: values = nil
                }
                if values == nil { break }
            }
            out.numbers[column] = .some(values)
        }
        return out
    }

    /// The copy with the rows `changed` names taken out and `rewritten`'s put in. A number
    /// column that would hold another kind of value or more than ``numberValueLimit`` values
    /// is left out (its filters are then tested in SQL).
    func patched(_ changed: [Int64], with rewritten: Rewritten, version: Version, demoted: String?) -> IndexFacts {
        // NB: the new keys, and where each of them comes from: a row of this copy or a rewritten
        // one. `changed` is ascending, so the keys it takes out are found by walking it along.
        var newKeys: [Int64] = []
        var origin: [Int32] = []   // >= 0: a position in self; < 0: -1 - (index in rewritten.keys)
        newKeys.reserveCapacity(keys.count + rewritten.keys.count)
        origin.reserveCapacity(keys.count + rewritten.keys.count)
        var a = 0, b = 0, c = 0
        while a < keys.count || b < rewritten.keys.count {
            if a < keys.count {
                while c < changed.count, changed[c] < keys[a] { c += 1 }
                if c < changed.count, changed[c] == keys[a] {
                    a += 1
                    continue
                }
            }
            if b < rewritten.keys.count, a == keys.count || rewritten.keys[b] < keys[a] {
                newKeys.append(rewritten.keys[b])
                origin.append(-1 - Int32(b))
                b += 1
            } else {
                newKeys.append(keys[a])
                origin.append(Int32(a))
                a += 1
            }
        }
        var newValues: [String: Values] = [:]
        for (facet, values) in self.values {
            let fresh = rewritten.spellings[facet] ?? [:]
            newValues[facet] = values.patched(
                origin: origin, rewritten: rewritten.keys.map { fresh[$0] ?? [] }, allText: rewritten.allText[facet] ?? true)
        }
        var newNumbers: [String: Numbers] = [:]
        for (column, numbers) in self.numbers {
            // NB: a rewritten value the copy cannot compare, or one too many, leaves the column to SQL.
            guard let fresh = rewritten.numbers[column], let fresh,
                let patched = numbers.patched(origin: origin, rewritten: rewritten.keys.map { fresh[$0] ?? nil }, rowCount: keys.count)
            else { continue }
            newNumbers[column] = patched
        }
        var facts = IndexFacts(version: version, sources: sources, keys: newKeys, values: newValues)
        facts.numberColumns = numberColumns
        facts.numbers = newNumbers
        facts.demotedKeys = IndexFacts.demotedKeys(of: demoted.flatMap { newNumbers[$0.lowercased()] }, keys: newKeys)
        return facts
    }

    /// Whether everything this copy holds agrees with `rows` (a copy read from the rows): the
    /// same keys and, for every row, each facet's spellings and each number column's value this
    /// copy holds. What ``patched(_:with:version:demoted:)`` must give. It may hold less than
    /// `rows`, and say less: a number column it left to SQL, or a facet it no longer calls all
    /// text (a value once written as a number), only sends those filters to SQL.
    func agrees(with rows: IndexFacts) -> Bool {
        guard keys == rows.keys, values.keys.sorted() == rows.values.keys.sorted() else { return false }
        for (facet, mine) in values {
            guard let theirs = rows.values[facet], !mine.allText || theirs.allText else { return false }
            for row in 0..<keys.count where mine.spellings(ofRow: row).sorted() != theirs.spellings(ofRow: row).sorted() { return false }
        }
        for (column, mine) in numbers {
            guard let theirs = rows.numbers[column], mine.valueOfEveryRow(keys.count) == theirs.valueOfEveryRow(keys.count)
            else { return false }
        }
        return demotedKeys == nil || demotedKeys == rows.demotedKeys
    }
}

extension IndexFacts.Values {
    /// Row `row`'s spellings.
    func spellings(ofRow row: Int) -> [String] {
        (Int(starts[row])..<Int(starts[row + 1])).map { spellings[Int(slots[$0])] }
    }

    /// These values with each new row taken from `origin` (a position here, or `-1 - i` for
    /// `rewritten[i]`'s spellings); a new spelling goes in its place in binary order (the
    /// others renumbered), in a group of its ASCII-folded key (a new group numbered last).
    func patched(origin: [Int32], rewritten: [[String]], allText: Bool) -> Self {
        // NB: the spellings no row here holds, in binary order.
        var added = Set<[UInt8]>()
        for row in rewritten { for spelling in row where place(of: spelling) == nil { added.insert(Array(spelling.utf8)) } }
        let newBytes = added.sorted { $0.lexicographicallyPrecedes($1) }
        // NB: merge the two sorted lists; `renumbered[i]` is old spelling i's new number.
        var mergedSpellings: [String] = []
        var mergedGroups: [Int32] = []
        var renumbered = [Int32](repeating: 0, count: spellings.count)
        var groupKeys = self.groupKeys
        var newGroupOf: [[UInt8]: Int32] = [:]
        var i = 0, j = 0
        while i < spellings.count || j < newBytes.count {
            if j < newBytes.count, i == spellings.count || newBytes[j].lexicographicallyPrecedes(spellings[i].utf8) {
                let folded = IndexFacts.folded(newBytes[j])
                let group: Int32
                if let existing = groups(equalTo: folded).first {
                    group = existing
                } else if let made = newGroupOf[folded] {
                    group = made
                } else {
                    group = Int32(groupKeys.count)
                    groupKeys.append(folded)
                    newGroupOf[folded] = group
                }
                mergedSpellings.append(String(decoding: newBytes[j], as: UTF8.self))
                mergedGroups.append(group)
                j += 1
            } else {
                renumbered[i] = Int32(mergedSpellings.count)
                mergedSpellings.append(spellings[i])
                mergedGroups.append(groups[i])
                i += 1
            }
        }
        var starts: [Int32] = [0]
        var slots: [Int32] = []
        starts.reserveCapacity(origin.count + 1)
        slots.reserveCapacity(self.slots.count)
        // NB: through buffers: this runs once per row of the copy.
        let oldStarts = self.starts, oldSlots = self.slots
        for from in origin {
            if from >= 0 {
                oldStarts.withUnsafeBufferPointer { starts in
                    oldSlots.withUnsafeBufferPointer { old in
                        renumbered.withUnsafeBufferPointer { renumbered in
                            for entry in Int(starts[Int(from)])..<Int(starts[Int(from) + 1]) { slots.append(renumbered[Int(old[entry])]) }
                        }
                    }
                }
            } else {
                for spelling in rewritten[Int(-1 - from)] {
                    slots.append(Int32(Self.firstPlace(notBelow: spelling, in: mergedSpellings)))
                }
            }
            starts.append(Int32(slots.count))
        }
        // NB: the new groups sorted among the others, which keep their order.
        var groupsByKey = self.groupsByKey
        if groupKeys.count > self.groupKeys.count {
            let made = (self.groupKeys.count..<groupKeys.count).sorted { groupKeys[$0].lexicographicallyPrecedes(groupKeys[$1]) }
            var merged: [Int32] = []
            merged.reserveCapacity(groupKeys.count)
            var m = 0
            for group in self.groupsByKey {
                while m < made.count, groupKeys[made[m]].lexicographicallyPrecedes(groupKeys[Int(group)]) {
                    merged.append(Int32(made[m]))
                    m += 1
                }
                merged.append(group)
            }
            merged += made[m...].map { Int32($0) }
            groupsByKey = merged
        }
        return Self(
            spellings: mergedSpellings, groups: mergedGroups, groupCount: groupKeys.count, groupKeys: groupKeys,
            allText: self.allText && allText, starts: starts, slots: slots, groupsByKey: groupsByKey)
    }

    /// The number of the spelling whose bytes are `spelling`'s, if there is one.
    private func place(of spelling: String) -> Int? {
        let low = Self.firstPlace(notBelow: spelling, in: spellings)
        return low < spellings.count && spellings[low].utf8.elementsEqual(spelling.utf8) ? low : nil
    }

    /// The first place in `spellings` (in binary order) whose bytes are not below `spelling`'s.
    private static func firstPlace(notBelow spelling: String, in spellings: [String]) -> Int {
        var low = 0, high = spellings.count
        while low < high {
            let middle = low + (high - low) / 2
            if spellings[middle].utf8.lexicographicallyPrecedes(spelling.utf8) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension IndexFacts.Numbers {
    /// These values with each new row's taken from `origin` (a position here, or `-1 - i` for
    /// `rewritten[i]`); nil past ``IndexFacts/numberValueLimit`` values.
    func patched(origin: [Int32], rewritten: [Int64?], rowCount: Int) -> Self? {
        var values = self.values
        let place = places
        // NB: each new row's value's place.
        var newPlace = [UInt8](repeating: 0, count: origin.count)
        for (position, from) in origin.enumerated() {
            if from >= 0 {
                newPlace[position] = place[Int(from)]
            } else if let known = values.firstIndex(of: rewritten[Int(-1 - from)]) {
                newPlace[position] = UInt8(known)
            } else {
                guard values.count < IndexFacts.numberValueLimit else { return nil }
                values.append(rewritten[Int(-1 - from)])
                newPlace[position] = UInt8(values.count - 1)
            }
        }
        return Self(values: values, places: newPlace)
    }

    /// Each row's value (nil for NULL), by position.
    func valueOfEveryRow(_ rowCount: Int) -> [Int64?] {
        places.map { values[Int($0)] }
    }
}
