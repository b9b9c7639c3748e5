public import Foundation

/// Marks a run of an `AttributedString` as a match of the search (see
/// `AttributedString(highlighted:style:)`): `run.troveSearchMatch == true`.
public enum TroveSearchMatchAttribute: AttributedStringKey {
    public typealias Value = Bool
    public static let name = "TroveSearchMatch"
}

extension AttributeScopes {
    /// Trove's attributes: ``TroveSearchMatchAttribute``, and Foundation's.
    public struct TroveAttributes: AttributeScope {
        /// The runs that matched the search.
        public let troveSearchMatch: TroveSearchMatchAttribute
        /// Foundation's own, such as `inlinePresentationIntent`.
        public let foundation: FoundationAttributes
    }

    /// Trove's attributes, for `AttributedString`'s `run.troveSearchMatch`.
    public var trove: TroveAttributes.Type { TroveAttributes.self }
}

extension AttributeDynamicLookup {
    /// `run.troveSearchMatch` and `string[range].troveSearchMatch`.
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.TroveAttributes, T>) -> T {
        self[T.self]
    }
}

extension HighlightStyle {
    /// Marks that no text holds (two private-use characters, U+E000 and U+E001), so that
    /// `AttributedString(highlighted:style:)` finds exactly the matches even in text that
    /// holds `[` or `]`: search with `highlight: .attributed` when the hits are shown as
    /// `AttributedString`s.
    public static let attributed = HighlightStyle(open: "\u{E000}", close: "\u{E001}")
}

extension AttributedString {
    /// A hit's marked title, field or snippet as an `AttributedString`: the marks removed, and
    /// each match a run with ``TroveSearchMatchAttribute`` set, for the app to style.
    ///
    /// ```swift
    /// let results = try notes.search("sourdough", on: db, highlight: .attributed)
    /// let title = AttributedString(highlighted: results.hits[0].highlighted["title"]!, style: .attributed)
    /// // "Sourdough loaf", with "Sourdough" a run whose troveSearchMatch is true
    /// title.runs.filter { $0.troveSearchMatch == true }.map { String(title[$0.range].characters) }   // ["Sourdough"]
    /// for run in title.runs where run.troveSearchMatch == true { title[run.range].font = .body.bold() }   // SwiftUI
    /// ```
    ///
    /// A mark with no closing mark after it is kept as text. With ``HighlightStyle/brackets``
    /// a `[` in the text itself reads as a mark; ``HighlightStyle/attributed`` has no such case.
    ///
    /// - Parameters:
    ///   - text: Text marked with `style`, as a hit holds it.
    ///   - style: The style the search marked it with: the request's `highlight`.
    public init(highlighted text: String, style: HighlightStyle = .brackets) {
        self.init()
        guard !style.open.isEmpty, !style.close.isEmpty else {
            self = AttributedString(text)
            return
        }
        var rest = text[...]
        while let open = rest.range(of: style.open),
            let close = rest[open.upperBound...].range(of: style.close)
        {
            append(AttributedString(String(rest[..<open.lowerBound])))
            var match = AttributedString(String(rest[open.upperBound..<close.lowerBound]))
            match[TroveSearchMatchAttribute.self] = true
            append(match)
            rest = rest[close.upperBound...]
        }
        append(AttributedString(String(rest)))
    }
}

extension SearchHit {
    /// ``titleHighlighted`` as an `AttributedString`, each match a run with
    /// ``TroveSearchMatchAttribute`` set; `style` is the request's `highlight`.
    public func attributedTitle(style: HighlightStyle = .brackets) -> AttributedString {
        AttributedString(highlighted: titleHighlighted, style: style)
    }

    /// ``snippet`` as an `AttributedString`; see ``attributedTitle(style:)``.
    public func attributedSnippet(style: HighlightStyle = .brackets) -> AttributedString {
        AttributedString(highlighted: snippet, style: style)
    }
}

extension IndexHit {
    /// A field's marked text as an `AttributedString`, each match a run with
    /// ``TroveSearchMatchAttribute`` set; `style` is the search's `highlight`. Empty for a
    /// column the index does not search.
    ///
    /// ```swift
    /// hit.attributed("title", style: .attributed)   // "Sourdough loaf", "Sourdough" marked
    /// ```
    public func attributed(_ field: String, style: HighlightStyle = .brackets) -> AttributedString {
        AttributedString(highlighted: highlighted[field] ?? "", style: style)
    }

    /// ``snippet`` as an `AttributedString`; see ``attributed(_:style:)``.
    public func attributedSnippet(style: HighlightStyle = .brackets) -> AttributedString {
        AttributedString(highlighted: snippet, style: style)
    }
}
