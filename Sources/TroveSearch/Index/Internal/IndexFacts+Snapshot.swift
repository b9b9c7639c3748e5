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
/// It holds as it is while the index's count of changes is the one it was stored at. Any write
/// that could change a value bumps the count and notes the row in the log (the triggers of
/// ``SearchIndex/factsNames``): then those rows are read again and put in
/// (``patched(_:with:version:demoted:)``), and past ``changedKeyLimit`` rows the stored copy is
/// ignored until ``SearchIndex/storeFacts(_:)`` runs again (``SearchIndex/migrate(_:)``,
/// ``SearchIndex/rebuild(_:)`` and ``SearchIndex/bulkWrite(on:_:)`` run it). A search never
/// depends on it: without a copy it counts with SQL, which gives the same answer.
///
/// NB: a checksum and a check of every number against its array's bounds make a damaged or
/// foreign blob read as no copy, never as a crash.
extension IndexFacts {
    /// The layout's version; a blob of another is ignored.
    static let snapshotFormat: UInt32 = 2
    private static let snapshotMagic: [UInt8] = Array("TROVEFCT".utf8)
    /// The first 12 bytes of every blob this layout stores: the magic and the format.
    static var snapshotHeader: [UInt8] { snapshotMagic + withUnsafeBytes(of: snapshotFormat.littleEndian) { Array($0) } }

    /// The copy as one blob: what ``stored(of:on:)`` reads back.
    ///
    /// NB: what can be made again cheaply is left out, and numbers are as short as they can
    /// be: keys as the differences between neighbours, each row's spellings as a count and
    /// their numbers (LEB128 varints), a number column as one byte a row (the value's place);
    /// each group's rows are made again from the rows' spellings. The reminders' 100,000 rows:
    /// 4.2 MB as the arrays in memory, ~1 MB so.
    func snapshot() -> [UInt8] {
        var out = SnapshotWriter()
        out.bytes += IndexFacts.snapshotMagic
        out.append(IndexFacts.snapshotFormat)
        out.append(IndexFacts.snapshotDeclaration(sources: sources, numberColumns: numberColumns))
        out.append(UInt32(keys.count))
        if let first = keys.first {
            out.append(UInt64(bitPattern: first))
            for (before, key) in zip(keys, keys.dropFirst()) { out.appendVarint(UInt64(bitPattern: key &- before)) }
        }
        out.append(UInt32(values.count))
        for facet in values.keys.sorted() {
            let values = values[facet]!
            out.append(facet)
            out.append(values.spellings)
            out.append(values.groups)
            out.append(UInt32(values.groupCount))
            out.append(byteArrays: values.groupKeys)
            out.append(UInt32(values.allText ? 1 : 0))
            for row in 0..<values.rowCount { out.appendVarint(UInt64(values.starts[row + 1] - values.starts[row])) }
            for slot in values.slots { out.appendVarint(UInt64(slot)) }
            out.append(values.groupsByKey)
        }
        out.append(UInt32(numbers.count))
        for column in numbers.keys.sorted() {
            let numbers = numbers[column]!
            out.append(column)
            out.append(UInt32(numbers.values.count))
            for value in numbers.values {
                out.append(UInt32(value == nil ? 0 : 1))
                out.append(UInt64(bitPattern: value ?? 0))
            }
            out.bytes += numbers.places
        }
        out.append(IndexFacts.checksum(out.bytes[...]))
        return out.bytes
    }

    /// The facts `bytes` hold, labelled `version`, when they were stored by this layout for the
    /// index's sources and number columns and every number in them is in bounds; nil otherwise.
    static func fromSnapshot(_ bytes: [UInt8], version: Version, of index: SearchIndex) -> IndexFacts? {
        let sources = sources(of: index), numberColumns = numberColumns(of: index)
        var sum = SnapshotReader(bytes: bytes, at: bytes.count - 8)
        guard bytes.count >= snapshotMagic.count + 12, bytes.starts(with: snapshotMagic),
            checksum(bytes.dropLast(8)) == sum.uint64()
        else { return nil }
        var reader = SnapshotReader(bytes: bytes, at: snapshotMagic.count)
        guard reader.uint32() == snapshotFormat,
            reader.string() == snapshotDeclaration(sources: sources, numberColumns: numberColumns),
            let rowCount = reader.count(), let keys = reader.keys(rowCount), let facetCount = reader.count()
        else { return nil }
        var values: [String: Values] = [:]
        for _ in 0..<facetCount {
            guard let facet = reader.string(), let spellings = reader.strings(), let groups = reader.int32s(),
                let groupCount = reader.count(), let groupKeys = reader.byteArrays(), let allText = reader.uint32(),
                let starts = reader.starts(rowCount), let slots = reader.varints(Int(starts[rowCount]), below: spellings.count),
                let groupsByKey = reader.int32s(),
                groups.count == spellings.count, groups.allSatisfy({ 0 <= $0 && $0 < groupCount }),
                groupKeys.count == groupCount, groupsByKey.count == groupCount,
                groupsByKey.allSatisfy({ 0 <= $0 && $0 < groupCount })
            else { return nil }
            values[facet] = Values(
                spellings: spellings, groups: groups, groupCount: groupCount, groupKeys: groupKeys,
                allText: allText == 1, starts: starts, slots: slots, groupsByKey: groupsByKey)
        }
        guard values.keys.sorted() == sources.keys.sorted(), let numberCount = reader.count() else { return nil }
        var numbers: [String: Numbers] = [:]
        for _ in 0..<numberCount {
            guard let column = reader.string(), numberColumns.contains(column), let valueCount = reader.count(),
                valueCount <= numberValueLimit
            else { return nil }
            var columnValues: [Int64?] = []
            for _ in 0..<valueCount {
                guard let isValue = reader.uint32(), let value = reader.uint64() else { return nil }
                columnValues.append(isValue == 1 ? Int64(bitPattern: value) : nil)
            }
            guard let places = reader.bytes(rowCount), places.allSatisfy({ Int($0) < valueCount }) else { return nil }
            numbers[column] = Numbers(values: columnValues, places: Array(places))
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

    /// The facts stored in `db` for `index`, brought up to date with the rows the log names when
    /// some were written since (``patched(_:with:version:demoted:)``); nil when there are none,
    /// they are unreadable, or more rows were written than the log holds. Call it inside a
    /// transaction.
    static func stored(of index: SearchIndex, on db: SQLConnection) throws -> IndexFacts? {
        guard let version = try version(of: index, on: db) else { return nil }
        // NB: a table dropped by hand is `check`'s to report; the search counts with SQL meanwhile.
        let table = SQLFragment(identifier: index.factsNames.snapshot)
        guard let changes = try? db.fetchValue("SELECT \"changes\" FROM \(table) WHERE \"id\" = 1", as: Int64.self) else { return nil }
        // NB: the count first: a blob the log cannot bring up to date is not read at all.
        let written = changes == version.changes ? [] : try? loggedKeys(of: index, on: db)
        guard let written, let row = try? db.fetchOne("SELECT \"snapshot\" FROM \(table) WHERE \"id\" = 1"),
            let bytes: [UInt8] = try? row[0], let facts = fromSnapshot(bytes, version: version, of: index)
        else { return nil }
        guard !written.isEmpty else { return facts }
        return facts.patched(written, with: try rewritten(written, of: index, on: db), version: version, demoted: index.demoted)
    }

    /// The keys the log names, ascending, when it names every row written since the copy was
    /// stored (fewer than ``changedKeyLimit``); nil otherwise.
    static func loggedKeys(of index: SearchIndex, on db: SQLConnection) throws -> [Int64]? {
        let log = SQLFragment(identifier: index.factsNames.log)
        guard try db.fetchValue("SELECT count(*) FROM \(log)", as: Int.self) ?? changedKeyLimit < changedKeyLimit else { return nil }
        return try db.fetchAll("SELECT \"key\" FROM \(log) ORDER BY \"key\"").map { row -> Int64 in try row[0] }
    }

    /// The sources and number columns, as the blob records them: a blob made for another
    /// declaration is never read as this one's.
    private static func snapshotDeclaration(sources: [String: Source], numberColumns: [String]) -> String {
        let facets = sources.keys.sorted().map { facet -> String in
            switch sources[facet]! {
            case .column(let column): return "\(facet)=column(\(column))"
            case .lookup(let path): return "\(facet)=\(path.recorded)"
            }
        }
        return (facets + ["numbers(" + numberColumns.joined(separator: ",") + ")"]).joined(separator: ";")
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

    /// LEB128: seven bits a byte, low first, the high bit set on every byte but the last.
    mutating func appendVarint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func append(_ values: [Int32]) {
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

    /// One LEB128 varint (at most ten bytes); nil past the end or when longer.
    mutating func varint() -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while at < bytes.count, shift < 64 {
            let byte = bytes[at]
            at += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }

    /// `count` keys: the first, then each one's difference from the one before (never 0, so
    /// they rise); nil when one is missing or they wrap around.
    mutating func keys(_ count: Int) -> [Int64]? {
        guard count > 0 else { return [] }
        guard count <= bytes.count - at, let first = uint64() else { return nil }
        var keys = [Int64]()
        keys.reserveCapacity(count)
        var key = Int64(bitPattern: first)
        keys.append(key)
        for _ in 1..<count {
            guard let step = varint(), step > 0, step <= UInt64(Int64.max), case let (next, overflow) = key.addingReportingOverflow(Int64(step)),
                !overflow
            else { return nil }
            key = next
            keys.append(key)
        }
        return keys
    }

    /// `count` varints, each below `limit`.
    mutating func varints(_ count: Int, below limit: Int) -> [Int32]? {
        guard count <= bytes.count - at else { return nil }
        var values = [Int32]()
        values.reserveCapacity(count)
        for _ in 0..<count {
            guard let value = varint(), value < UInt64(limit) else { return nil }
            values.append(Int32(value))
        }
        return values
    }

    /// Offsets from `count` varint counts: `count + 1` of them, from 0; nil past Int32.
    mutating func starts(_ count: Int) -> [Int32]? {
        guard count <= bytes.count - at else { return nil }
        var starts = [Int32](repeating: 0, count: count + 1)
        var total: UInt64 = 0
        for row in 0..<count {
            guard let length = varint() else { return nil }
            total += min(length, UInt64(Int32.max))
            guard total <= UInt64(Int32.max) else { return nil }
            starts[row + 1] = Int32(total)
        }
        return starts
    }

    /// The next `count` bytes.
    mutating func bytes(_ count: Int) -> ArraySlice<UInt8>? {
        guard count <= bytes.count - at else { return nil }
        defer { at += count }
        return bytes[at..<at + count]
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
