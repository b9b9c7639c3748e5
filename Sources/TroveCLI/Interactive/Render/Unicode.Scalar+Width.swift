extension Unicode.Scalar {
    /// C0, DEL and C1 controls.
    var isControl: Bool { properties.generalCategory == .control }

    /// True for scalars that take no column of their own: combining marks, format characters
    /// (ZWJ, soft hyphen), variation selectors and the Hangul medial/final jamo.
    var isZeroWidth: Bool {
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: break
        }
        switch value {
        case 0x1160...0x11FF, 0xD7B0...0xD7FF: return true  // Hangul jungseong/jongseong
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF: return true  // variation selectors
        default: return false
        }
    }

    /// Regional indicator letters; two of them make a flag.
    var isRegionalIndicator: Bool { (0x1F1E6...0x1F1FF).contains(value) }

    /// East Asian Width W or F, from Unicode's EastAsianWidth.txt (the main ranges; emoji are
    /// handled separately through Emoji_Presentation).
    var isEastAsianWide: Bool {
        let v = value
        var low = 0
        var high = Self.wideRanges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let range = Self.wideRanges[mid]
            if v < range.lowerBound {
                high = mid - 1
            } else if v > range.upperBound {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }

    /// Sorted, disjoint ranges of East Asian Wide and Fullwidth code points.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul Jamo initial consonants
        0x2329...0x232A,  // angle brackets
        0x2E80...0x2E99, 0x2E9B...0x2EF3,  // CJK radicals supplement
        0x2F00...0x2FD5,  // Kangxi radicals
        0x2FF0...0x2FFF,  // ideographic description characters
        0x3000...0x303E,  // ideographic space, CJK symbols and punctuation
        0x3041...0x3096, 0x3099...0x30FF,  // Hiragana, Katakana
        0x3105...0x312F, 0x3131...0x318E,  // Bopomofo, Hangul compatibility jamo
        0x3190...0x31E5, 0x31EF...0x321E,  // Kanbun, Bopomofo ext., CJK strokes, Katakana ext.
        0x3220...0x3247, 0x3250...0x4DBF,  // enclosed CJK, CJK compatibility, Extension A
        0x4E00...0xA48C,  // CJK Unified Ideographs, Yi syllables
        0xA490...0xA4C6,  // Yi radicals
        0xA960...0xA97C,  // Hangul Jamo extended A
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE10...0xFE19,  // vertical forms
        0xFE30...0xFE52, 0xFE54...0xFE66, 0xFE68...0xFE6B,  // CJK compat. and small forms
        0xFF01...0xFF60, 0xFFE0...0xFFE6,  // fullwidth forms
        0x16FE0...0x16FE4, 0x16FF0...0x16FF1,  // ideographic symbols
        0x17000...0x18CD5, 0x18D00...0x18D08,  // Tangut, Khitan
        0x1AFF0...0x1B2FB,  // Kana extended and supplement, Nushu
        0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,  // CJK extensions B and later
    ]
}
