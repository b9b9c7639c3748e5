import Testing
import TroveSearch
import TroveStore
import TroveTestSupport

/// Random and hostile search-box text.
struct HostileText {
    var random: SplitMix64

    static let fragments = [
        "\"", "-", "*", "^", ":", "{", "}", "(", ")", "+", "|", "#", "!", "..", "\"\"", "-\"", "#\"",
        "AND", "OR", "NOT", "NEAR", "NEAR(", "NEAR(a b, 5)", "or", "{title notes}:", "title:", "-title:", "^\"",
        "is:", "is:open", "is:banana", "-is:completed", "list:", "list:\"Home Office", "tag:", "tag:\"", "#errand",
        "p:high", "priority:urgent", "due:", "due:2026-02-30", "due:..", "due:2026-03-01..2026-03-05", "due:..2026-",
        "in:", "in:title", "-in:notes", "in:body", "!raw", "!like", "!fts", "!", "!!", "e-mail", "re:invent",
        "http://x", "milk", "wal", "dentist appointment", "'; DROP TABLE reminders;--", "' OR 1=1 --",
        "\"); DELETE FROM reminders_fts; --", "x' UNION SELECT * FROM sqlite_master --", "%", "_", "\\", "\\\"",
        "🎉", "👩‍👩‍👧", "\u{301}", "é", "Привет", "世界", "١٢٣", "\u{E000}", "\u{10FFFD}", "\u{0}", "\u{7}", "\t",
        "\n", "\r\n", "\u{2028}", "\u{FEFF}", "\u{200D}", "\u{FFFD}",
    ]
    static let punctuation = Array("\"-*^:{}()+!#|.,;'\\/@&%$~`<>=?[]_ ab".unicodeScalars)

    mutating func next() -> String {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: randomScalars(count: Int.random(in: 0...40, using: &random))
        case 1: String(String.UnicodeScalarView((0..<Int.random(in: 0...30, using: &random)).map { _ in
            HostileText.punctuation.randomElement(using: &random)!
        }))
        default: fragments(count: Int.random(in: 1...12, using: &random))
        }
    }

    mutating func fragments(count: Int) -> String {
        var text = ""
        for _ in 0..<count {
            text += HostileText.fragments.randomElement(using: &random)!
            text += ["", " ", " ", "  ", "\t"].randomElement(using: &random)!
        }
        return text
    }

    mutating func randomScalars(count: Int) -> String {
        var view = String.UnicodeScalarView()
        for _ in 0..<count {
            let value: UInt32 =
                switch Int.random(in: 0..<10, using: &random) {
                case 0...3: UInt32.random(in: 0x20...0x7E, using: &random)
                case 4: UInt32.random(in: 0...0x1F, using: &random)
                case 5: UInt32.random(in: 0x300...0x36F, using: &random)
                case 6: UInt32.random(in: 0x1F300...0x1FAFF, using: &random)
                case 7: UInt32.random(in: 0...0x10FFFF, using: &random)
                default: UInt32.random(in: 0x80...0xFFFF, using: &random)
                }
            if let scalar = Unicode.Scalar(value) { view.append(scalar) }
        }
        return String(view)
    }
}

@Suite struct QueryFuzzTests {
    /// What must hold for any text: parsing finishes, problems point into the text, and every
    /// expression part is in the validated FTS5 subset.
    /// - Returns: What went wrong (nil if nothing), and whether there was an expression.
    static func check(_ text: String, exact: Bool) -> (failure: String?, hasExpression: Bool) {
        let query = SearchQuery.parse(text, exact: exact)
        _ = query.description
        for problem in query.problems where problem.range.upperBound > text.endIndex {
            return ("problem range outside the text: \(problem)", false)
        }
        guard let expression = FTS5Expression(query: query) else { return (nil, false) }
        guard expression.positive != nil || expression.negative != nil else { return ("empty expression", true) }
        guard expression.positive == nil || expression.negative == nil else { return ("NOT left unfolded", true) }
        for part in [expression.positive, expression.negative].compactMap({ $0 }) {
            if let problem = FTS5SubsetValidator.problem(in: part) { return ("\(problem) in \(part)", true) }
        }
        return (nil, true)
    }

    @Test func hundredThousandHostileStringsParseAndRenderValidExpressions() {
        var generator = HostileText(random: SplitMix64(seed: 0x7_2026_0302))
        var failures: [String] = []
        var count = 0
        var expressions = 0
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for _ in 0..<100_000 {
                let text = generator.next()
                let exact = Bool.random(using: &generator.random)
                count += 1
                let (failure, hasExpression) = Self.check(text, exact: exact)
                if hasExpression { expressions += 1 }
                if let failure, failures.count < 10 {
                    failures.append("\(text.debugDescription) exact=\(exact): \(failure)")
                }
            }
        }
        print("Query fuzz: \(count) strings (\(expressions) with an FTS5 expression) parsed, rendered and validated in \(elapsed)")
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(expressions > 20_000, "the generator should mostly produce searchable text")
    }

    @Test func hundredKilobyteStringsParseInLinearTime() {
        var generator = HostileText(random: SplitMix64(seed: 42))
        let large = [
            generator.randomScalars(count: 100_000),
            generator.fragments(count: 12_000),
            String(repeating: "is:banana ", count: 10_000),
            String(repeating: "a OR ", count: 20_000),
            "\"" + String(repeating: "x ", count: 50_000),
            String(repeating: "-", count: 100_000),
            "!raw " + String(repeating: "NEAR(", count: 20_000),
        ]
        let clock = ContinuousClock()
        for text in large {
            for exact in [false, true] {
                var failure: String?
                let elapsed = clock.measure { failure = Self.check(text, exact: exact).failure }
                #expect(failure == nil, "\(text.prefix(40).debugDescription)…: \(failure ?? "")")
                // NB: generous for a shared debug build; quadratic work on 100 KB takes minutes.
                #expect(elapsed < .seconds(10), "\(text.prefix(40).debugDescription)… took \(elapsed)")
                print("Query fuzz: \(text.utf8.count) bytes exact=\(exact) in \(elapsed)")
            }
        }
    }
}
