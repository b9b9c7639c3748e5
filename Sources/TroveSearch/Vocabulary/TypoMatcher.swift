/// The edit-distance walk that decides, letter by letter along an indexed word, whether the
/// word (or one of its prefixes) is a typo candidate for a query word under ``TypoRule``.
///
/// ```swift
/// var matcher = TypoMatcher(word: Array("dentst".unicodeScalars), isPrefix: false)
/// for (depth, letter) in "dentist".unicodeScalars.enumerated() { matcher.push(letter, depth: depth + 1) }
/// matcher.decide(depth: 7, isWord: true)   // candidate: 1 typo, a word
/// ```
///
/// Both ways of reading the vocabulary use it, so they find the same candidates: the trie
/// walks shared prefixes once (``VocabularyTrie``), the SQL range scan walks each word of one
/// first letter on its own (``SQLVocabulary``). Rows are the optimal-string-alignment
/// Damerau–Levenshtein table, one per depth, kept for the swaps.
struct TypoMatcher {
    let word: [Unicode.Scalar]
    let budget: Int
    let isPrefix: Bool
    /// The distance between word[..<i] and the path's first d letters, at d * width + (i - d +
    /// budget): only the band |i - d| <= budget, as any cell outside it is more than the budget.
    ///
    /// NB: one flat buffer, not an array per depth: the trie walk pushes a row per node it
    /// visits, and nested arrays cost a uniqueness check and a bounds check per cell. The band
    /// keeps it O(length × budget): the whole table of a 100,000-letter word asked for 40 GB.
    private var rows: [Int32]
    private let width: Int
    /// The smallest cell of each row: no longer path can do better.
    private var minimums: [Int32]
    /// The path's letters; path[d - 1] is the letter at depth d.
    private var path: [Unicode.Scalar]
    /// onWord[d]: whether the path's first d letters are the query word's first d.
    private var onWord: [Bool]

    init(word: [Unicode.Scalar], isPrefix: Bool) {
        self.word = word
        self.isPrefix = isPrefix
        budget = TypoRule.budget(forLength: word.count)
        let depth = word.count + budget + 1
        width = 2 * budget + 1
        rows = Array(repeating: Int32(budget + 1), count: (depth + 1) * width)
        for i in 0...min(word.count, budget) { rows[i + budget] = Int32(i) }
        minimums = Array(repeating: 0, count: depth + 1)
        path = Array(repeating: " ", count: depth + 1)
        onWord = Array(repeating: false, count: depth + 1)
        onWord[0] = true
    }

    /// The deepest path worth walking: a candidate is at most `budget` letters longer.
    var maxDepth: Int { word.count + budget }

    /// Extends the path to `depth` with `letter` (depth 1 is the first letter).
    ///
    /// NB: a cell outside the band reads as budget + 1, less than or equal to its real value;
    /// it only ever reaches a cell inside through a +1 step, so every cell within the budget
    /// comes out exact and every other one stays above it.
    mutating func push(_ letter: Unicode.Scalar, depth: Int) {
        path[depth - 1] = letter
        onWord[depth] = onWord[depth - 1] && depth <= word.count && word[depth - 1] == letter
        let width = self.width, count = word.count, budget = self.budget
        let before = depth >= 2 ? path[depth - 2] : " "
        let over = Int32(budget + 1)
        let low = max(0, depth - budget), high = min(count, depth + budget)
        var minimum = over
        word.withUnsafeBufferPointer { word in
            rows.withUnsafeMutableBufferPointer { rows in
                // The cell (d, i) of the band, or budget + 1 outside it.
                func cell(_ d: Int, _ i: Int) -> Int32 {
                    let offset = i - d + budget
                    guard d >= 0, i >= 0, offset >= 0, offset < width else { return over }
                    return rows[d * width + offset]
                }
                let row = depth * width - depth + budget
                for i in 0..<width { rows[depth * width + i] = over }
                guard low <= high else { return }
                for i in low...high {
                    var value: Int32
                    if i == 0 {
                        value = Int32(depth)
                    } else {
                        let cost: Int32 = word[i - 1] == letter ? 0 : 1
                        value = min(cell(depth - 1, i) + 1, cell(depth, i - 1) + 1, cell(depth - 1, i - 1) + cost)
                        if i > 1, depth > 1, word[i - 1] == before, word[i - 2] == letter {
                            value = min(value, cell(depth - 2, i - 2) + 1)
                        }
                    }
                    value = min(value, over)
                    rows[row + i] = value
                    minimum = min(minimum, value)
                }
            }
        }
        minimums[depth] = minimum
    }

    /// What a path gives: a candidate, and whether longer paths below it may give more.
    struct Decision: Equatable {
        /// The path as a candidate: its typos, and whether it stands as a prefix.
        var candidate: (distance: Int, isPrefix: Bool)?
        var descend: Bool

        static func == (lhs: Decision, rhs: Decision) -> Bool {
            lhs.candidate?.distance == rhs.candidate?.distance && lhs.candidate?.isPrefix == rhs.candidate?.isPrefix
                && lhs.descend == rhs.descend
        }
    }

    /// What the path up to `depth` gives, when an indexed word ends there or not.
    ///
    /// For a whole query word: an indexed word within the budget, other than the word itself.
    /// For the word being typed: from its length on, the first prefix within the budget (it
    /// stands for every word below it); shorter, an indexed word within the budget, as that
    /// word alone (`milkz` → milk). The walk stops at the typed word itself (the words below
    /// it are exact matches), at a digit, and where no longer path can be within the budget.
    ///
    /// NB: no prefix shorter than what was typed: `dentsi` is dentis* (one swap), never
    /// denti* (one deletion), which would flood the page with every denti… word.
    func decide(depth: Int, isWord: Bool) -> Decision {
        if isOffLimits(depth) { return Decision(candidate: nil, descend: false) }
        let distance = Int(distance(depth))
        let isTheWord = onWord[depth] && depth == word.count
        let below = depth < maxDepth && rowMinimum(depth) <= budget
        guard isPrefix else {
            let candidate = isWord && distance <= budget && !isTheWord ? (distance, false) : nil
            return Decision(candidate: candidate, descend: below)
        }
        if isTheWord { return Decision(candidate: nil, descend: false) }
        if depth >= word.count {
            if distance <= budget { return Decision(candidate: (distance, true), descend: false) }
            return Decision(candidate: nil, descend: below)
        }
        let candidate = isWord && distance <= budget ? (distance, false) : nil
        return Decision(candidate: candidate, descend: below)
    }

    /// A path whose first letter differs from the word's (never a typo) or that holds a digit.
    private func isOffLimits(_ depth: Int) -> Bool {
        path[0] != word.first || TypoRule.isDigit(path[depth - 1])
    }

    /// The cell (depth, word.count), or budget + 1 when it lies outside the band.
    private func distance(_ depth: Int) -> Int32 {
        let offset = word.count - depth + budget
        guard offset >= 0, offset < width else { return Int32(budget + 1) }
        return rows[depth * width + offset]
    }

    private func rowMinimum(_ depth: Int) -> Int {
        Int(minimums[depth])
    }
}
