import TroveQuery
import TroveSQLite

/// The copy of the facet and filter values (``IndexFacts``) kept in the database, so that a
/// search on a connection with no copy in memory (a one-shot `trove search`, an app's first
/// search) reads it in one row instead of looking up every match in the app's tables or reading
/// every row's values.
///
/// ```swift
/// try notes.storeFacts(db)
/// // (IndexFacts.read, as a cache reads it)
/// // INSERT INTO "trove_notes_facts"("id", "changes", "snapshot") VALUES (1, 0, x'54524f56…')
/// //   ON CONFLICT("id") DO UPDATE SET "changes" = "excluded"."changes", "snapshot" = "excluded"."snapshot"
/// let facts = try IndexFacts.stored(of: notes, on: db)
/// // SELECT "changes" FROM "trove_notes_changes" WHERE "id" = 1   (and PRAGMA schema_version)
/// // SELECT "changes" FROM "trove_notes_facts" WHERE "id" = 1
/// // SELECT "snapshot" FROM "trove_notes_facts" WHERE "id" = 1
/// ```
///
/// It holds only while the index's count of changes is the one it was stored at: any write that
/// could change a value bumps the count (the triggers of ``SearchIndex/factsNames``), and then
/// the stored copy is ignored until ``SearchIndex/storeFacts(_:)`` runs again (``SearchIndex/migrate(_:)``,
/// ``SearchIndex/rebuild(_:)`` and ``SearchIndex/bulkWrite(on:_:)`` run it). A search never
/// depends on it: without a current copy it counts with SQL, which gives the same answer.
///
/// NB: the arrays as they are in memory, so that reading is copying (~3 ms for the reminders'
/// 100,000 rows); a checksum and a check of every position against its array's bounds make a
/// damaged or foreign blob read as no copy, never as a crash.
extension IndexFacts {
    /// The layout's version; a blob of another is ignored.
    static let snapshotFormat: UInt32 = 1
    private static let snapshotMagic: [UInt8] = Array("TROVEFCT".utf8)

    /// The copy as one blob: what ``stored(of:on:)`` reads back.
    func snapshot() -> [UInt8] {
        var out = SnapshotWriter()
        out.bytes += IndexFacts.snapshotMagic
        out.append(IndexFacts.snapshotFormat)
        out.append(IndexFacts.snapshotDeclaration(sources: sources, numberColumns: numberColumns))
        out.append(keys)
        out.append(UInt32(values.count))
        for facet in values.keys.sorted() {
            let values = values[facet]!
            out.append(facet)
            out.append(values.spellings)
            out.append(values.groups)
            out.append(UInt32(values.groupCount))
            out.append(byteArrays: values.groupKeys)
            out.append(UInt32(values.allText ? 1 : 0))
            out.append(values.starts)
            out.append(values.slots)
            out.append(values.groupStarts)
            out.append(values.groupRows)
            out.append(values.groupsByKey)
        }
        out.append(UInt32(numbers.count))
        for column in numbers.keys.sorted() {
            let numbers = numbers[column]!
            out.append(column)
            out.append(UInt32(numbers.values.count))
            for (value, rows) in zip(numbers.values, numbers.rows) {
                out.append(UInt32(value == nil ? 0 : 1))
                out.append([value ?? 0])
                out.append(rows)
            }
        }
        out.append(IndexFacts.checksum(out.bytes[...]))
        return out.bytes
    }

    /// The facts `bytes` hold, labelled `version`, when they were stored by this layout for these
    /// sources and number columns and every position in them is in bounds; nil otherwise.
    static func fromSnapshot(_ bytes: [UInt8], version: Version, of index: SearchIndex) -> IndexFacts? {
        let sources = sources(of: index), numberColumns = numberColumns(of: index)
        var sum = SnapshotReader(bytes: bytes, at: bytes.count - 8)
        guard bytes.count >= snapshotMagic.count + 12, bytes.starts(with: snapshotMagic),
            checksum(bytes.dropLast(8)) == sum.uint64()
        else { return nil }
        var reader = SnapshotReader(bytes: bytes, at: snapshotMagic.count)
        guard reader.uint32() == snapshotFormat,
            reader.string() == snapshotDeclaration(sources: sources, numberColumns: numberColumns),
            let keys = reader.int64s(), zip(keys, keys.dropFirst()).allSatisfy({ $0 < $1 }),
            let facetCount = reader.count()
        else { return nil }
        let rowCount = keys.count
        var values: [String: Values] = [:]
        for _ in 0..<facetCount {
            guard let facet = reader.string(), let spellings = reader.strings(), let groups = reader.int32s(),
                let groupCount = reader.count(), let groupKeys = reader.byteArrays(), let allText = reader.uint32(),
                let starts = reader.int32s(), let slots = reader.int32s(), let groupStarts = reader.int32s(),
                let groupRows = reader.int32s(), let groupsByKey = reader.int32s(),
                groups.count == spellings.count, groups.allSatisfy({ 0 <= $0 && $0 < groupCount }),
                groupKeys.count == groupCount, groupsByKey.count == groupCount,
                groupsByKey.allSatisfy({ 0 <= $0 && $0 < groupCount }),
                offsets(starts, count: rowCount, end: slots.count), slots.allSatisfy({ 0 <= $0 && $0 < spellings.count }),
                offsets(groupStarts, count: groupCount, end: groupRows.count),
                ascendingRuns(groupRows, starts: groupStarts, below: rowCount)
            else { return nil }
            values[facet] = Values(
                spellings: spellings, groups: groups, groupCount: groupCount, groupKeys: groupKeys,
                allText: allText == 1, starts: starts, slots: slots, groupStarts: groupStarts, groupRows: groupRows,
                groupsByKey: groupsByKey)
        }
        guard values.keys.sorted() == sources.keys.sorted(), let numberCount = reader.count() else { return nil }
        var numbers: [String: Numbers] = [:]
        for _ in 0..<numberCount {
            guard let column = reader.string(), numberColumns.contains(column), let valueCount = reader.count() else { return nil }
            var columnValues: [Int64?] = []
            var columnRows: [[Int32]] = []
            for _ in 0..<valueCount {
                guard let isValue = reader.uint32(), let value = reader.int64s(), value.count == 1, let rows = reader.int32s(),
                    ascendingRuns(rows, starts: [0, Int32(rows.count)], below: rowCount)
                else { return nil }
                columnValues.append(isValue == 1 ? value[0] : nil)
                columnRows.append(rows)
            }
            numbers[column] = Numbers(values: columnValues, rows: columnRows)
        }
        guard reader.at == bytes.count - 8 else { return nil }
        var facts = IndexFacts(version: version, sources: sources, keys: keys, values: values)
        facts.numberColumns = numberColumns
        facts.numbers = numbers
        facts.demotedKeys = demotedKeys(of: index.demoted.flatMap { numbers[$0.lowercased()] }, keys: keys)
        return facts
    }

    /// The rows ``demotedKeys`` holds (`ifnull(column, 0) <> 0`), from the demoted column's
    /// numbers; nil without them.
    static func demotedKeys(of numbers: Numbers?, keys: [Int64]) -> IDSet? {
        guard let numbers else { return nil }
        let rows = numbers.rows(where: { ($0 ?? 0) != 0 }, rowCount: keys.count)
        return IDSet(sortedKeys: rows.map { keys[Int($0)] })
    }

    /// The facts stored in `db` for `index` when they hold at the version its transaction reads;
    /// nil when there are none, they are out of date or unreadable. Call it inside a transaction.
    static func stored(of index: SearchIndex, on db: SQLConnection) throws -> IndexFacts? {
        guard let version = try version(of: index, on: db) else { return nil }
        // NB: a table dropped by hand is `check`'s to report; the search counts with SQL meanwhile.
        // NB: the count first: an out-of-date blob is not read at all.
        let table = SQLFragment(identifier: index.factsNames.snapshot)
        guard let changes = try? db.fetchValue("SELECT \"changes\" FROM \(table) WHERE \"id\" = 1", as: Int64.self),
            changes == version.changes,
            let row = try? db.fetchOne("SELECT \"snapshot\" FROM \(table) WHERE \"id\" = 1"), let bytes: [UInt8] = try? row[0]
        else { return nil }
        return fromSnapshot(bytes, version: version, of: index)
    }

    /// The sources and number columns, as the blob records them: a blob made for another
    /// declaration is never read as this one's.
    private static func snapshotDeclaration(sources: [String: Source], numberColumns: [String]) -> String {
        let facets = sources.keys.sorted().map { facet -> String in
            switch sources[facet]! {
            case .column(let column): return "\(facet)=column(\(column))"
            case .lookup(let own, let table, let key, let value): return "\(facet)=lookup(\(own),\(table),\(key),\(value))"
            }
        }
        return (facets + ["numbers(" + numberColumns.joined(separator: ",") + ")"]).joined(separator: ";")
    }

    /// Whether `starts` are `count + 1` offsets from 0 to `end`, never falling.
    private static func offsets(_ starts: [Int32], count: Int, end: Int) -> Bool {
        guard starts.count == count + 1, starts.first == 0, Int(starts[count]) == end else { return false }
        return zip(starts, starts.dropFirst()).allSatisfy { $0 <= $1 }
    }

    /// Whether each run `rows[starts[i]..<starts[i + 1]]` rises and stays below `limit`.
    private static func ascendingRuns(_ rows: [Int32], starts: [Int32], below limit: Int) -> Bool {
        for run in 0..<max(starts.count - 1, 0) {
            var last: Int32 = -1
            for at in Int(starts[run])..<Int(starts[run + 1]) {
                guard rows[at] > last, Int(rows[at]) < limit else { return false }
                last = rows[at]
            }
        }
        return true
    }

    /// A 64-bit FNV-1a-style hash of `bytes`, eight at a time.
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        bytes.withUnsafeBytes { raw in
            var at = 0
            while at + 8 <= raw.count {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)) &* 0x0000_0100_0000_01b3
                hash ^= hash >> 29
                at += 8
            }
            while at < raw.count {
                hash = (hash ^ UInt64(raw[at])) &* 0x0000_0100_0000_01b3
                at += 1
            }
        }
        return hash
    }
}

/// Appends numbers (little-endian), arrays (a count, then their elements) and texts (UTF-8,
/// after their length in bytes).
private struct SnapshotWriter {
    var bytes: [UInt8] = []

    mutating func append(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    mutating func append(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    mutating func append(_ values: [Int32]) {
        append(UInt32(values.count))
        values.withUnsafeBytes { bytes += $0 }
    }

    mutating func append(_ values: [Int64]) {
        append(UInt32(values.count))
        values.withUnsafeBytes { bytes += $0 }
    }

    mutating func append(_ text: String) {
        append(UInt32(text.utf8.count))
        bytes += text.utf8
    }

    mutating func append(_ texts: [String]) {
        append(UInt32(texts.count))
        for text in texts { append(text) }
    }

    mutating func append(byteArrays arrays: [[UInt8]]) {
        append(UInt32(arrays.count))
        for array in arrays {
            append(UInt32(array.count))
            bytes += array
        }
    }
}

/// Reads what ``SnapshotWriter`` appends; each read is nil past the end.
private struct SnapshotReader {
    let bytes: [UInt8]
    var at: Int

    mutating func uint32() -> UInt32? {
        guard at + 4 <= bytes.count else { return nil }
        defer { at += 4 }
        return bytes.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: UInt32.self)) }
    }

    mutating func uint64() -> UInt64? {
        guard at + 8 <= bytes.count else { return nil }
        defer { at += 8 }
        return bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
    }

    mutating func count() -> Int? {
        uint32().map { Int($0) }
    }

    mutating func int32s() -> [Int32]? {
        array(of: Int32.self)
    }

    mutating func int64s() -> [Int64]? {
        array(of: Int64.self)
    }

    /// NB: copied as they lie: the machines Trove runs on are little-endian, and a blob is read
    /// where it was written (a foreign one fails the checksum or the bounds first).
    private mutating func array<Element: FixedWidthInteger>(of type: Element.Type) -> [Element]? {
        guard let count = count() else { return nil }
        let size = count * MemoryLayout<Element>.size
        guard size <= bytes.count - at else { return nil }
        let start = at
        at += size
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            bytes.withUnsafeBytes { raw in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[start..<start + size]))
            }
            initialized = count
        }
    }

    mutating func string() -> String? {
        guard let length = count(), length <= bytes.count - at else { return nil }
        defer { at += length }
        return String(decoding: bytes[at..<at + length], as: UTF8.self)
    }

    mutating func byteArrays() -> [[UInt8]]? {
        guard let count = count(), count <= bytes.count - at else { return nil }
        var arrays: [[UInt8]] = []
        arrays.reserveCapacity(count)
        for _ in 0..<count {
            guard let length = self.count(), length <= bytes.count - at else { return nil }
            arrays.append(Array(bytes[at..<at + length]))
            at += length
        }
        return arrays
    }

    mutating func strings() -> [String]? {
        guard let count = count(), count <= bytes.count - at else { return nil }
        var texts: [String] = []
        texts.reserveCapacity(count)
        for _ in 0..<count {
            guard let text = string() else { return nil }
            texts.append(text)
        }
        return texts
    }
}
