extension ReminderFacts {
    /// A search's matches counted by list, tag and completion: what ``tally(matches:openOnly:facets:)`` returns.
    struct Tally: Sendable {
        /// Every match found among the facts, completed or not.
        var all = 0
        /// The completed ones among them.
        var completed = 0
        /// Per list (a position in ``ReminderFacts/listIDs``), the matches in scope and the completed ones among those.
        var lists: [(slot: Int, count: Int, completed: Int)] = []
        /// Per tag (a position in ``ReminderFacts/tagIDs``), the matches in scope.
        var tags: [(slot: Int, count: Int)] = []
    }

    /// Counts `matches` (a `trove_ids` BLOB: sorted ids) by list, tag and completion, in one walk.
    ///
    /// - Parameters:
    ///   - openOnly: Whether the facets leave completed matches out (``Tally/all`` and
    ///     ``Tally/completed`` count every match either way, as `SearchExecutor.countSQL` does).
    ///   - facets: Whether to count by list and tag at all.
    ///
    /// A match the facts do not hold (none, when they are the transaction's version) is left
    /// out, as the SQL facets' join with `reminders` leaves it out.
    func tally(matches: [UInt8], openOnly: Bool, facets: Bool) -> Tally {
        var tally = Tally()
        var listCounts = [Int](repeating: 0, count: facets ? listIDs.count : 0)
        var listCompleted = listCounts
        var tagCounts = [Int](repeating: 0, count: facets ? tagIDs.count : 0)
        let count = matches.count / MemoryLayout<Int64>.size
        matches.withUnsafeBytes { raw in
            ids.withUnsafeBufferPointer { ids in
                listSlots.withUnsafeBufferPointer { listSlots in
                    completed.withUnsafeBufferPointer { completed in
                        tagStarts.withUnsafeBufferPointer { tagStarts in
                            tagSlots.withUnsafeBufferPointer { tagSlots in
                                var position = 0
                                for index in 0..<count {
                                    let id = raw.loadUnaligned(fromByteOffset: index * MemoryLayout<Int64>.size, as: Int64.self)
                                    position = IDBlob.firstPosition(notBelow: id, in: ids, from: position)
                                    guard position < ids.count else { break }
                                    guard ids[position] == id else { continue }
                                    let isCompleted = completed[position] != 0
                                    tally.all += 1
                                    if isCompleted { tally.completed += 1 }
                                    guard facets, !(openOnly && isCompleted) else { continue }
                                    let list = Int(listSlots[position])
                                    listCounts[list] += 1
                                    if isCompleted { listCompleted[list] += 1 }
                                    for tag in Int(tagStarts[position])..<Int(tagStarts[position + 1]) {
                                        tagCounts[Int(tagSlots[tag])] += 1
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        tally.lists = listCounts.indices.filter { listCounts[$0] > 0 }.map { ($0, listCounts[$0], listCompleted[$0]) }
        tally.tags = tagCounts.indices.filter { tagCounts[$0] > 0 }.map { ($0, tagCounts[$0]) }
        return tally
    }
}
