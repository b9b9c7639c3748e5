import Foundation
import Testing
import TroveStore

/// `trove search` run as a person or a script would, on the demo data or a temporary database.
@Suite struct SearchCommandTests {
    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func textListsHitsWithTheirListAndASummary() throws {
        let result = try TroveProcess.run(["--demo", "search", "dentist"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.contains { $0.contains("Dentist appointment") && $0.contains("Health") })
        #expect(lines.contains { $0.contains("Book dentist appointment for the kids") && $0.contains("#kids") })
        #expect(lines.last(where: { !$0.isEmpty }) == "2 of 2")
        #expect(!result.stdout.contains("\u{1B}"))
    }

    @Test func nothingFoundExitsOneWithSuggestionsOnStandardError() throws {
        let result = try TroveProcess.run(["--demo", "search", "--typos", "off", "dentst"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("No reminders match dentst."))
        #expect(result.stderr.contains("Did you mean: dentist"))
    }

    @Test(arguments: [
        ["is:banana", "milk"],
        ["--limit", "0", "milk"],
        ["--offset", "2", "--after", "cmFuax8", "milk"],
        ["--after", "not a cursor", "milk"],
        ["--lmit", "3", "milk"],
        ["!nosuchengine", "milk"],
    ])
    func aWrongQueryOrOptionExitsTwoWithOneSentence(arguments: [String]) throws {
        let result = try TroveProcess.run(["--demo", "search"] + arguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("trove: "))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test(arguments: [["--limit", "abc", "milk"], ["--format", "xml", "milk"], ["--sort", "alphabetical"]])
    func anOptionArgumentParserRejectsExitsTwoNotSixtyFour(arguments: [String]) throws {
        let result = try TroveProcess.run(["--demo", "search"] + arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("Error: "))
    }

    @Test(arguments: [
        ["\"unbalanced"], ["NEAR("], ["--", "-"], ["!raw \"a"], ["!raw NEAR("], ["AND"], ["*"], ["^"], [":"],
        ["-"], ["\"", "\"\""], ["-is:completed", "-"], ["!like %_\\"], ["in:title", "\u{7}\u{1B}"],
    ])
    func hostileQueriesGiveAnAnswerOrASentenceNeverSQLiteText(arguments: [String]) throws {
        let result = try TroveProcess.run(["--demo", "search"] + arguments)
        #expect(result.status <= 2, "\(arguments): \(result.status) \(result.stderr)")
        #expect(!result.stderr.lowercased().contains("sqlite"))
        #expect(!result.stderr.contains("fts5:"))
        #expect(!result.stderr.contains("Error:"), "an ArgumentParser error: \(result.stderr)")
        expectNoRawSQLiteText(result.stderr)
    }

    @Test func dashWordsAreQueryTextWithoutDoubleDash() throws {
        // NB: `-milk` must not be split into one-letter options; it excludes milk.
        let with = try json(TroveProcess.run(["--demo", "search", "tag:errand", "--format", "json", "--all"]).stdout)
        let without = try json(TroveProcess.run(["--demo", "search", "-milk", "tag:errand", "--format", "json", "--all"]).stdout)
        let milk = try json(TroveProcess.run(["--demo", "search", "milk", "tag:errand", "--format", "json", "--all"]).stdout)
        let total = try #require(with["total"] as? Int), rest = try #require(without["total"] as? Int)
        let milkTotal = try #require(milk["total"] as? Int)
        #expect(milkTotal > 0)
        #expect(rest == total - milkTotal)
        let afterTerminator = try TroveProcess.run(["--demo", "search", "--format", "json", "--", "--"])
        #expect(try json(afterTerminator.stdout)["query"].flatMap { ($0 as? [String: Any])?["text"] as? String } == "--")
    }

    // Issue 19: `trove search -- --slurp` read `--slurp` as "leave out -slurp" and listed every
    // reminder except the one about --slurp. One dash still leaves a word out.
    @Test func aWordWithTwoLeadingDashesIsText() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        for title in ["Read about --slurp in the jq manual", "Water the plants"] {
            try #require(try TroveProcess.run(["add", title, "--db", db]).status == 0)
        }
        func titles(_ words: [String]) throws -> [String] {
            let result = try TroveProcess.run(["search", "--db", db, "--format", "jsonl", "--"] + words)
            return result.stdout.split(separator: "\n").compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["title"] as? String
            }
        }
        #expect(try titles(["--slurp"]) == ["Read about --slurp in the jq manual"])
        #expect(try titles(["--slurp "]) == ["Read about --slurp in the jq manual"])
        #expect(try titles(["plants", "-slurp"]) == ["Water the plants"])
    }

    // A pasted page: repeated words are merged before the search, and stderr (or JSON's
    // "notices") says so; the search itself answers as for one word.
    @Test func fiveThousandRepeatedWordsAreMergedAndSaidSo() throws {
        let words = Array(repeating: "passport", count: 5_000)
        let text = try TroveProcess.run(["--demo", "search"] + words)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stderr == "The query's 5,000 words were merged into 1: repeated words count once.\n")
        #expect(text.stdout == (try TroveProcess.run(["--demo", "search", "passport "])).stdout)
        let object = try json(try TroveProcess.run(["--demo", "search", "--format", "json"] + words).stdout)
        #expect(object["notices"] as? [String] == ["The query's 5,000 words were merged into 1: repeated words count once."])
    }

    // A misspelled word finds its typo matches, marked `~` in text and "typo": true in JSON,
    // after the exact ones; --typos off leaves them out.
    @Test func typoMatchesAreMarkedInTextAndJSON() throws {
        let found = try TroveProcess.run(["--demo", "search", "swelling "])
        #expect(found.status == 0)
        let lines = found.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix(" 39  ~  Sort out the loft") }, "\(found.stdout)")
        #expect(lines.last == "3 of 3 (1 with a typo)")
        let object = try json(try TroveProcess.run(["--demo", "search", "--format", "json", "swelling "]).stdout)
        #expect(object["typoCount"] as? Int == 1)
        let hits = try #require(object["hits"] as? [[String: Any]])
        #expect(hits.map { $0["typo"] as? Bool } == [false, false, true])
        let off = try json(try TroveProcess.run(["--demo", "search", "--format", "json", "--typos", "off", "swelling "]).stdout)
        #expect((off["hits"] as? [[String: Any]])?.count == 2 && off["typoCount"] as? Int == 0)
    }

    // Issue 19: `libraries` found nothing in a database with "Renew library card". Its other
    // forms now match after the exact matches, "wordForm": true in JSON and counted in the
    // summary; --word-forms off leaves them out, and --explain shows them ORed in.
    @Test func wordFormsMatchAndAreMarkedInJSON() throws {
        let found = try TroveProcess.run(["--demo", "search", "libraries "])
        #expect(found.status == 0, "\(found.stderr)")
        #expect(found.stdout.contains("Return library books"), "\(found.stdout)")
        #expect(found.stdout.split(separator: "\n").last?.hasSuffix("3 by another word form)") == true, "\(found.stdout)")
        // Each such hit is marked ≈ beside its id, as a typo match is marked ~.
        #expect(found.stdout.contains(" 15  ✓≈  Renew library card"), "\(found.stdout)")
        let object = try json(try TroveProcess.run(["--demo", "search", "--format", "json", "libraries "]).stdout)
        #expect(object["wordFormCount"] as? Int == 3 && object["typoCount"] as? Int == 0)
        let hits = try #require(object["hits"] as? [[String: Any]])
        #expect(hits.map { $0["wordForm"] as? Bool } == [true, true, true])
        #expect(hits.map { $0["typo"] as? Bool } == [false, false, false])
        let off = try TroveProcess.run(["--demo", "search", "--word-forms", "off", "libraries "])
        #expect(off.status == 1 && off.stdout.isEmpty, "\(off.stdout)")
        let explained = try TroveProcess.run(["--demo", "search", "--explain", "libraries "])
        #expect(explained.stdout.contains("word form hits"), "\(explained.stdout)")
        #expect(explained.stdout.contains(#""libraries" OR "library""#), "\(explained.stdout)")
        let wrong = try TroveProcess.run(["--demo", "search", "--word-forms", "maybe", "libraries"])
        #expect(wrong.status == 2, "\(wrong.stderr)")
    }

    // Did-you-mean names the word without a match and suggests whole queries, on stderr; with
    // typo matches the hits come on stdout and the same sentences on stderr.
    @Test(arguments: [
        // No reminder holds passport and milk together: the corrected words are offered ORed.
        (["passprot", "milk"], 1, "No reminder contains passprot.\nDid you mean: passport OR milk?\n"),
        (["list:Wrok"], 1, "There is no list Wrok.\nDid you mean: list:Work?\n"),
        (["#urgnt"], 1, "There is no tag urgnt.\nDid you mean: #urgent?\n"),
        (["list:Home", "Office"], 1, "Did you mean: list:\"Home Office\"?\n"),
        (["dentist", "or", "passport"], 1, "Did you mean: dentist OR passport?\n"),
        (["title:dentist"], 1, "Did you mean: in:title dentist?\n"),
        (["dentst"], 0, "No reminder contains dentst.\nDid you mean: dentist?\n"),
    ] as [([String], Int32, String)])
    func didYouMeanSaysWhatToTry(words: [String], status: Int32, advice: String) throws {
        let result = try TroveProcess.run(["--demo", "search"] + words)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.hasSuffix(advice), "\(result.stderr)")
        let object = try json(try TroveProcess.run(["--demo", "search", "--format", "json"] + words).stdout)
        let didYouMean = try #require(object["didYouMean"] as? [String: Any])
        #expect((didYouMean["sentences"] as? [String])?.joined(separator: "\n") == String(advice.dropLast()))
    }

    // Issue 19, item 4: `pyhton`, a misspelling one reminder holds, beside `requests` used to
    // suggest "pyhton OR requests"; each word is now corrected on its own, to words found
    // together. The same in JSON.
    @Test func aMisspelledWordBesideAGoodOneIsCorrectedOnItsOwn() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        for (title, list) in [
            ("Install pyhton on the laptop", "Python"), ("python requests timeout", "Python"),
            ("python packaging guide", "Python"), ("Buy milk", "Groceries"),
        ] {
            try #require(try TroveProcess.run(["add", title, "--list", list, "--db", db]).status == 0)
        }
        let result = try TroveProcess.run(["search", "--db", db, "--typos", "off", "pyhton", "requests"])
        #expect(result.status == 1)
        #expect(result.stderr == "No reminders match pyhton requests.\nDid you mean: python requests?\n", "\(result.stderr)")
        let two = try TroveProcess.run(["search", "--db", db, "--typos", "off", "pyhton", "reqests"])
        #expect(two.stderr.hasSuffix("No reminder contains reqests.\nDid you mean: python requests?\n"), "\(two.stderr)")
        let object = try json(try TroveProcess.run(["search", "--db", db, "--format", "json", "pyhton", "requests"]).stdout)
        #expect((object["suggestions"] as? [String])?.first == "python requests")
    }

    // Issue 19, item 4: a list name at the end of the query is a prefix, as the last word is:
    // list:pyth finds the Python list's rows instead of "There is no list pyth"; with a space
    // after it, or --exact, the name is whole and there is no such list. Several lists that
    // start with it are ORed.
    @Test func aListNameAtTheEndIsAPrefix() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        for (title, list) in [("python requests timeout", "Python"), ("python packaging guide", "Python"), ("Buy milk", "Groceries")] {
            try #require(try TroveProcess.run(["add", title, "--list", list, "--db", db]).status == 0)
        }
        let typed = try TroveProcess.run(["search", "--db", db, "--format", "jsonl", "list:pyth"])
        #expect(typed.status == 0, "\(typed.stderr)")
        #expect(typed.stdout.split(separator: "\n").count == 2)
        #expect(!typed.stdout.contains("Buy milk"))
        for whole in [["list:pyth "], ["--exact", "list:pyth"]] {
            let result = try TroveProcess.run(["search", "--db", db] + whole)
            #expect(result.status == 1)
            #expect(result.stderr.contains("There is no list pyth."), "\(result.stderr)")
        }
        let both = try json(try TroveProcess.run(["--demo", "search", "--format", "json", "--all", "list:hom"]).stdout)
        let named = try json(try TroveProcess.run(["--demo", "search", "--format", "json", "--all", "list:Home", "list:\"Home Office\""]).stdout)
        #expect(both["total"] as? Int == named["total"] as? Int)
        #expect((both["total"] as? Int ?? 0) > 0)
    }

    // 100 KB of different words: the first 16 are searched, stderr says so, and the text is
    // named by its start rather than echoed whole.
    @Test func aHundredKilobytesOfDifferentWordsAreCutAndSaidSo() throws {
        var random = SplitMix64(seed: 9)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        var words: [String] = []
        var seen: Set<String> = []
        while words.joined(separator: " ").utf8.count < 100_000 {
            let word = String((0..<8).map { _ in letters[Int(random.next() % 26)] })
            if seen.insert(word).inserted { words.append(word) }
        }
        let result = try TroveProcess.run(["--demo", "search", "--", words.joined(separator: " ")])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.first == "Only the first 16 different words of the query are searched; \(grouped(words.count - 16)) more were left out.")
        #expect(lines.count >= 2 && lines[1].hasSuffix("….") && lines[1].count < 120, "\(lines.dropFirst().first ?? "")")
    }

    @Test func jsonDecodesWithEveryHitFieldInRankOrder() throws {
        let result = try TroveProcess.run(["--demo", "search", "dentist", "--format", "json"])
        #expect(result.status == 0)
        let object = try json(result.stdout)
        #expect(object["total"] as? Int == 2)
        #expect(object["completedCount"] as? Int == 0)
        #expect(object["next"] is NSNull)
        let query = try #require(object["query"] as? [String: Any])
        #expect(query["text"] as? String == "dentist")
        #expect(query["engine"] as? String == "fts")
        #expect(query["parsed"] as? String == "engine=fts terms=[+dentist*] filters=[]")
        let hits = try #require(object["hits"] as? [[String: Any]])
        #expect(hits.count == 2)
        let ranks = hits.compactMap { $0["rank"] as? Double }
        #expect(ranks == ranks.sorted())
        let first = hits[0]
        #expect(first["title"] as? String == "Dentist appointment")
        #expect(first["titleHighlighted"] as? String == "[Dentist] appointment")
        #expect(first["list"] as? String == "Health")
        #expect(first["tags"] as? [String] == ["doctor"])
        #expect(first["flagged"] as? Bool == true)
        #expect(first["completed"] as? Bool == false)
        #expect((first["notes"] as? String)?.hasPrefix("Check-up and clean") == true)
        // Keys come in the documented order, id first.
        let keys = ["\"id\"", "\"title\"", "\"notes\"", "\"list\"", "\"tags\"", "\"priority\"", "\"flagged\"",
                    "\"completed\"", "\"due\"", "\"rank\"", "\"titleHighlighted\"", "\"snippet\""]
        let positions = keys.compactMap { result.stdout.range(of: $0)?.lowerBound }
        #expect(positions.count == keys.count)
        #expect(positions == positions.sorted())
    }

    @Test func customHighlightMarkersReachJSON() throws {
        let result = try TroveProcess.run(["--demo", "search", "dentist", "--format", "json", "--highlight-open", "<b>", "--highlight-close", "</b>"])
        let hits = try #require(try json(result.stdout)["hits"] as? [[String: Any]])
        #expect(hits[0]["titleHighlighted"] as? String == "<b>Dentist</b> appointment")
    }

    @Test func jsonLinesIsOneDecodableHitPerLine() throws {
        let result = try TroveProcess.run(["--demo", "search", "--format", "jsonl", "--limit", "7"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 7)
        for line in lines {
            let hit = try json(String(line))
            #expect(hit["id"] is Int)
            #expect(hit["completed"] as? Bool == false)
        }
    }

    /// Found by the argv fuzz test: an invalid `!raw` column filter showed FTS5's own words
    /// ("no such column: due"); they are for --verbose.
    @Test func anInvalidRawColumnFilterIsSaidWithoutSQLitesWords() throws {
        let result = try TroveProcess.run(["--demo", "search", "!raw", "due:9999-12-31"])
        #expect(result.status == 2)
        #expect(!result.stderr.contains("no such column"), "\(result.stderr)")
        #expect(result.stderr.contains("title, notes or tags"))
        let verbose = try TroveProcess.run(["--demo", "search", "!raw", "due:9999-12-31", "--verbose"])
        #expect(verbose.stderr.contains("detail: no such column: due"))
    }

    @Test func csvQuotesACommaAndQuotesAndTSVEscapesTabs() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        try TroveProcess.run(["add", "Say \"hi\", then leave", "--db", db, "--notes", "line1 hi\nline2\twith tab", "--tag", "a", "--tag", "b"])
        try TroveProcess.run(["add", "Unrelated", "--db", db])
        let csv = try TroveProcess.run(["search", "hi", "--db", db, "--format", "csv"])
        #expect(csv.status == 0, "\(csv.stderr)")
        let rows = CSVTestParser.rows(csv.stdout)
        #expect(rows.count == 2)
        #expect(rows[0] == [
            "id", "uid", "title", "notes", "list", "tags", "priority", "flagged", "completed", "completedAt", "due", "repeat",
            "createdAt", "updatedAt", "completions", "icalendar", "rank", "titleHighlighted", "snippet", "matchedFields",
            "typo", "wordForm",
        ])
        #expect(rows[1][2] == "Say \"hi\", then leave")
        #expect(rows[1][3] == "line1 hi\nline2\twith tab")
        #expect(rows[1][5] == "a,b")
        #expect(rows[1][17] == "Say \"[hi]\", then leave")
        // The reminder's cells are exactly what `trove export --format csv` writes for it.
        let exported = CSVTestParser.rows(try TroveProcess.run(["export", "--format", "csv", "--db", db]).stdout)
        #expect(Array(rows[1][0...15]) == exported[1])
        #expect(csv.stdout.contains("\"Say \"\"hi\"\", then leave\""))
        let tsv = try TroveProcess.run(["search", "hi", "--db", db, "--format", "tsv"])
        let lines = tsv.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[1].split(separator: "\t", omittingEmptySubsequences: false).count == 22)
        #expect(lines[1].contains("line1 hi\\nline2\\twith tab"))
    }

    @Test func noColorAndColourChoices() throws {
        let always = try TroveProcess.run(["--demo", "search", "dentist", "--color", "always"], environment: ["NO_COLOR": "1"])
        #expect(always.stdout.contains("\u{1B}[1;33mDentist\u{1B}[22;39m"))
        let auto = try TroveProcess.run(["--demo", "search", "dentist"], environment: ["NO_COLOR": "1"])
        #expect(!auto.stdout.contains("\u{1B}"))
        // A pipe is not a terminal: no colour in auto even without NO_COLOR.
        let piped = try TroveProcess.run(["--demo", "search", "dentist", "--color", "auto"], environment: ["NO_COLOR": ""])
        #expect(!piped.stdout.contains("\u{1B}"))
        let never = try TroveProcess.run(["--demo", "search", "dentist", "--color", "never"])
        #expect(!never.stdout.contains("\u{1B}"))
        // Piped, --color never marks matches in brackets; NO_COLOR alone leaves the text as stored.
        #expect(never.stdout.contains("[Dentist]"))
        #expect(!auto.stdout.contains("[Dentist]") && auto.stdout.contains("Dentist"))
    }

    @Test func explainShowsTheSQLWithPlaceholdersAndItsBindingsThenTheCount() throws {
        let result = try TroveProcess.run(["--demo", "search", "dentist", "-cancelled", "--explain"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("query:   engine=fts terms=[+dentist, -cancelled] filters=[]"))
        #expect(result.stdout.contains("engine:  fts"))
        #expect(result.stdout.contains("WHERE (\"reminders_fts\" MATCH ?)"))
        #expect(result.stdout.contains("LIMIT ? OFFSET ?"))
        // The whole FTS5 expression is one bound value, each word quoted.
        #expect(result.stdout.contains("7: '\"dentist\" NOT \"cancelled\"'"))
        #expect(result.stdout.contains("bindings: 1: '␂'  2: '␃'"))
        #expect(result.stdout.contains("result:  2 of 2 in "))
        // No hit rows: under Trove's ranking the hits are named only to take their scores apart.
        #expect(!result.stdout.contains("Check-up and clean"))
        #expect(result.stdout.contains("ranking: Trove's score of each hit"))
        let like = try TroveProcess.run(["--demo", "search", "!like 50%", "--explain"])
        #expect(like.stdout.contains("LIKE ? ESCAPE '\\'"))
        #expect(like.stdout.contains("'%50\\%%'"))
    }

    @Test(arguments: ["offset", "after"])
    func pagesAreDisjointConsecutiveAndCoverTheTotal(paging: String) throws {
        var ids: [Int] = []
        var total = 0
        var next: [String] = []
        for _ in 0..<40 {
            let result = try TroveProcess.run(["--demo", "search", "--all", "--sort", "due", "--format", "json", "--limit", "25"] + next)
            #expect(result.status == 0, "\(result.stderr)")
            let object = try json(result.stdout)
            total = try #require(object["total"] as? Int)
            ids += try #require(object["hits"] as? [[String: Any]]).compactMap { $0["id"] as? Int }
            guard let page = object["next"] as? [String: Any] else { break }
            next = paging == "offset" ? ["--offset", String(try #require(page["offset"] as? Int))] : ["--after", try #require(page["after"] as? String)]
        }
        #expect(total == 179)
        #expect(ids.count == total)
        #expect(Set(ids).count == ids.count)
    }

    @Test func textPagingHintNamesTheNextOffset() throws {
        let result = try TroveProcess.run(["--demo", "search", "--limit", "5", "--offset", "10"])
        #expect(result.stdout.contains("11–15 of 132 (47 completed not shown; add --all)"))
        #expect(result.stdout.contains("Next page: --offset 15 or --after "))
    }
}

/// Reads RFC 4180 CSV back into rows, to check what `--format csv` writes.
enum CSVTestParser {
    static func rows(_ text: String) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], field = "", quoted = false
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if scalars.first == "\"" { field.unicodeScalars.append(scalars.removeFirst()) } else { quoted = false }
                } else {
                    field.unicodeScalars.append(scalar)
                }
            } else if scalar == "\"" {
                quoted = true
            } else if scalar == "," {
                row.append(field)
                field = ""
            } else if scalar == "\r", scalars.first == "\n" {
                scalars.removeFirst()
                rows.append(row + [field])
                row = []
                field = ""
            } else {
                field.unicodeScalars.append(scalar)
            }
        }
        return rows
    }
}

/// `12,345`, as Trove's messages write numbers.
private func grouped(_ number: Int) -> String {
    let formatter = NumberFormatter()
    formatter.numberStyle = .decimal
    formatter.locale = Locale(identifier: "en_US")
    return formatter.string(from: NSNumber(value: number)) ?? String(number)
}
