extension SearchIndex {
    /// A text column of the app's table that the index searches, and how much a match in it
    /// counts (BM25F: see ``TroveRanking``).
    ///
    /// ```swift
    /// SearchIndex.Field("title", weight: 10)   // a word in the title counts 10 times one in the body
    /// SearchIndex.Field("body")                // weight 1
    /// ```
    public struct Field: Hashable, Sendable {
        /// The column's name in the app's table.
        public var column: String
        /// How much one occurrence counts, before length normalisation; positive.
        public var weight: Double
        /// How much the column's length normalises its count: 0 none, 1 fully; 0.75 as the
        /// reminders' fields.
        public var lengthNormalization: Double

        /// Whether the column holds names joined by commas, as a reminder's tags (`errand, home`):
        /// a whole name equal to a query word, or to the whole query, counts more (the tag boost,
        /// ``TroveRanking/tagEquals``). At most one field of an index.
        public var holdsNames: Bool

        /// A searched column with its weight; `holdsNames` for a column of names joined by
        /// commas, whose whole names the ranking favours.
        ///
        /// ```swift
        /// SearchIndex.Field("tags", weight: 2, holdsNames: true)   // "call" ranks the tag call above "recall"
        /// ```
        public init(_ column: String, weight: Double = 1, lengthNormalization: Double = 0.75, holdsNames: Bool = false) {
            self.column = column
            self.weight = weight
            self.lengthNormalization = lengthNormalization
            self.holdsNames = holdsNames
        }
    }
}
