/// Which face of a chain sets a character (a grapheme cluster): the first
/// that has glyphs for all its visible scalars, so a base and its marks, or
/// an emoji sequence, are shaped by one font. Characters that ask for emoji
/// presentation (U+FE0F, or emoji that default to it, such as 😀) try the
/// chain's colour faces first, as Apple's and Android's text stacks do;
/// every other character tries the outline faces first. A space stays in
/// the face of the character before it when that face has it, so a run of
/// fallback text (Devanagari, CJK) is not cut into pieces at its spaces.
enum FaceChoice {
    /// The index in `chain`, or nil when no face has the character (it is
    /// then missing). A character with nothing visible (a lone joiner) stays
    /// with `previous`.
    static func face(for scalars: [UInt32], in chain: [FontFace], previous: Int?) -> Int? {
        let needed = scalars.filter { v in
            guard let s = Unicode.Scalar(v) else { return false }
            return !s.properties.isDefaultIgnorableCodePoint
        }
        guard !needed.isEmpty else { return previous ?? 0 }
        if let previous, !chain[previous].isColor,
           needed.allSatisfy({ Unicode.Scalar($0)!.properties.isWhitespace && chain[previous].glyph(for: Unicode.Scalar($0)!) != nil }) {
            return previous
        }
        let color = wantsColor(scalars)
        for pass in [color, !color] {
            for (i, face) in chain.enumerated() where face.isColor == pass {
                if needed.allSatisfy({ face.glyph(for: Unicode.Scalar($0)!) != nil }) { return i }
            }
        }
        return nil
    }

    /// Emoji presentation: an explicit U+FE0F, or a default-emoji scalar
    /// without U+FE0E.
    static func wantsColor(_ scalars: [UInt32]) -> Bool {
        if scalars.contains(0xFE0F) { return true }
        if scalars.contains(0xFE0E) { return false }
        guard let first = scalars.first, let s = Unicode.Scalar(first) else { return false }
        return s.properties.isEmojiPresentation
    }
}
