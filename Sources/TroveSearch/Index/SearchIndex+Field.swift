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

        /// A searched column with its weight.
        public init(_ column: String, weight: Double = 1, lengthNormalization: Double = 0.75) {
            self.column = column
            self.weight = weight
            self.lengthNormalization = lengthNormalization
        }
    }
}
