import TroveQuery
import TroveSQLite

/// Every indexed word in a compact in-memory trie, for typo candidates on every keystroke.
///
/// ```swift
/// let trie = try VocabularyTrie(db: db)   // SELECT "term", "doc" FROM "reminders_vocab"
/// trie.typoCandidates(for: Array("dentst".unicodeScalars), isPrefix: false)   // [dentist (1 typo)]
/// ```
///
/// Nodes live in flat arrays in breadth-first order, so a node's children are contiguous and
/// sorted; a candidate search walks only the branches whose edit-distance row is still within
/// the budget (a Levenshtein automaton run over the trie). It finds exactly what
/// ``SQLVocabulary`` finds, because both decide with ``TypoMatcher``.
///
/// NB: building it reads the whole vocabulary, and fts5vocab walks every doclist to count the
/// reminders of each word: about the cost of reading the whole index. A one-shot search never
/// builds one; ``VocabularyCache`` builds it in the background for a long-lived searcher.
struct VocabularyTrie: Vocabulary, Sendable {
    /// The letter on the edge into each node (0 for the root).
    private var letters: [UInt32] = [0]
    private var firstChild: [Int32] = [0]
    private var childCount: [Int32] = [0]
    /// Reminders holding the word that ends at the node; 0 when no word ends there.
    private var documents: [Int32] = [0]
    /// Reminders summed over every word at or below the node.
    private var subtreeDocuments: [Int64] = [0]
    /// How many words it holds.
    private(set) var wordCount = 0
    /// The index whose words it holds (the reminders' for one built from words given).
    private(set) var tables = VocabularyTables.reminders

    /// Reads every word of `reminders_vocab`, or of another index's `fts5vocab` table
    /// (`SELECT "term", "doc" FROM "trove_notes_vocab"`).
    init(db: SQLConnection, tables: VocabularyTables = .reminders) throws {
        var words: [([Unicode.Scalar], Int32)] = []
        for row in try db.fetchAll("SELECT \"term\", \"doc\" FROM \(identifier: tables.vocabulary)") {
            let term: String = try row[0], count: Int = try row[1]
            words.append((Array(term.unicodeScalars), Int32(clamping: count)))
        }
        self.init(words: words, tables: tables)
    }

    /// Builds from words and their reminder counts, in any order, as the words of `tables`' index.
    init(words unsorted: [([Unicode.Scalar], Int32)], tables: VocabularyTables = .reminders) {
        self.tables = tables
        let words = unsorted.sorted { $0.0.lexicographicallyPrecedes($1.0) { $0.value < $1.value } }
        wordCount = words.count
        // (node, first word, end, depth): the words below `node` share its `depth` letters.
        var queue: [(node: Int, start: Int, end: Int, depth: Int)] = [(0, 0, words.count, 0)]
        var head = 0
        while head < queue.count {
            let (node, start, end, depth) = queue[head]
            head += 1
            var index = start
            if index < end, words[index].0.count == depth {
                documents[node] = words[index].1
                index += 1
            }
            firstChild[node] = Int32(letters.count)
            while index < end {
                let letter = words[index].0[depth]
                var stop = index + 1
                while stop < end, words[stop].0[depth] == letter { stop += 1 }
                letters.append(letter.value)
                firstChild.append(0)
                childCount.append(0)
                documents.append(0)
                subtreeDocuments.append(0)
                queue.append((letters.count - 1, index, stop, depth + 1))
                childCount[node] += 1
                index = stop
            }
        }
        // NB: breadth-first, so every child comes after its parent: sum from the back.
        for node in stride(from: letters.count - 1, through: 0, by: -1) {
            var total = Int64(documents[node])
            let first = Int(firstChild[node])
            for child in first..<(first + Int(childCount[node])) { total += subtreeDocuments[child] }
            subtreeDocuments[node] = total
        }
    }

    /// Bytes held by the arrays, for the benchmark.
    var byteCount: Int { letters.count * (4 + 4 + 4 + 4 + 8) }

    func contains(_ word: String) -> Bool {
        guard let node = node(for: word) else { return false }
        return documents[node] > 0
    }

    func hasWord(startingWith prefix: String) -> Bool {
        node(for: prefix) != nil
    }

    /// The words below `prefix`'s node, depth first (so in order), or nil past `limit`.
    ///
    /// ```swift
    /// trie.completions(of: "dent", limit: 8)   // ["dental", "dentist"]
    /// ```
    func completions(of prefix: String, limit: Int) -> [String]? {
        guard let start = node(for: prefix) else { return [] }
        var found: [String] = []
        var path = Array(prefix.unicodeScalars)
        func collect(_ node: Int) -> Bool {
            if documents[node] > 0 {
                guard found.count < limit else { return false }
                found.append(String(String.UnicodeScalarView(path)))
            }
            let first = Int(firstChild[node])
            for child in first..<(first + Int(childCount[node])) {
                path.append(Unicode.Scalar(letters[child])!)
                defer { path.removeLast() }
                guard collect(child) else { return false }
            }
            return true
        }
        return collect(start) ? found : nil
    }

    /// Every word that starts with `prefix` (`prefix` itself too, when it is a word) and has at
    /// most `maxLength` letters, with its reminders, in order: what
    /// `SELECT "term", "doc" FROM "reminders_vocab" WHERE "term" >= ? AND "term" < ?` reads for
    /// that range, without walking a doclist.
    ///
    /// ```swift
    /// trie.words(startingWith: "dent")   // [("dental", 3), ("dentist", 12)]
    /// ```
    func words(startingWith prefix: String, maxLength: Int = .max) -> [(term: String, documents: Int)] {
        guard let start = node(for: prefix) else { return [] }
        var found: [(term: String, documents: Int)] = []
        var path = Array(prefix.unicodeScalars)
        func collect(_ node: Int) {
            if documents[node] > 0 { found.append((String(String.UnicodeScalarView(path)), Int(documents[node]))) }
            guard path.count < maxLength else { return }
            let first = Int(firstChild[node])
            for child in first..<(first + Int(childCount[node])) {
                path.append(Unicode.Scalar(letters[child])!)
                collect(child)
                path.removeLast()
            }
        }
        collect(start)
        return found
    }

    func typoCandidates(for word: [Unicode.Scalar], isPrefix: Bool) -> [TypoCandidate] {
        guard let first = word.first, TypoRule.budget(forLength: word.count) > 0,
            let start = child(of: 0, letter: first.value)
        else { return [] }
        var matcher = TypoMatcher(word: word, isPrefix: isPrefix)
        var path: [Unicode.Scalar] = []
        var found: [TypoCandidate] = []
        walk(start, depth: 1, &matcher, &path, &found)
        return Self.best(found)
    }

    private func walk(
        _ node: Int, depth: Int, _ matcher: inout TypoMatcher, _ path: inout [Unicode.Scalar], _ found: inout [TypoCandidate]
    ) {
        let letter = Unicode.Scalar(letters[node])!
        matcher.push(letter, depth: depth)
        path.append(letter)
        defer { path.removeLast() }
        let decision = matcher.decide(depth: depth, isWord: documents[node] > 0)
        if let (distance, isPrefix) = decision.candidate {
            found.append(TypoCandidate(
                text: String(String.UnicodeScalarView(path)), isPrefix: isPrefix, distance: distance,
                documents: Int(isPrefix ? subtreeDocuments[node] : Int64(documents[node]))))
        }
        guard decision.descend else { return }
        let first = Int(firstChild[node])
        for child in first..<(first + Int(childCount[node])) {
            walk(child, depth: depth + 1, &matcher, &path, &found)
        }
    }

    /// The node reached by spelling `text` from the root, if any.
    private func node(for text: String) -> Int? {
        var node = 0
        for scalar in text.unicodeScalars {
            guard let next = child(of: node, letter: scalar.value) else { return nil }
            node = next
        }
        return node
    }

    /// Binary search among `node`'s sorted children.
    private func child(of node: Int, letter: UInt32) -> Int? {
        var low = Int(firstChild[node]), high = low + Int(childCount[node])
        while low < high {
            let middle = (low + high) / 2
            if letters[middle] < letter { low = middle + 1 } else { high = middle }
        }
        return low < Int(firstChild[node]) + Int(childCount[node]) && letters[low] == letter ? low : nil
    }
}
