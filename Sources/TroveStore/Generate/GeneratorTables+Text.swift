extension GeneratorTables.Ranked {
    /// A word drawn by rank.
    func sample(using random: inout SplitMix64) -> String {
        words[table.sample(using: &random)]
    }

    /// A word drawn by rank, capitalised.
    func sampleCapitalised(using random: inout SplitMix64) -> String {
        capitalised[table.sample(using: &random)]
    }
}

extension GeneratorTables {
    /// A title of 2–8 words, verb-first seven times in ten.
    ///
    /// ```swift
    /// tables.title(using: &random)  // e.g. "Pick oven Jürgen", "Milk river cash bill"
    /// ```
    func title(using random: inout SplitMix64) -> String {
        var title = ""
        title.reserveCapacity(48)
        func add(_ word: String) {
            if !title.isEmpty { title.append(" ") }
            title.append(word)
        }
        if random.chance(0.7) {
            // Verb [article] [adjective] noun [noun] [preposition noun [noun]]: 2–8 words.
            add(verbs.sampleCapitalised(using: &random))
            if random.chance(0.3) { add(articles.sample(using: &random)) }
            if random.chance(0.15) { add(others.sample(using: &random)) }
            add(nouns.sample(using: &random))
            if random.chance(0.3) { add(nouns.sample(using: &random)) }
            if random.chance(0.35) {
                add(prepositions.sample(using: &random))
                add(nouns.sample(using: &random))
                if random.chance(0.2) { add(nouns.sample(using: &random)) }
            }
        } else {
            // A noun phrase, as in "Dentist appointment": 2–5 words.
            add(nouns.sampleCapitalised(using: &random))
            for _ in 0..<random.between(1...4) {
                add(random.chance(0.8) ? nouns.sample(using: &random) : others.sample(using: &random))
            }
        }
        return title
    }

    /// Notes: empty about 35% of the time, otherwise 5–120 words in sentences, mostly short.
    ///
    /// ```swift
    /// tables.notes(using: &random)  // e.g. "For long follow-up flowers some and to soup plumber on, clean. Form childminder last."
    /// ```
    func notes(using random: inout SplitMix64) -> String {
        let roll = random.unit()
        let count: Int
        switch roll {
        case ..<0.35: return ""
        case ..<0.70: count = random.between(5...20)
        case ..<0.92: count = random.between(21...60)
        default: count = random.between(61...120)
        }
        // NB: words are drawn first as tokens (a word index plus punctuation flags) into a
        // stack buffer, then copied as bytes into a string allocated at its exact size: one
        // allocation and no per-word `String.append`, which dominated the profile.
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 120) { tokens in
            var written = 0
            var byteCount = count - 1  // the spaces between words
            var remaining = count
            var previous = -1
            while remaining > 0 {
                // NB: a sentence never leaves a one-word remainder behind, so none is a lone word.
                var length = min(random.between(4...14), remaining)
                if remaining - length == 1 { length += 1 }
                for position in 0..<length {
                    if position > 0, random.chance(0.06) {
                        tokens[written - 1] |= Token.comma
                        byteCount += 1
                    }
                    var index = text.table.sample(using: &random)
                    // NB: "the the" is rare in real text but common in a Zipf draw; redraw.
                    while index == previous { index = text.table.sample(using: &random) }
                    previous = index
                    if position == 0 {
                        tokens[written] = UInt32(index) | Token.capitalised
                        byteCount += text.capitalisedBytes.length(of: index)
                    } else {
                        tokens[written] = UInt32(index)
                        byteCount += text.wordBytes.length(of: index)
                    }
                    written += 1
                }
                tokens[written - 1] |= random.chance(0.08) ? Token.question : Token.period
                byteCount += 1
                remaining -= length
            }
            return String(unsafeUninitializedCapacity: byteCount) { buffer in
                let start = buffer.baseAddress!
                var cursor = start
                for (position, token) in tokens[..<written].enumerated() {
                    if position > 0 { cursor.pointee = UInt8(ascii: " "); cursor += 1 }
                    let index = Int(token & Token.index)
                    cursor = token & Token.capitalised != 0
                        ? text.capitalisedBytes.copy(index, to: cursor) : text.wordBytes.copy(index, to: cursor)
                    if token & Token.comma != 0 { cursor.pointee = UInt8(ascii: ","); cursor += 1 }
                    if token & Token.period != 0 { cursor.pointee = UInt8(ascii: "."); cursor += 1 }
                    if token & Token.question != 0 { cursor.pointee = UInt8(ascii: "?"); cursor += 1 }
                }
                precondition(cursor - start == byteCount, "notes overran their buffer")
                return byteCount
            }
        }
    }

    /// A word of running text as drawn: its index in `text` and what follows it.
    private enum Token {
        static let index: UInt32 = 0xFF_FFFF
        static let capitalised: UInt32 = 1 << 24
        static let comma: UInt32 = 1 << 25
        static let period: UInt32 = 1 << 26
        static let question: UInt32 = 1 << 27
    }

    /// 0–3 distinct tags (45% none, 35% one, 15% two, 5% three).
    func tags(using random: inout SplitMix64) -> [String] {
        let roll = random.unit()
        let count = roll < 0.45 ? 0 : roll < 0.80 ? 1 : roll < 0.95 ? 2 : 3
        var picked: [String] = []
        picked.reserveCapacity(count)
        for _ in 0..<count {
            // NB: on a repeat take the next unused rank rather than drawing again, so each
            // record makes the same number of draws whatever the collisions. Tags are all
            // lower case, so distinct strings are also distinct case-insensitively.
            var index = tags.table.sample(using: &random)
            while picked.contains(tags.words[index]) { index = (index + 1) % tags.words.count }
            picked.append(tags.words[index])
        }
        return picked
    }
}
