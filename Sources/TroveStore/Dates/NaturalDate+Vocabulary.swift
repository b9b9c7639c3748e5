extension NaturalDate {
    /// The words ``NaturalDate`` knows, in English.
    enum Vocabulary {
        enum Unit: Hashable {
            case day, week, month, year
        }

        /// Days from today.
        static let relativeDays: [String: Int] = [
            "today": 0, "tod": 0, "eod": 0, "tonight": 0,
            "tomorrow": 1, "tmrw": 1, "tmr": 1, "tom": 1,
            "yesterday": -1,
        ]

        /// 1 for Monday … 7 for Sunday.
        static let weekdays: [String: Int] = [
            "mon": 1, "monday": 1,
            "tue": 2, "tues": 2, "tuesday": 2,
            "wed": 3, "weds": 3, "wednesday": 3,
            "thu": 4, "thur": 4, "thurs": 4, "thursday": 4,
            "fri": 5, "friday": 5,
            "sat": 6, "saturday": 6,
            "sun": 7, "sunday": 7,
        ]

        static let months: [String: Int] = [
            "jan": 1, "january": 1, "feb": 2, "february": 2, "mar": 3, "march": 3, "apr": 4, "april": 4,
            "may": 5, "jun": 6, "june": 6, "jul": 7, "july": 7, "aug": 8, "august": 8,
            "sep": 9, "sept": 9, "september": 9, "oct": 10, "october": 10, "nov": 11, "november": 11,
            "dec": 12, "december": 12,
        ]

        static let units: [String: Unit] = [
            "day": .day, "days": .day, "d": .day,
            "week": .week, "weeks": .week, "wk": .week, "wks": .week, "w": .week,
            "month": .month, "months": .month, "mo": .month, "mos": .month,
            "year": .year, "years": .year, "yr": .year, "yrs": .year, "y": .year,
        ]

        static let countWords: [String: Int] = [
            "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10,
        ]

        /// Every word a phrase may hold, for ``NaturalDate/couldComplete(_:)``.
        static let allWords: Set<String> = Set(relativeDays.keys).union(weekdays.keys).union(months.keys)
            .union(units.keys).union(countWords.keys)
            .union(["eow", "eom", "eoy", "next", "this", "in", "end", "of", "week", "month", "year",
                    "noon", "midday", "midnight", "am", "pm"])
    }

    /// Phrases that work, for error messages and help.
    public static let examples = [
        "today", "tomorrow", "fri", "next friday", "in 3 days", "1w", "eow", "eom", "dec 24", "24 dec",
        "2026-12-24", "tomorrow 9am", "fri 17:30",
    ]
}
